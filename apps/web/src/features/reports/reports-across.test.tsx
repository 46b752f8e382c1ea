import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { screenOfWidth } from '../../test/media';
import { renderApp } from '../../test/render';
import { agingCashApi } from './aging-cash-fixtures';
import { cellsOf, reportCalls } from './reports-test-kit';

/**
 * Issue 27: aging and cash needed across the organisations of the user (a line per
 * organisation, charts stacked by organisation), and how the reports are reached.
 */
afterEach(() => vi.restoreAllMocks());

describe('Reports across organisations, and the way in (issue 27)', { timeout: 30_000 }, () => {
  it('shows one line per organisation across the organisations of the user', async () => {
    const calls = agingCashApi(2);
    const app = renderApp('/o/org-1/reports/aging?asOf=2026-11-05');
    await screen.findByTestId('aging-table');
    await userEvent.click(screen.getByTestId('report-across'));
    const table = await screen.findByTestId('aging-across-table');
    expect(app.location()).toBe('/o/org-1/reports/aging?asOf=2026-11-05&across=1');
    expect(reportCalls(calls, '/api/reports/aging')).toEqual([{ asOf: '2026-11-05' }]);
    expect(
      within(table)
        .getAllByTestId('aging-across-row')
        .map((row) => [cellsOf(row)[0], cellsOf(row).at(-1)]),
    ).toEqual([
      ['Org 01 d.o.o.', '1.960,78\u00a0EUR'],
      ['Org 01 d.o.o.', '500,00\u00a0USD'],
      ['Org 02 d.o.o.', '61,00\u00a0EUR'],
    ]);
    // The chart: the buckets stacked by organisation, in the first currency, named in the legend.
    const chart = screen.getByTestId('report-chart');
    expect(chart.getAttribute('aria-describedby')).toBe('report-table');
    expect(within(chart).getByText(en('reports.aging.acrossChart', 'EUR'))).toBeTruthy();
    expect(within(chart).getByText('Org 01 d.o.o.')).toBeTruthy();
    expect(within(chart).getByText('Org 02 d.o.o.')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('report-currency').value).toBe('EUR');
  });

  it('shows cash needed across the organisations as weeks stacked by organisation', async () => {
    const calls = agingCashApi(2);
    renderApp('/o/org-1/reports/cash?from=2026-11-02&across=1');
    const table = await screen.findByTestId('cash-across-table');
    expect(reportCalls(calls, '/api/reports/cash')).toEqual([{ from: '2026-11-02' }]);
    expect(
      within(table)
        .getAllByTestId('cash-across-row')
        .map((row) => [cellsOf(row)[0], cellsOf(row)[1], cellsOf(row).at(-1)]),
    ).toEqual([
      ['Org 01 d.o.o.', en('reports.overdue'), '1.488,78\u00a0EUR'],
      ['Org 02 d.o.o.', '09.11.2026', '61,00\u00a0EUR'],
    ]);
    const chart = screen.getByTestId('report-chart');
    expect(within(chart).getByText(en('reports.cash.acrossChart', 'EUR'))).toBeTruthy();
    expect(within(chart).getByText('Org 01 d.o.o.')).toBeTruthy();
    expect(within(chart).getByText('Org 02 d.o.o.')).toBeTruthy();
  });

  it('is reached from the toolbar', async () => {
    agingCashApi();
    const app = renderApp('/o/org-1/cl');
    await userEvent.click(await screen.findByRole('button', { name: en('toolbar.reports') }));
    await screen.findByTestId('aging-table');
    expect(app.location()).toBe('/o/org-1/reports');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en('reports.title'));
  });

  it("is reached from the phone's more menu", async () => {
    const undo = screenOfWidth(390);
    try {
      agingCashApi();
      const app = renderApp('/o/org-1/cl');
      await userEvent.click(await screen.findByTestId('toolbar-more'));
      await userEvent.click(await screen.findByRole('menuitem', { name: en('toolbar.reports') }));
      await screen.findByTestId('aging-table');
      expect(app.location()).toBe('/o/org-1/reports');
    } finally {
      undo();
    }
  });

  it('hides the across switch from a member of one organisation', async () => {
    agingCashApi(1);
    renderApp('/o/org-1/reports/aging');
    await screen.findByTestId('aging-table');
    expect(screen.queryByTestId('report-across')).toBeNull();
  });
});
