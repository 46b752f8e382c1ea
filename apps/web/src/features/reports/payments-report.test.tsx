import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentsReport } from '@listina/contract';
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
 * Issue 27: the payments page against the server's answer for the orders of
 * apps/server/src/modules/reports/activity.int.test.ts (A paid early, K on its due day, F
 * late, I returned by the bank), with a return by a bare code and one without a reason added.
 */
const REPORT: PaymentsReport = {
  from: '2026-01-01',
  to: '2026-11-30',
  states: [
    { state: 'paid', currency: 'EUR', orders: 3, amount: '422.00' },
    { state: 'draft', currency: 'EUR', orders: 1, amount: '244.00' },
    { state: 'inPackage', currency: 'EUR', orders: 1, amount: '366.00' },
    { state: 'rejected', currency: 'EUR', orders: 3, amount: '1077.00' },
  ],
  returns: [
    { reason: 'AC04 Closed account', currency: 'EUR', orders: 1, amount: '77.00' },
    { reason: 'AC04', currency: 'EUR', orders: 1, amount: '500.00' },
    { reason: null, currency: 'EUR', orders: 1, amount: '500.00' },
  ],
  paid: [
    {
      currency: 'EUR',
      documents: 3,
      amount: '422.00',
      averageDaysToPay: '35.7',
      early: 1,
      onTime: 1,
      late: 1,
      averageDaysLate: '10.0',
    },
  ],
};

const paymentsApi = () => reportsApi({ 'GET /api/report/payments': () => json(REPORT) });
const ordersHead = [
  en('reports.column.currency'),
  en('reports.column.orders'),
  en('reports.column.amount'),
];

afterEach(() => vi.restoreAllMocks());

describe('Payments report (issue 27)', { timeout: 30_000 }, () => {
  it('shows the orders by state in the order of an order, in the orders’ own words', async () => {
    const calls = paymentsApi();
    renderApp('/o/org-1/reports/payments?from=2026-01-01&to=2026-11-30&documentType=3');
    const states = await screen.findByTestId('payments-states');
    expect(reportCalls(calls, '/api/report/payments')).toEqual([
      { from: '2026-01-01', to: '2026-11-30', documentType: '3' },
    ]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(en('reports.tab.payments'));
    expect(headersOf(states)).toEqual([en('reports.column.state'), ...ordersHead]);
    expect(within(states).getAllByTestId('payments-state').map(cellsOf)).toEqual([
      [en('payOrder.stateValue.draft'), 'EUR', '1', money('244,00')],
      [en('payOrder.stateValue.inPackage'), 'EUR', '1', money('366,00')],
      [en('payOrder.stateValue.paid'), 'EUR', '3', money('422,00')],
      [en('payOrder.stateValue.rejected'), 'EUR', '3', money('1.077,00')],
    ]);
    // Its links: report-drill.test.tsx.
    const chart = screen.getByTestId('report-chart');
    expect(chart.getAttribute('aria-describedby')).toBe('report-table');
    expect(within(chart).getByText(en('reports.payments.chart', 'EUR'))).toBeTruthy();
  });

  it('names the bank’s reasons of returns, and how soon documents were paid', async () => {
    paymentsApi();
    renderApp('/o/org-1/reports/payments');
    const returns = await screen.findByTestId('payments-returns');
    expect(headersOf(returns)).toEqual([en('reports.column.reason'), ...ordersHead]);
    expect(within(returns).getAllByTestId('payments-return').map(cellsOf)).toEqual([
      // The bank's own text as it came; a bare code in words; none said so.
      ['AC04 Closed account', 'EUR', '1', money('77,00')],
      [en('payOrder.returnReason.AC04'), 'EUR', '1', money('500,00')],
      [en('payments.returnedWithoutReason'), 'EUR', '1', money('500,00')],
    ]);
    const paid = screen.getByTestId('payments-paid');
    expect(headersOf(paid)).toEqual([
      en('reports.column.currency'),
      en('reports.column.documents'),
      en('reports.column.amount'),
      en('reports.column.daysToPay'),
      en('reports.column.early'),
      en('reports.column.onTime'),
      en('reports.column.late'),
      en('reports.column.daysLate'),
    ]);
    expect(within(paid).getAllByTestId('payments-paid-row').map(cellsOf)).toEqual([
      ['EUR', '3', money('422,00'), '35,7', '1', '1', '1', '10,0'],
    ]);
  });

  it('shows the period the server answered for when the address has none, leaving the address as it is', async () => {
    const calls = paymentsApi();
    const app = renderApp('/o/org-1/reports/payments');
    await screen.findByTestId('payments-states');
    expect(reportCalls(calls, '/api/report/payments')).toEqual([{}]);
    const field = (label: string) => screen.getByLabelText<HTMLInputElement>(en(label));
    await waitFor(() => expect(field('reports.filter.from').value).toBe('01.01.2026'));
    expect(field('reports.filter.to').value).toBe('30.11.2026');
    expect(app.location()).toBe('/o/org-1/reports/payments');
    // Picking a start writes the start alone; the end still shows the server's.
    await userEvent.clear(field('reports.filter.from'));
    await userEvent.type(field('reports.filter.from'), '01.06.2026');
    await userEvent.tab();
    await waitFor(() => expect(app.location()).toBe('/o/org-1/reports/payments?from=2026-06-01'));
    await waitFor(() => expect(field('reports.filter.from').value).toBe('01.06.2026'));
    expect(field('reports.filter.to').value).toBe('30.11.2026');
  });

  it('exports the tables to xlsx with the same figures', async () => {
    paymentsApi();
    const files = catchDownloads();
    renderApp('/o/org-1/reports/payments');
    await screen.findByTestId('payments-states');
    await userEvent.click(screen.getByTestId('report-export'));
    await waitFor(() =>
      expect(files.map((file) => file.name)).toEqual(['payments-2026-01-01-2026-11-30.xlsx']),
    );
    expect(await xlsxRows((files[0] as { blob: Blob }).blob)).toEqual([
      [en('reports.filter.from'), '2026-01-01'],
      [en('reports.filter.to'), '2026-11-30'],
      [],
      [en('reports.column.state'), ...ordersHead],
      [en('payOrder.stateValue.draft'), 'EUR', 1, 244],
      [en('payOrder.stateValue.inPackage'), 'EUR', 1, 366],
      [en('payOrder.stateValue.paid'), 'EUR', 3, 422],
      [en('payOrder.stateValue.rejected'), 'EUR', 3, 1077],
      [],
      [en('reports.column.reason'), ...ordersHead],
      ['AC04 Closed account', 'EUR', 1, 77],
      [en('payOrder.returnReason.AC04'), 'EUR', 1, 500],
      [en('payments.returnedWithoutReason'), 'EUR', 1, 500],
      [],
      [
        en('reports.column.currency'),
        en('reports.column.documents'),
        en('reports.column.amount'),
        en('reports.column.daysToPay'),
        en('reports.column.early'),
        en('reports.column.onTime'),
        en('reports.column.late'),
        en('reports.column.daysLate'),
      ],
      ['EUR', 3, 422, 35.7, 1, 1, 1, 10],
    ]);
  });

  it('says so when the period holds no order', async () => {
    reportsApi({
      'GET /api/report/payments': () => json({ ...REPORT, states: [], returns: [], paid: [] }),
    });
    renderApp('/o/org-1/reports/payments');
    expect((await screen.findByTestId('report-empty')).textContent).toBe(en('reports.emptyPeriod'));
    expect(screen.getByTestId('payments-no-returns').textContent).toBe(
      en('reports.payments.noReturns'),
    );
  });
});
