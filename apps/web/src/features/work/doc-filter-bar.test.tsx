import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, json, type Handler, type RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { savedFilter, workApi } from './work-test-kit';

const listFilters = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && /^\/api\/doc(\?|$)/.test(call.path))
    .map((call) => new URL(call.path, 'http://localhost').searchParams.getAll('filter'));

const saves = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'PUT' && call.path === '/api/savedFilter/doc')
    .map((call) => (call.body as { filter: string[] }).filter);

const lookups: Record<string, Handler> = {
  'GET /api/cl/documentType': () =>
    json({
      items: [
        { id: 1, key: 'dt-1', displayTitle: 'CRN', code: 'CRN', name: 'Credit note' },
        { id: 2, key: 'dt-2', displayTitle: 'INV', code: 'INV', name: 'Invoice' },
      ],
      nextCursor: null,
    }),
  'GET /api/cl/partner': () =>
    json({
      items: [{ id: 7, key: 'p-7', displayTitle: 'Lipa', code: 'P7', name: 'Lipa d.o.o.' }],
      nextCursor: null,
    }),
};

// The page and its lookups load lazily: under a busy run their first answers can take a while.
const SLOW = { timeout: 5000 };

const field = (name: string) => screen.getByTestId<HTMLInputElement>(`field-${name}`);

async function typeDate(name: string, text: string) {
  await userEvent.clear(field(name));
  await userEvent.type(field(name), `${text}{Enter}`);
}

