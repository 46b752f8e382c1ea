import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SpendReport } from '@listina/contract';
import { en } from '../../test/catalogue';
import { json } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import {
  catchDownloads,
  cellsOf,
  headersOf,
  money,
  reportCalls,
  reportsApi,
  xlsxRows,
} from './reports-test-kit';

/**
 * Issue 27: the spend page against the server's answer for the documents of
 * apps/server/src/modules/reports/activity.int.test.ts (its figures, copied).
 */
const CISTILNI = '5b0c9d7e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
const TISKARNA = '6c1d0e8f-2a3b-4c4d-9e5f-6a7b8c9d0e1f';
const figures = (
  net: string,
  gross: string,
  documents: number,
  netLastYear = '0.00',
  grossLastYear = '0.00',
  documentsLastYear = 0,
) => ({ net, gross, documents, netLastYear, grossLastYear, documentsLastYear });

const BY_SUPPLIER: SpendReport = {
  year: 2026,
  by: 'supplier',
  rows: [
    {
      key: CISTILNI,
      name: 'Čistilni servis Žnidaršič d.o.o.',
      currency: 'EUR',
      ...figures('2262.93', '2760.78', 7),
    },
    {
      key: TISKARNA,
      name: 'Tiskarna Tisk d.o.o.',
      currency: 'EUR',
      ...figures('163.93', '200.00', 1, '500.00', '610.00', 1),
    },
    {
      key: CISTILNI,
      name: 'Čistilni servis Žnidaršič d.o.o.',
      currency: 'USD',
      ...figures('409.84', '500.00', 1),
    },
  ],
  months: [
    { month: 3, currency: 'EUR', ...figures('0.00', '0.00', 0, '500.00', '610.00', 1) },
    { month: 7, currency: 'EUR', ...figures('2426.86', '2960.78', 8) },
    { month: 7, currency: 'USD', ...figures('409.84', '500.00', 1) },
  ],
  totals: [
    { currency: 'EUR', ...figures('2426.86', '2960.78', 8, '500.00', '610.00', 1) },
    { currency: 'USD', ...figures('409.84', '500.00', 1) },
  ],
};

const BY_COST_CENTER: SpendReport = {
  ...BY_SUPPLIER,
  by: 'costCenter',
  rows: [
    {
      key: null,
      name: null,
      currency: 'EUR',
      ...figures('2426.86', '2960.78', 8, '200.00', '244.00', 1),
    },
    {
      key: 'UPR',
      name: 'Uprava',
      currency: 'EUR',
      ...figures('0.00', '0.00', 0, '300.00', '366.00', 1),
    },
    { key: null, name: null, currency: 'USD', ...figures('409.84', '500.00', 1) },
  ],
};

const spendApi = () =>
  reportsApi({
    'GET /api/report/spend': ({ path }) =>
      json(path.includes('by=costCenter') ? BY_COST_CENTER : BY_SUPPLIER),
  });

/** The documents list's filters as the page writes them into a link. */
const documents = (...filters: string[]) =>
  `/o/org-1/work/index?${new URLSearchParams(filters.map((f) => ['filter', f])).toString()}`;
const PAYABLE = ['status:active', 'status:archived'];

afterEach(() => vi.restoreAllMocks());

