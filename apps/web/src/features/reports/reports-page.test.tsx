import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgingAcross, AgingReport, CashAcross, CashReport } from '@listina/contract';
import { en } from '../../test/catalogue';
import { json, organizations, signedIn, type RecordedCall } from '../../test/fake-api';
import { screenOfWidth } from '../../test/media';
import { renderApp } from '../../test/render';

/**
 * Issue 27: the reports page against the server's answers for the documents of
 * apps/server/src/modules/reports/reports.int.test.ts (its figures, copied).
 */
const CISTILNI = '5b0c9d7e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
const TISKARNA = '6c1d0e8f-2a3b-4c4d-9e5f-6a7b8c9d0e1f';
const zero = '0.00';
const buckets = (notDue: string, d30: string, d60: string, d90: string, over: string) => ({
  notDue,
  days1to30: d30,
  days31to60: d60,
  days61to90: d90,
  over90: over,
});
const parts = (inPackage: string, ordered: string, notOrdered: string) => ({
  inPackage,
  ordered,
  notOrdered,
});

const AGING: AgingReport = {
  asOf: '2026-11-05',
  rows: [
    {
      supplierKey: CISTILNI,
      supplierName: 'Čistilni servis Žnidaršič d.o.o.',
      currency: 'EUR',
      buckets: buckets('122.00', '1028.78', '244.00', '366.00', zero),
      total: '1760.78',
      documents: 7,
    },
    {
      supplierKey: CISTILNI,
      supplierName: 'Čistilni servis Žnidaršič d.o.o.',
      currency: 'USD',
      buckets: buckets(zero, zero, zero, zero, '500.00'),
      total: '500.00',
      documents: 1,
    },
    {
      supplierKey: TISKARNA,
      supplierName: 'Tiskarna Tisk d.o.o.',
      currency: 'EUR',
      buckets: buckets('200.00', zero, zero, zero, zero),
      total: '200.00',
      documents: 1,
    },
  ],
  totals: [
    {
      currency: 'EUR',
      buckets: buckets('322.00', '1028.78', '244.00', '366.00', zero),
      total: '1960.78',
      documents: 8,
    },
    {
      currency: 'USD',
      buckets: buckets(zero, zero, zero, zero, '500.00'),
      total: '500.00',
      documents: 1,
    },
  ],
};

const WEEKS = Array.from({ length: 12 }, (_, index) => {
  const day = new Date(Date.UTC(2026, 10, 2 + 7 * index));
  return day.toISOString().slice(0, 10);
});

const CASH: CashReport = {
  from: '2026-11-02',
  weeks: WEEKS,
  rows: [
    {
      week: '2026-11-02',
      currency: 'EUR',
      parts: parts(zero, zero, '200.00'),
      total: '200.00',
      documents: 1,
    },
    {
      week: '2026-11-09',
      currency: 'EUR',
      parts: parts(zero, zero, '122.00'),
      total: '122.00',
      documents: 1,
    },
  ],
  overdue: [
    { currency: 'EUR', parts: parts('366.00', '244.00', '878.78'), total: '1488.78', documents: 4 },
    { currency: 'USD', parts: parts(zero, zero, '500.00'), total: '500.00', documents: 1 },
  ],
  later: [],
};

const [EUR_TOTAL, USD_TOTAL] = AGING.totals as [
  AgingReport['totals'][number],
  AgingReport['totals'][number],
];

const organizationOf = (name: string) => ({
  organizationId: name === 'Org 01 d.o.o.' ? 'org-1' : 'org-2',
  organizationKey: name,
  organizationName: name,
});

const ACROSS: AgingAcross = {
  asOf: '2026-11-05',
  rows: [
    { ...organizationOf('Org 01 d.o.o.'), ...EUR_TOTAL },
    { ...organizationOf('Org 01 d.o.o.'), ...USD_TOTAL },
    {
      ...organizationOf('Org 02 d.o.o.'),
      currency: 'EUR',
      buckets: buckets(zero, '61.00', zero, zero, zero),
      total: '61.00',
      documents: 1,
    },
  ],
  totals: [
    {
      currency: 'EUR',
      buckets: buckets('322.00', '1089.78', '244.00', '366.00', zero),
      total: '2021.78',
      documents: 9,
    },
    USD_TOTAL,
  ],
};

const CASH_ACROSS: CashAcross = {
  from: '2026-11-02',
  weeks: WEEKS,
  rows: [
    {
      ...organizationOf('Org 02 d.o.o.'),
      week: '2026-11-09',
      currency: 'EUR',
      parts: parts(zero, zero, '61.00'),
      total: '61.00',
      documents: 1,
    },
  ],
  overdue: [
    {
      ...organizationOf('Org 01 d.o.o.'),
      currency: 'EUR',
      parts: parts('366.00', '244.00', '878.78'),
      total: '1488.78',
      documents: 4,
    },
  ],
};

const queryOf = (call: RecordedCall) =>
  Object.fromEntries(new URL(call.path, 'http://localhost').searchParams);