describe('document list filter bar', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('restores the saved filters before the list is asked for, and lists with them', async () => {
    let answer = (_: Response) => {};
    const held = new Promise<Response>((resolve) => (answer = resolve));
    const saved = [
      'documentTypeId:2',
      'customerKey:p-7',
      'issueDate:2026-01-01..2026-01-31',
      'totalAmount:100.00..',
    ];
    const calls = workApi({ ...lookups, 'GET /api/savedFilter/:table': () => held });
    renderApp('/o/org-1/work/index?filterId=drafts');
    await screen.findByTestId('doc-filter-bar', {}, SLOW);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/tile')).toBe(true), SLOW);
    expect(listFilters(calls)).toEqual([]);

    answer(savedFilter(saved, '2026-03-01T08:00:00.000Z'));
    await waitFor(() => expect(listFilters(calls)).toHaveLength(1), SLOW);
    expect(listFilters(calls)[0]).toEqual(['status:draft', ...saved]);
    await waitFor(() => expect(field('documentTypeId').value).toBe('INV – Invoice'), SLOW);
    await waitFor(() => expect(field('customerKey').value).toBe('P7 – Lipa d.o.o.'), SLOW);
    expect(field('issueDateFrom').value).toBe('01.01.2026');
    expect(field('issueDateTo').value).toBe('31.01.2026');
    expect(field('totalAmountFrom').value).toBe('100,00');
    expect(field('totalAmountTo').value).toBe('');
    expect(screen.getByTestId('doc-filter-count').textContent).toBe(en('work.filters.active', 4));
    expect(saves(calls)).toEqual([]);
  });

  it('sends a date range, an amount range and a type as filters, and saves each change', async () => {
    const calls = workApi(lookups);
    renderApp('/o/org-1/work/index');
    await waitFor(() => expect(listFilters(calls)).toEqual([[]]), SLOW);

    await typeDate('issueDateFrom', '1.1.2026');
    await waitFor(
      () => expect(listFilters(calls).at(-1)).toEqual(['issueDate:2026-01-01..']),
      SLOW,
    );
    await typeDate('issueDateTo', '31.1.2026');
    const dates = 'issueDate:2026-01-01..2026-01-31';
    await waitFor(() => expect(listFilters(calls).at(-1)).toEqual([dates]), SLOW);
    await waitFor(() => expect(saves(calls)).toEqual([['issueDate:2026-01-01..'], [dates]]), SLOW);

    await userEvent.type(field('totalAmountFrom'), '100');
    await userEvent.type(field('totalAmountTo'), '250,5');
    const amounts = 'totalAmount:100.00..250.50';
    await waitFor(() => expect(listFilters(calls).at(-1)).toEqual([dates, amounts]), SLOW);
    await waitFor(() => expect(saves(calls)).toHaveLength(3), SLOW);
    // The typing settles before anything is sent: one list call and one save for both amounts.
    expect(saves(calls)[2]).toEqual([dates, amounts]);
    expect(
      listFilters(calls).filter((filter) => filter.some((f) => f.startsWith('totalAmount'))),
    ).toHaveLength(1);

    await userEvent.click(field('documentTypeId'));
    await userEvent.click(await screen.findByRole('option', { name: 'INV – Invoice' }, SLOW));
    const all = ['documentTypeId:2', dates, amounts];
    await waitFor(() => expect(listFilters(calls).at(-1)).toEqual(all), SLOW);
    await waitFor(() => expect(saves(calls).at(-1)).toEqual(all), SLOW);
    expect(saves(calls)).toHaveLength(4);
    expect(screen.getByTestId('doc-filter-count').textContent).toBe(en('work.filters.active', 3));
  });

  it('clears every filter: the list is asked without them and an empty list is saved', async () => {
    const saved = ['customerKey:p-7', 'issueDate:..2026-02-28', 'captureState:failed'];
    const calls = workApi({ ...lookups, 'GET /api/savedFilter/:table': () => savedFilter(saved) });
    renderApp('/o/org-1/work/index');
    await waitFor(() => expect(listFilters(calls)).toEqual([saved]), SLOW);
    expect(screen.getByTestId('doc-filter-count').textContent).toBe(en('work.filters.active', 3));

    await userEvent.click(screen.getByRole('button', { name: en('work.filters.clear') }));
    await waitFor(() => expect(listFilters(calls).at(-1)).toEqual([]), SLOW);
    await waitFor(() => expect(saves(calls)).toEqual([[]]), SLOW);
    expect(field('customerKey').value).toBe('');
    expect(field('issueDateTo').value).toBe('');
    expect(screen.getByTestId('doc-filter-count').textContent).toBe(en('work.filters.active', 0));
    expect(screen.getByTestId<HTMLButtonElement>('doc-filter-clear').disabled).toBe(true);
  });

  it("shows the server's message when the filters cannot be saved", async () => {
    let refuse = true;
    workApi({
      'PUT /api/savedFilter/:table': ({ body }) =>
        refuse
          ? apiError(400, 'Filter issueDate: 2026-01-01.. is not allowed here.', 'Bad Request')
          : savedFilter((body as { filter: string[] }).filter),
    });
    renderApp('/o/org-1/work/index');
    await screen.findByTestId('grid-table', {}, SLOW);

    await typeDate('issueDateFrom', '1.1.2026');
    expect((await screen.findByTestId('doc-filter-save-error', {}, SLOW)).textContent).toBe(
      `${en('work.filters.saveFailed')}\nFilter issueDate: 2026-01-01.. is not allowed here.`,
    );

    refuse = false;
    await typeDate('issueDateTo', '2.1.2026');
    await waitFor(() => expect(screen.queryByTestId('doc-filter-save-error')).toBeNull(), SLOW);
  });

  it('still saves an amount typed just before the list is left', async () => {
    const calls = workApi();
    const app = renderApp('/o/org-1/work/index');
    await waitFor(() => expect(screen.getAllByTestId('grid-row')).toHaveLength(2), SLOW);

    await userEvent.type(field('totalAmountFrom'), '50');
    await userEvent.dblClick(
      screen.getAllByTestId('grid-row')[0]?.querySelectorAll('td')[1] as HTMLElement,
    );
    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/edit/d-1'), SLOW);
    await waitFor(() => expect(saves(calls).at(-1)).toEqual(['totalAmount:50.00..']), SLOW);
  });

  it('lists without saved filters, and says so, when they cannot be read', async () => {
    const calls = workApi({
      'GET /api/savedFilter/:table': () => apiError(500, 'The database is not available.'),
    });
    renderApp('/o/org-1/work/index?filterId=drafts');
    await waitFor(() => expect(listFilters(calls)).toEqual([['status:draft']]), SLOW);
    expect(screen.getByTestId('doc-filter-load-error').textContent).toBe(
      `${en('work.filters.loadFailed')}\nThe database is not available.`,
    );
  });
});
