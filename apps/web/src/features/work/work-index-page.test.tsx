import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { apiError, json, type RecordedCall } from '../../test/fake-api';
import { screenOfWidth } from '../../test/media';
import { renderApp } from '../../test/render';
import { docRow, workApi } from './work-test-kit';

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && /^\/api\/doc(\?|$)/.test(call.path))
    .map((call) => new URL(call.path, 'http://localhost').searchParams);

const rowTitles = () =>
  screen.queryAllByTestId('grid-row').map((row) => row.querySelectorAll('td')[1]?.textContent);

const checkbox = (title: string) =>
  screen.getByRole('checkbox', { name: en('grid.selectRow', title) });

describe('document list', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("lists with the tile's filter and the search of the address", async () => {
    const calls = workApi();
    renderApp('/o/org-1/work/index?filterId=drafts&search=lipa');
    await waitFor(() => expect(rowTitles()).toEqual(['R-000001', 'R-000002']));
    const [query] = listCalls(calls);
    expect(query?.getAll('filter')).toEqual(['status:draft']);
    expect(query?.get('search')).toBe('lipa');
    expect(listCalls(calls)).toHaveLength(1);
    expect(screen.getByTestId<HTMLInputElement>('grid-search').value).toBe('lipa');
    expect(screen.getByTestId('work-filter-label').textContent).toBe('Drafts');
    expect(screen.getByTestId('work-search-text').textContent).toBe(
      en('work.documents.searchFor', 'lipa'),
    );
    const sidebar = screen.getByTestId('work-sidebar');
    expect(within(sidebar).getByTestId('work-tile-drafts').getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('searches without a filter for filterId=search, and opens a row in the editor', async () => {
    const calls = workApi();
    const app = renderApp('/o/org-1/work/index?filterId=search&search=R-2');
    await waitFor(() => expect(rowTitles()).toHaveLength(2));
    const [query] = listCalls(calls);
    expect(query?.getAll('filter')).toEqual([]);
    expect(query?.get('search')).toBe('R-2');

    await userEvent.dblClick(
      screen.getAllByTestId('grid-row')[1]?.querySelectorAll('td')[1] as HTMLElement,
    );
    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/edit/d-2'));
  });

  it('activates the selected documents and offers undo, or shows why not', async () => {
    let refuse = false;
    const calls = workApi({
      'POST /api/doc/activate': ({ body }) =>
        refuse
          ? apiError(400, 'R-000001: this field is needed before the document is activated.')
          : json({
              items: (body as { keys: string[] }).keys.map((_, i) => docRow(i + 1)),
              undoId: 'u-7',
            }),
    });
    renderApp('/o/org-1/work/index?filterId=drafts');
    await waitFor(() => expect(rowTitles()).toHaveLength(2));
    await userEvent.click(checkbox('R-000002'));
    await userEvent.click(checkbox('R-000001'));
    await userEvent.click(screen.getByTestId('work-activate-selected'));

    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/doc/activate')?.body).toEqual({
        keys: ['d-1', 'd-2'],
      }),
    );
    expect(await screen.findByText(en('schemaForm.undo.saved'))).toBeTruthy();
    // The activated rows leave the selection, and the list is asked again.
    await waitFor(() => expect(screen.queryByTestId('work-activate-selected')).toBeNull());
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));

    refuse = true;
    await userEvent.click(checkbox('R-000001'));
    await userEvent.click(screen.getByTestId('work-activate-selected'));
    expect((await screen.findByTestId('work-bulk-error')).textContent).toBe(
      'R-000001: this field is needed before the document is activated.',
    );
  });

  it('asks about suspected duplicates before activating, and activates anyway on Continue anyway', async () => {
    const duplicate = en('warnings.doc.duplicate.amountAndDate', 'R-000002', 'R-000007');
    const calls = workApi({
      'POST /api/doc/activate': ({ path, body }) =>
        path.includes('ignoreWarnings=true')
          ? json({
              items: (body as { keys: string[] }).keys.map((_, i) => docRow(i + 1, 'active')),
              undoId: 'u-8',
            })
          : json(
              {
                error: [],
                warning: [{ code: 'warnings.doc.duplicate.amountAndDate', msg: duplicate }],
              },
              400,
            ),
    });
    const activations = () =>
      calls
        .filter((call) => call.path.startsWith('/api/doc/activate'))
        .map((call) => [call.path, call.body]);
    renderApp('/o/org-1/work/index?filterId=drafts');
    await waitFor(() => expect(rowTitles()).toHaveLength(2));
    await userEvent.click(checkbox('R-000001'));
    await userEvent.click(checkbox('R-000002'));

    // Cancel: nothing more is sent, and nothing leaves the selection.
    await userEvent.click(screen.getByTestId('work-activate-selected'));
    let question = await screen.findByTestId('work-bulk-warnings');
    expect(
      within(question).getByRole('heading', { name: en('schemaForm.dialog.errorTitle') }),
    ).toBeTruthy();
    expect(within(question).getByTestId('work-bulk-warnings-text').textContent).toBe(
      `${en('common.error.infoPrefix')} ${duplicate}`,
    );
    await userEvent.click(within(question).getByTestId('work-bulk-warnings-cancel'));
    await waitFor(() => expect(screen.queryByTestId('work-bulk-warnings')).toBeNull());
    expect(activations()).toEqual([['/api/doc/activate', { keys: ['d-1', 'd-2'] }]]);
    expect(screen.getByTestId('work-activate-selected').textContent).toBe(
      en('work.documents.activateSelected', 2),
    );
    expect(screen.queryByTestId('work-bulk-error')).toBeNull();

    // Continue anyway: the same documents, ignoring the warnings.
    const listed = listCalls(calls).length;
    await userEvent.click(screen.getByTestId('work-activate-selected'));
    question = await screen.findByTestId('work-bulk-warnings');
    await userEvent.click(
      within(question).getByRole('button', { name: en('schemaForm.dialog.continueAnyway') }),
    );
    await waitFor(() => expect(screen.queryByTestId('work-activate-selected')).toBeNull());
    expect(activations()).toEqual([
      ['/api/doc/activate', { keys: ['d-1', 'd-2'] }],
      ['/api/doc/activate', { keys: ['d-1', 'd-2'] }],
      ['/api/doc/activate?ignoreWarnings=true', { keys: ['d-1', 'd-2'] }],
    ]);
    expect(await screen.findByText(en('schemaForm.undo.saved'))).toBeTruthy();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listed));
    expect(screen.queryByTestId('work-bulk-warnings')).toBeNull();
  });

  it('downloads the selected documents as one zip under the server name', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:work-test');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const calls = workApi({
      'POST /api/doc/download': () =>
        new Response('zip', {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="dokumenti.zip"',
          },
        }),
    });
    renderApp('/o/org-1/work/index');
    await waitFor(() => expect(rowTitles()).toHaveLength(2));
    await userEvent.click(checkbox('R-000002'));
    await userEvent.click(screen.getByTestId('work-download-selected'));

    await waitFor(() => expect(saved).toEqual(['dokumenti.zip']));
    const call = calls.find((c) => c.path.startsWith('/api/doc/download'));
    expect(call?.path).toBe('/api/doc/download?mode=zip');
    expect(call?.body).toEqual({ keys: ['d-2'] });
  });

  it('offers no activation or confirmation for archived documents (issue 24)', async () => {
    workApi({}, [docRow(1, 'archived'), docRow(2, 'archived'), docRow(3, 'draft')]);
    renderApp('/o/org-1/work/index?filterId=drafts');
    await waitFor(() => expect(rowTitles()).toHaveLength(3));
    await userEvent.click(checkbox('R-000001'));
    await userEvent.click(checkbox('R-000002'));
    const activate = () => screen.getByTestId<HTMLButtonElement>('work-activate-selected');
    const confirm = () => screen.getByTestId<HTMLButtonElement>('work-confirm-selected');
    expect(activate().disabled).toBe(true);
    expect(confirm().disabled).toBe(true);
    // A draft among them may be activated: the action is offered again.
    await userEvent.click(checkbox('R-000003'));
    expect(activate().disabled).toBe(false);
    expect(confirm().disabled).toBe(true);
  });

  it('offers no confirming of a task the user confirmed already, nor of one in no workflow (issue 24)', async () => {
    workApi({}, [
      docRow(1, 'active', { isMyTask: true, isConfirmedByMe: true }),
      docRow(2, 'active', { isMyTask: true, isInWorkflow: false }),
    ]);
    renderApp('/o/org-1/work/index?filterId=drafts');
    await waitFor(() => expect(rowTitles()).toHaveLength(2));
    const confirm = () => screen.getByTestId<HTMLButtonElement>('work-confirm-selected');
    await userEvent.click(checkbox('R-000001'));
    await userEvent.click(checkbox('R-000002'));
    expect(confirm().disabled).toBe(true);
  });

  it("offers confirming and deleting an active document only where the server says it is the user's task (issue 24)", async () => {
    workApi({}, [docRow(1, 'active'), docRow(2, 'active', { isMyTask: true })]);
    renderApp('/o/org-1/work/index?filterId=drafts');
    await waitFor(() => expect(rowTitles()).toHaveLength(2));
    const confirm = () => screen.getByTestId<HTMLButtonElement>('work-confirm-selected');
    await userEvent.click(checkbox('R-000001'));
    expect(confirm().disabled).toBe(true);
    expect(screen.queryByTestId('grid-delete-selected')).toBeNull();
    await userEvent.click(checkbox('R-000001'));
    await userEvent.click(checkbox('R-000002'));
    expect(confirm().disabled).toBe(false);
    expect(screen.getByTestId('grid-delete-selected')).toBeTruthy();
  });

  it('offers no delete to a non-admin while an archived document is selected (issue 24)', async () => {
    workApi({}, [docRow(1, 'archived'), docRow(2, 'draft')]);
    renderApp('/o/org-1/work/index?filterId=drafts');
    await waitFor(() => expect(rowTitles()).toHaveLength(2));
    await userEvent.click(checkbox('R-000002'));
    expect(screen.getByTestId('grid-delete-selected')).toBeTruthy();
    await userEvent.click(checkbox('R-000001'));
    expect(screen.queryByTestId('grid-delete-selected')).toBeNull();
    await userEvent.click(checkbox('R-000002'));
    expect(screen.queryByTestId('grid-delete-selected')).toBeNull();
  });
});

describe('document list on a phone (issue 26)', () => {
  let undo: () => void = () => undefined;
  afterEach(() => undo());

  it('lists the documents as rows to tap instead of the grid, and opens one', async () => {
    undo = screenOfWidth(390);
    workApi({}, [
      docRow(1, 'active', { customerKeyCb: 'LIPA – Lipa d.o.o.' }),
      docRow(2, 'active', { customerKeyCb: 'BOR – Bor d.o.o.' }),
    ]);
    const app = renderApp('/o/org-1/work/index?filterId=drafts');
    await waitFor(() => expect(screen.getAllByTestId('doc-phone-row')).toHaveLength(2));
    const [first] = screen.getAllByTestId('doc-phone-row');
    expect(first?.textContent).toContain('R-000001');
    expect(first?.textContent).toContain('LIPA – Lipa d.o.o.');
    expect(first?.textContent).toContain('101,00');
    expect(screen.queryByTestId('grid-row')).toBeNull();

    await userEvent.click(first as HTMLElement);
    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/edit/d-1'));
  });
});