describe('Spend report (issue 27)', { timeout: 30_000 }, () => {
  it('shows net and gross per supplier and currency against the year before, with totals', async () => {
    const calls = spendApi();
    renderApp('/o/org-1/reports/spend?year=2026&by=supplier');
    const table = await screen.findByTestId('spend-table');
    expect(reportCalls(calls, '/api/report/spend')).toEqual([{ year: '2026', by: 'supplier' }]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(en('reports.tab.spend'));
    expect(screen.getByTestId('reports-tab-spend').getAttribute('aria-selected')).toBe('true');
    expect(headersOf(table)).toEqual([
      en('reports.by.supplier'),
      en('reports.column.currency'),
      en('reports.column.net'),
      en('reports.column.gross'),
      en('reports.column.documents'),
      en('reports.column.netLastYear', 2025),
      en('reports.column.grossLastYear', 2025),
      en('reports.column.documentsLastYear', 2025),
    ]);
    expect(within(table).getAllByTestId('spend-row').map(cellsOf)).toEqual([
      [
        'Čistilni servis Žnidaršič d.o.o.',
        'EUR',
        money('2.262,93'),
        money('2.760,78'),
        '7',
        money('0,00'),
        money('0,00'),
        '0',
      ],
      [
        'Tiskarna Tisk d.o.o.',
        'EUR',
        money('163,93'),
        money('200,00'),
        '1',
        money('500,00'),
        money('610,00'),
        '1',
      ],
      [
        'Čistilni servis Žnidaršič d.o.o.',
        'USD',
        money('409,84', 'USD'),
        money('500,00', 'USD'),
        '1',
        money('0,00', 'USD'),
        money('0,00', 'USD'),
        '0',
      ],
    ]);
    expect(within(table).getAllByTestId('spend-totals').map(cellsOf)).toEqual([
      [
        en('reports.totals'),
        'EUR',
        money('2.426,86'),
        money('2.960,78'),
        '8',
        money('500,00'),
        money('610,00'),
        '1',
      ],
      [
        en('reports.totals'),
        'USD',
        money('409,84', 'USD'),
        money('500,00', 'USD'),
        '1',
        money('0,00', 'USD'),
        money('0,00', 'USD'),
        '0',
      ],
    ]);
    // The chart: this year beside the last, both named in the legend, pointing to the table.
    const chart = screen.getByTestId('report-chart');
    expect(chart.getAttribute('aria-describedby')).toBe('report-table');
    expect(
      within(chart).getByText(
        en('reports.spend.chart', en('reports.amount.gross'), 'EUR', 2026, 2025),
      ),
    ).toBeTruthy();
    expect(within(chart).getByText('2025')).toBeTruthy();
    expect(within(chart).getByText('2026')).toBeTruthy();
  });

  it("opens a supplier's documents issued in the year of the figure", async () => {
    spendApi();
    const app = renderApp('/o/org-1/reports/spend?year=2026&workflowStep=archive');
    const tiskarna = (await screen.findAllByTestId('spend-row'))[1] as HTMLElement;
    const step = 'workflowCurrentStepSystemTileCode:archive';
    const gross = within(tiskarna).getByRole('link', {
      name: en(
        'reports.spend.open',
        'Tiskarna Tisk d.o.o.',
        en('reports.column.gross'),
        money('200,00'),
      ),
    });
    const thisYear = documents(
      `customerKey:${TISKARNA}`,
      'issueDate:2026-01-01..2026-12-31',
      ...PAYABLE,
      step,
    );
    expect(gross.getAttribute('href')).toBe(thisYear);
    expect(
      within(within(tiskarna).getByTestId('spend-gross-last'))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(
      documents(`customerKey:${TISKARNA}`, 'issueDate:2025-01-01..2025-12-31', ...PAYABLE, step),
    );
    // A zero counts no document: no link.
    const first = screen.getAllByTestId('spend-row')[0] as HTMLElement;
    expect(within(within(first).getByTestId('spend-net-last')).queryByRole('link')).toBeNull();
    // The totals line: every supplier of the year.
    const totals = screen.getAllByTestId('spend-totals')[0] as HTMLElement;
    expect(
      within(within(totals).getByTestId('spend-net')).getByRole('link').getAttribute('href'),
    ).toBe(documents('issueDate:2026-01-01..2026-12-31', ...PAYABLE, step));
    await userEvent.click(gross);
    await waitFor(() => expect(app.location()).toBe(thisYear));
  });

  it('groups by cost centre and draws the net from the filters, kept in the address', async () => {
    const calls = spendApi();
    const app = renderApp('/o/org-1/reports/spend?year=2026');
    await screen.findByTestId('spend-table');
    await userEvent.selectOptions(
      screen.getByLabelText(en('reports.filter.by')),
      en('reports.by.costCenter'),
    );
    await waitFor(() =>
      expect(app.location()).toBe('/o/org-1/reports/spend?year=2026&by=costCenter'),
    );
    const table = await screen.findByTestId('spend-table');
    await waitFor(() => expect(headersOf(table)[0]).toBe(en('reports.by.costCenter')));
    expect(reportCalls(calls, '/api/report/spend').at(-1)).toEqual({
      year: '2026',
      by: 'costCenter',
    });
    const rows = within(table).getAllByTestId('spend-row');
    expect(rows.map((row) => cellsOf(row)[0])).toEqual([
      en('reports.noCostCenter'),
      'Uprava',
      en('reports.noCostCenter'),
    ]);
    // Its figures' links: spend-drill.test.tsx.
    // The chart draws the net when asked, said in its caption.
    await userEvent.selectOptions(
      screen.getByLabelText(en('reports.filter.amount')),
      en('reports.amount.net'),
    );
    await waitFor(() =>
      expect(app.location()).toBe('/o/org-1/reports/spend?year=2026&by=costCenter&amount=net'),
    );
    const caption = en('reports.spend.chart', en('reports.amount.net'), 'EUR', 2026, 2025);
    expect(await within(screen.getByTestId('report-chart')).findByText(caption)).toBeTruthy();
  });

  it('shows the year, grouping and amount the report was read for when the address has none', async () => {
    const calls = spendApi();
    const app = renderApp('/o/org-1/reports/spend');
    await screen.findByTestId('spend-table');
    expect(reportCalls(calls, '/api/report/spend')).toEqual([{}]);
    // The option each select shows, as the user reads it: the server's year and grouping
    // (this year, by supplier) and the gross the chart draws, not "(none)".
    const shown = (label: string) => {
      const select = screen.getByLabelText<HTMLSelectElement>(en(label));
      return select.options[select.selectedIndex]?.textContent;
    };
    await waitFor(() => expect(shown('reports.filter.year')).toBe('2026'));
    expect(shown('reports.filter.by')).toBe(en('reports.by.supplier'));
    expect(shown('reports.filter.amount')).toBe(en('reports.amount.gross'));
    expect(app.location()).toBe('/o/org-1/reports/spend');
    // A changed field alone goes into the address; the others keep showing the defaults.
    await userEvent.selectOptions(
      screen.getByLabelText(en('reports.filter.amount')),
      en('reports.amount.net'),
    );
    await waitFor(() => expect(app.location()).toBe('/o/org-1/reports/spend?amount=net'));
    await waitFor(() => expect(shown('reports.filter.amount')).toBe(en('reports.amount.net')));
    expect(shown('reports.filter.year')).toBe('2026');
    expect(shown('reports.filter.by')).toBe(en('reports.by.supplier'));
  });

  it('exports the table to xlsx with the same figures', async () => {
    spendApi();
    const files = catchDownloads();
    renderApp('/o/org-1/reports/spend?year=2026');
    await screen.findByTestId('spend-table');
    await userEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(files.map((file) => file.name)).toEqual(['spend-2026.xlsx']));
    const rows = await xlsxRows((files[0] as { blob: Blob }).blob);
    expect(rows.slice(0, 4)).toEqual([
      [en('reports.filter.year'), '2026'],
      [en('reports.filter.by'), en('reports.by.supplier')],
      [],
      [
        en('reports.by.supplier'),
        en('reports.column.currency'),
        en('reports.column.net'),
        en('reports.column.gross'),
        en('reports.column.documents'),
        en('reports.column.netLastYear', 2025),
        en('reports.column.grossLastYear', 2025),
        en('reports.column.documentsLastYear', 2025),
      ],
    ]);
    expect(rows.slice(4)).toEqual([
      ['Čistilni servis Žnidaršič d.o.o.', 'EUR', 2262.93, 2760.78, 7, 0, 0, 0],
      ['Tiskarna Tisk d.o.o.', 'EUR', 163.93, 200, 1, 500, 610, 1],
      ['Čistilni servis Žnidaršič d.o.o.', 'USD', 409.84, 500, 1, 0, 0, 0],
      [en('reports.totals'), 'EUR', 2426.86, 2960.78, 8, 500, 610, 1],
      [en('reports.totals'), 'USD', 409.84, 500, 1, 0, 0, 0],
    ]);
  });
});
