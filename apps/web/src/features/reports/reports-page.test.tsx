import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { renderApp } from '../../test/render';
import { agingCashApi, CISTILNI } from './aging-cash-fixtures';
import { cellsOf, money, reportCalls } from './reports-test-kit';

/**
 * Issue 27: payables aging and cash needed of one organisation, against the server's answers
 * of aging-cash-fixtures.ts: the figures drawn, a bucket's and a week's links, the filters
 * kept in the address.
 */
afterEach(() => vi.restoreAllMocks());

describe('Reports page (issue 27)', { timeout: 30_000 }, () => {
  it('shows payables aging per supplier and currency, with a totals line per currency', async () => {
    const calls = agingCashApi();
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
    agingCashApi();
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

  it('narrows to a cost centre picked in the filter bar, kept in the address and in its links', async () => {
    const calls = agingCashApi();
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
    // The documents list takes the documents with a line on the cost centre.
    const first = screen.getAllByTestId('aging-row')[0] as HTMLElement;
    const href = within(within(first).getByTestId('aging-total'))
      .getByRole('link')
      .getAttribute('href');
    expect(href).toContain('costCenter%3AS10');
    expect(href).toContain(`customerKey%3A${CISTILNI}`);
  });

  it('opens a cash-needed week by its part', async () => {
    agingCashApi();
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
    const calls = agingCashApi();
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
});
