import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { renderApp } from '../../test/render';
import { agingCashApi } from './aging-cash-fixtures';
import { reportCalls } from './reports-test-kit';

/**
 * Issue 27: with no day in the address, aging and cash needed are read for the user's today by
 * the server, and their filter shows the day the answer was read for (the fixtures answer
 * 5 November for aging, 2 November for cash), not an empty field; the address is left to the
 * server until the user changes the day.
 */
afterEach(() => vi.restoreAllMocks());

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(en(label));

describe('The day aging and cash needed were read for (issue 27)', { timeout: 30_000 }, () => {
  it("shows aging's day from the answer, and writes only what the user changed", async () => {
    const calls = agingCashApi();
    const app = renderApp('/o/org-1/reports/aging');
    await screen.findByTestId('aging-table');
    expect(reportCalls(calls, '/api/report/aging')).toEqual([{}]);
    await waitFor(() => expect(field('reports.filter.asOf').value).toBe('05.11.2026'));
    expect(app.location()).toBe('/o/org-1/reports/aging');
    // Another filter goes into the address alone; the day still shows the answer's.
    await userEvent.click(screen.getByTestId('field-costCenter'));
    await userEvent.click(await screen.findByRole('option', { name: 'S10 – Sales' }));
    await waitFor(() => expect(app.location()).toBe('/o/org-1/reports/aging?costCenter=S10'));
    expect(field('reports.filter.asOf').value).toBe('05.11.2026');
    // A day the user types is the address's.
    await userEvent.clear(field('reports.filter.asOf'));
    await userEvent.type(field('reports.filter.asOf'), '30.09.2026');
    await userEvent.tab();
    await waitFor(() =>
      expect(app.location()).toBe('/o/org-1/reports/aging?costCenter=S10&asOf=2026-09-30'),
    );
    await waitFor(() =>
      expect(reportCalls(calls, '/api/report/aging').at(-1)).toEqual({
        asOf: '2026-09-30',
        costCenter: 'S10',
      }),
    );
  });

  it("shows cash needed's first day from the answer, leaving the address as it is", async () => {
    const calls = agingCashApi();
    const app = renderApp('/o/org-1/reports/cash');
    await screen.findByTestId('cash-table');
    expect(reportCalls(calls, '/api/report/cash')).toEqual([{}]);
    await waitFor(() => expect(field('reports.filter.from').value).toBe('02.11.2026'));
    expect(app.location()).toBe('/o/org-1/reports/cash');
  });

  it('shows the day of the answer across the organisations too', async () => {
    const calls = agingCashApi(2);
    const app = renderApp('/o/org-1/reports/aging?across=1');
    await screen.findByTestId('aging-across-table');
    expect(reportCalls(calls, '/api/reports/aging')).toEqual([{}]);
    await waitFor(() => expect(field('reports.filter.asOf').value).toBe('05.11.2026'));
    expect(app.location()).toBe('/o/org-1/reports/aging?across=1');
    await userEvent.click(screen.getByTestId('reports-tab-cash'));
    await waitFor(() => expect(app.location()).toBe('/o/org-1/reports/cash'));
    await userEvent.click(await screen.findByTestId('report-across'));
    await screen.findByTestId('cash-across-table');
    expect(reportCalls(calls, '/api/reports/cash')).toEqual([{}]);
    await waitFor(() => expect(field('reports.filter.from').value).toBe('02.11.2026'));
    expect(app.location()).toBe('/o/org-1/reports/cash?across=1');
  });
});
