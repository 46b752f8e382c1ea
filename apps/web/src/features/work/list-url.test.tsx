import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { renderPayments } from '../payments/payments-test-kit';
import { savedFilter, workApi } from './work-test-kit';

/**
 * issue 24: the work list's and the payments' filters and search live in the URL's query, so
 * a filtered list can be bookmarked and shared, and a reload keeps it.
 */
const listQueries = (calls: RecordedCall[], table: string) =>
  calls
    .filter((call) => call.method === 'GET' && new RegExp(`^/api/${table}(\\?|$)`).test(call.path))
    .map((call) => new URL(call.path, 'http://localhost').searchParams);

const SLOW = { timeout: 5000 };

describe('lists in the URL', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the documents with the filters and search of a shared link, before the saved ones', async () => {
    const calls = workApi({
      'GET /api/savedFilter/:table': () => savedFilter(['status:archived'], '2026-03-01T08:00:00Z'),
    });
    const app = renderApp(
      '/o/org-1/work/index?filter=documentTypeId%3A2&filter=totalAmount%3A100..&search=lipa',
    );
    await waitFor(() => expect(listQueries(calls, 'doc')).toHaveLength(1), SLOW);
    const [query] = listQueries(calls, 'doc');
    expect(query?.getAll('filter')).toEqual(['documentTypeId:2', 'totalAmount:100..']);
    expect(query?.get('search')).toBe('lipa');
    expect(screen.getByTestId<HTMLInputElement>('grid-search').value).toBe('lipa');
    // The address keeps the link's filters.
    await waitFor(() =>
      expect(app.location()).toBe(
        '/o/org-1/work/index?filter=documentTypeId%3A2&filter=totalAmount%3A100..&search=lipa',
      ),
    );
  });

  it('puts the saved filters and a typed search into the address, replacing the entry', async () => {
    const calls = workApi({
      'GET /api/savedFilter/:table': () => savedFilter(['status:draft'], '2026-03-01T08:00:00Z'),
    });
    const app = renderApp('/o/org-1/work/index');
    await waitFor(
      () => expect(app.location()).toBe('/o/org-1/work/index?filter=status%3Adraft'),
      SLOW,
    );
    const box = await screen.findByTestId<HTMLInputElement>('grid-search');
    await userEvent.type(box, 'R-2');
    await waitFor(() =>
      expect(app.location()).toBe('/o/org-1/work/index?filter=status%3Adraft&search=R-2'),
    );
    // Replaced, not pushed: Back leaves the list instead of stepping through each letter.
    expect(app.router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(listQueries(calls, 'doc').at(-1)?.get('search')).toBe('R-2'));
    expect(listQueries(calls, 'doc').at(-1)?.getAll('filter')).toEqual(['status:draft']);

    // A reload (the same address opened again) lists the same.
    await act(() => app.router.navigate('/o/org-1/work/edit'));
    await act(() => app.router.navigate('/o/org-1/work/index?filter=status%3Adraft&search=R-2'));
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>('grid-search').value).toBe('R-2'),
    );
  });

  it('keeps the payments’ search in the address and lists with it', async () => {
    const { calls, location } = renderPayments('/o/org-1/payments?search=alpe');
    await waitFor(() => expect(listQueries(calls, 'payOrder')).toHaveLength(1), SLOW);
    expect(listQueries(calls, 'payOrder')[0]?.get('search')).toBe('alpe');
    const box = screen.getByTestId<HTMLInputElement>('grid-search');
    expect(box.value).toBe('alpe');
    await userEvent.clear(box);
    await userEvent.type(box, 'bor');
    await waitFor(() => expect(location()).toBe('/o/org-1/payments?search=bor'));
    await waitFor(() => expect(listQueries(calls, 'payOrder').at(-1)?.get('search')).toBe('bor'));
  });
});