const reportCalls = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.path.split('?')[0] === path).map(queryOf);

function reportsApi(orgCount = 1) {
  return signedIn(organizations(orgCount), {
    'GET /api/report/aging': () => json(AGING),
    'GET /api/report/cash': () => json(CASH),
    'GET /api/reports/aging': () => json(ACROSS),
    'GET /api/reports/cash': () => json(CASH_ACROSS),
    'GET /api/cl/costCenter': () =>
      json({
        items: [{ id: 4, key: 'cc-4', displayTitle: 'S10', code: 'S10', name: 'Sales' }],
        nextCursor: null,
      }),
    'GET /api/cl/:table': () => json({ items: [], nextCursor: null }),
  });
}

/** A table row's cells as the user reads them. */
const cellsOf = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
/** An amount as the page writes it: the user's separators, a no-break space, the currency. */
const money = (amount: string, currency: string) => `${amount}\u00a0${currency}`;

afterEach(() => vi.restoreAllMocks());

describe('Reports page (issue 27)', { timeout: 30_000 }, () => {
  it('shows payables aging per supplier and currency, with a totals line per currency', async () => {
    const calls = reportsApi();
    const app = renderApp('/o/org-1/reports?asOf=2026-11-05');
    // Without a view the page shows payables aging.
    const table = await screen.findByTestId('aging-table');
    expect(app.location()).toBe('/o/org-1/reports?asOf=2026-11-05');
    expect(screen.getByTestId('reports-tab-aging').getAttribute('aria-selected')).toBe('true');
    expect(reportCalls(calls, '/api/report/aging')).toEqual([{ asOf: '2026-11-05' }]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      en('reports.column.supplier'),
      en('reports.column.currency'),
      en('reports.bucket.notDue'),
      en('reports.bucket.days1to30'),
      en('reports.bucket.days31to60'),
      en('reports.bucket.days61to90'),
      en('reports.bucket.over90'),
      en('reports.column.total'),
    ]);
    const rows = screen.getAllByTestId('aging-row');
    expect(rows.map(cellsOf)).toEqual(
      [
        [
          'Čistilni servis Žnidaršič d.o.o.',
          'EUR',
          '122,00',
          '1.028,78',
          '244,00',
          '366,00',
          '0,00',
          '1.760,78',
        ],
        [
          'Čistilni servis Žnidaršič d.o.o.',
          'USD',
          '0,00',
          '0,00',
          '0,00',
          '0,00',
          '500,00',
          '500,00',
        ],
        ['Tiskarna Tisk d.o.o.', 'EUR', '200,00', '0,00', '0,00', '0,00', '0,00', '200,00'],
      ].map(([name, currency, ...amounts]) => [
        name,
        currency,
        ...amounts.map((amount) => money(amount ?? '', currency ?? '')),
      ]),
    );
    expect(screen.getAllByTestId('aging-totals').map(cellsOf)).toEqual(
      [
        [en('reports.totals'), 'EUR', '322,00', '1.028,78', '244,00', '366,00', '0,00', '1.960,78'],
        [en('reports.totals'), 'USD', '0,00', '0,00', '0,00', '0,00', '500,00', '500,00'],
      ].map(([label, currency, ...amounts]) => [
        label,
        currency,
        ...amounts.map((amount) => money(amount ?? '', currency ?? '')),
      ]),
    );
    // The chart names its series and points to the table that holds its figures.
    const chart = screen.getByTestId('report-chart');
    expect(chart.getAttribute('aria-describedby')).toBe('report-table');
    expect(within(chart).getByText(en('reports.aging.chart', 'EUR'))).toBeTruthy();
  });

  it("opens a supplier's documents from its total, and exactly a bucket's from the bucket", async () => {
    reportsApi();
    const app = renderApp('/o/org-1/reports/aging?asOf=2026-11-05&documentType=2');
    const first = (await screen.findAllByTestId('aging-row'))[0] as HTMLElement;
    const open =
      '&filter=status%3Aactive&filter=status%3Aarchived' +
      '&filter=paymentState%3Aunpaid&filter=paymentState%3Aordered&filter=paymentState%3Asent';
    const total = within(first).getByRole('link', {
      name: en(
        'reports.aging.openDocuments',
        'Čistilni servis Žnidaršič d.o.o.',
        '1.760,78\u00a0EUR',
      ),
    });
    expect(total.getAttribute('href')).toBe(
      `/o/org-1/work/index?filter=documentTypeId%3A2&filter=customerKey%3A${CISTILNI}${open}`,
    );
    // 31–60 days past due as of 5 November: due 6 September to 5 October.
    const bucket = within(first).getByRole('link', {
      name: en(
        'reports.aging.openBucket',
        'Čistilni servis Žnidaršič d.o.o.',
        en('reports.bucket.days31to60'),
        '244,00\u00a0EUR',
      ),
    });
    const bucketPath =
      `/o/org-1/work/index?filter=documentTypeId%3A2&filter=customerKey%3A${CISTILNI}${open}` +
      '&filter=dueDate%3A2026-09-06..2026-10-05';
    expect(bucket.getAttribute('href')).toBe(bucketPath);
    // A zero counts no document: no link.
    expect(within(within(first).getByTestId('aging-over90')).queryByRole('link')).toBeNull();
    // The totals line: every supplier, not yet due from the day itself.
    const totals = screen.getAllByTestId('aging-totals')[0] as HTMLElement;
    expect(
      within(within(totals).getByTestId('aging-notDue')).getByRole('link').getAttribute('href'),
    ).toBe(`/o/org-1/work/index?filter=documentTypeId%3A2${open}&filter=dueDate%3A2026-11-05..`);
    await userEvent.click(bucket);
    await waitFor(() => expect(app.location()).toBe(bucketPath));
  });

  it('narrows to a cost centre picked in the filter bar, kept in the address; the links cannot', async () => {
    const calls = reportsApi();
    const app = renderApp('/o/org-1/reports/aging?asOf=2026-11-05');
    await screen.findByTestId('aging-table');
    await userEvent.click(screen.getByTestId('field-costCenter'));
    await userEvent.click(await screen.findByRole('option', { name: 'S10 – Sales' }));
    await waitFor(() =>
      expect(app.location()).toBe('/o/org-1/reports/aging?asOf=2026-11-05&costCenter=S10'),
    );
    await waitFor(() =>
      expect(reportCalls(calls, '/api/report/aging').at(-1)).toEqual({
        asOf: '2026-11-05',
        costCenter: 'S10',
      }),
    );
    // The documents list has no filter for a cost centre: the drill-down leaves it out.
    const first = screen.getAllByTestId('aging-row')[0] as HTMLElement;
    const href = within(within(first).getByTestId('aging-total'))
      .getByRole('link')
      .getAttribute('href');
    expect(href).not.toContain('costCenter');
    expect(href).toContain(`customerKey%3A${CISTILNI}`);
  });

  it('opens a cash-needed week by its part', async () => {
    reportsApi();
    renderApp('/o/org-1/reports/cash?from=2026-11-02');
    const week = (await screen.findAllByTestId('cash-week'))[1] as HTMLElement;
    const link = within(week).getByRole('link', {
      name: en(
        'reports.cash.openPart',
        en('reports.weekOf', '09.11.2026'),
        en('reports.part.notOrdered'),
        '122,00\u00a0EUR',
      ),
    });
    expect(link.getAttribute('href')).toBe(
      '/o/org-1/work/index?filter=status%3Aactive&filter=status%3Aarchived' +
        '&filter=paymentState%3Aunpaid&filter=dueDate%3A2026-11-09..2026-11-15',
    );
  });

  it('shows cash needed with overdue apart, each week split three ways, and keeps the filter in the address', async () => {
    const calls = reportsApi();
    const app = renderApp('/o/org-1/reports/cash?from=2026-11-02&workflowStep=approval');
    const table = await screen.findByTestId('cash-table');
    expect(reportCalls(calls, '/api/report/cash')).toEqual([
      { from: '2026-11-02', workflowStep: 'approval' },
    ]);
    const eur = (amount: string) => `${amount}\u00a0EUR`;
    expect(within(table).getAllByTestId('cash-overdue').map(cellsOf)).toEqual([
      [en('reports.overdue'), 'EUR', eur('366,00'), eur('244,00'), eur('878,78'), eur('1.488,78')],
      [
        en('reports.overdue'),
        'USD',
        '0,00\u00a0USD',
        '0,00\u00a0USD',
        '500,00\u00a0USD',
        '500,00\u00a0USD',
      ],
    ]);
    expect(within(table).getAllByTestId('cash-week').map(cellsOf)).toEqual([
      [
        en('reports.weekOf', '02.11.2026'),
        'EUR',
        eur('0,00'),
        eur('0,00'),
        eur('200,00'),
        eur('200,00'),
      ],
      [
        en('reports.weekOf', '09.11.2026'),
        'EUR',
        eur('0,00'),
        eur('0,00'),
        eur('122,00'),
        eur('122,00'),
      ],
    ]);
    // Another tab keeps nothing of this one's filters.
    await userEvent.click(screen.getByTestId('reports-tab-aging'));
    await waitFor(() => expect(app.location()).toBe('/o/org-1/reports/aging'));
  });

  it('shows one line per organisation across the organisations of the user', async () => {
    const calls = reportsApi(2);
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
    const calls = reportsApi(2);
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
    reportsApi();
    const app = renderApp('/o/org-1/cl');
    await userEvent.click(await screen.findByRole('button', { name: en('toolbar.reports') }));
    await screen.findByTestId('aging-table');
    expect(app.location()).toBe('/o/org-1/reports');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en('reports.title'));
  });

  it("is reached from the phone's more menu", async () => {
    const undo = screenOfWidth(390);
    try {
      reportsApi();
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
    reportsApi(1);
    renderApp('/o/org-1/reports/aging');
    await screen.findByTestId('aging-table');
    expect(screen.queryByTestId('report-across')).toBeNull();
  });
});
