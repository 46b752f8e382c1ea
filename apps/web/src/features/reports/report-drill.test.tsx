import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CaptureReport, PaymentsReport, SpendReport } from '@listina/contract';
import { en } from '../../test/catalogue';
import { json } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { money, reportsApi } from './reports-test-kit';

/**
 * Issue 27, "every figure clickable down to the documents it counts": the capture, payments
 * and spend-by-cost-centre figures open the documents list, and the payments report's orders
 * the payment orders list, with the named filters that say what the report counts
 * (apps/server/src/modules/reports/drill-filters.int.test.ts checks the rows they return).
 */
const S = '5b0c9d7e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
const PERIOD = { from: '2026-01-01', to: '2026-11-30' };
const CAPTURE: CaptureReport = {
  ...PERIOD,
  documents: 3,
  keptUnchanged: 1,
  bySource: [{ source: 'qr', captured: 1, corrected: 1 }],
  byField: [{ field: 'dueDate', captured: 1, corrected: 1 }],
  bySupplier: [
    {
      supplierKey: S,
      supplierName: 'Čistilni',
      documents: 2,
      keptUnchanged: 1,
      captured: 6,
      corrected: 1,
    },
    {
      supplierKey: null,
      supplierName: null,
      documents: 1,
      keptUnchanged: 0,
      captured: 3,
      corrected: 1,
    },
  ],
  channels: [{ channel: 'mail', documents: 2 }],
};
const PAYMENTS: PaymentsReport = {
  ...PERIOD,
  states: [{ state: 'paid', currency: 'EUR', orders: 3, amount: '422.00' }],
  returns: [
    { reason: 'AC04 Closed account', currency: 'EUR', orders: 1, amount: '77.00' },
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
      late: 0,
      averageDaysLate: '0.0',
    },
  ],
};
const figures = (
  gross: string,
  documents: number,
  grossLastYear: string,
  documentsLastYear: number,
) => ({
  net: gross,
  gross,
  documents,
  netLastYear: grossLastYear,
  grossLastYear,
  documentsLastYear,
});
const SPEND: SpendReport = {
  year: 2026,
  by: 'costCenter',
  rows: [
    { key: null, name: null, currency: 'EUR', ...figures('2960.78', 8, '244.00', 1) },
    { key: 'UPR', name: 'Uprava', currency: 'EUR', ...figures('0.00', 0, '366.00', 1) },
  ],
  totals: [{ currency: 'EUR', ...figures('2960.78', 8, '610.00', 1) }],
  months: [],
};

const api = () =>
  reportsApi({
    'GET /api/report/capture': () => json(CAPTURE),
    'GET /api/report/payments': () => json(PAYMENTS),
    'GET /api/report/spend': () => json(SPEND),
  });
const list = (path: string, ...filters: string[]) =>
  `/o/org-1/${path}?${new URLSearchParams(filters.map((f) => ['filter', f])).toString()}`;
const documents = (...filters: string[]) => list('work/index', ...filters);
/** The i-th element of a test id. */
const nth = (testId: string, index: number) => screen.getAllByTestId(testId)[index] as HTMLElement;
const hrefIn = (cell: HTMLElement) => within(cell).getByRole('link').getAttribute('href');
const CAPTURED = 'capturedOn:2026-01-01..2026-11-30';
const PAYABLE = ['status:active', 'status:archived'];

afterEach(() => vi.restoreAllMocks());

describe('Report figures open what they count (issue 27)', { timeout: 30_000 }, () => {
  it('opens the captured documents of a summary, a source, a field, a supplier and a channel', async () => {
    api();
    const app = renderApp('/o/org-1/reports/capture?from=2026-01-01&to=2026-11-30&costCenter=UPR');
    const links = within(await screen.findByTestId('capture-summary-links'));
    const all = links.getByRole('link', { name: en('reports.capture.openCaptured') });
    expect(all.getAttribute('href')).toBe(documents(CAPTURED, 'costCenter:UPR'));
    expect(
      links.getByRole('link', { name: en('reports.capture.openKept') }).getAttribute('href'),
    ).toBe(documents(CAPTURED, 'captureKept:true', 'costCenter:UPR'));
    const source = screen.getByTestId('capture-source');
    const qr = en('reports.source.qr');
    const corrected = within(source).getByRole('link', {
      name: en('reports.capture.open', qr, en('reports.column.corrected'), '1'),
    });
    expect(corrected.getAttribute('href')).toBe(
      documents(CAPTURED, 'correctedSource:qr', 'costCenter:UPR'),
    );
    expect(hrefIn(within(source).getByTestId('capture-captured'))).toBe(
      documents(CAPTURED, 'captureSource:qr', 'costCenter:UPR'),
    );
    const field = screen.getByTestId('capture-field');
    expect(hrefIn(within(field).getByTestId('capture-corrected'))).toBe(
      documents(CAPTURED, 'correctedField:dueDate', 'costCenter:UPR'),
    );
    const cistilni = nth('capture-supplier', 0);
    const none = nth('capture-supplier', 1);
    expect(hrefIn(within(cistilni).getByTestId('capture-supplier-kept'))).toBe(
      documents(`customerKey:${S}`, CAPTURED, 'captureKept:true', 'costCenter:UPR'),
    );
    expect(hrefIn(within(cistilni).getByTestId('capture-corrected'))).toBe(
      documents(`customerKey:${S}`, CAPTURED, 'captureKept:false', 'costCenter:UPR'),
    );
    // A supplier's zero opens nothing; the row without a supplier opens those without one.
    expect(
      within(within(none).getByTestId('capture-supplier-kept')).queryByRole('link'),
    ).toBeNull();
    expect(hrefIn(within(none).getByTestId('capture-supplier-documents'))).toBe(
      documents('noSupplier:true', CAPTURED, 'costCenter:UPR'),
    );
    expect(hrefIn(screen.getByTestId('capture-channel'))).toBe(
      documents('enteredOn:2026-01-01..2026-11-30', 'intakeChannel:mail', 'costCenter:UPR'),
    );
    await userEvent.click(all);
    await waitFor(() => expect(app.location()).toBe(documents(CAPTURED, 'costCenter:UPR')));
  });

  it('opens the orders of a state and of a bank reason, and the documents paid early or on time', async () => {
    api();
    const app = renderApp('/o/org-1/reports/payments?from=2026-01-01&to=2026-11-30');
    const state = await screen.findByTestId('payments-state');
    const orders = list(
      'payments',
      'state:paid',
      'executionDate:2026-01-01..2026-11-30',
      'currencyCode:EUR',
    );
    expect(hrefIn(within(state).getByTestId('payments-state-orders'))).toBe(orders);
    const amount = within(state).getByRole('link', {
      name: en('reports.payments.open', `${en('payOrder.stateValue.paid')}, EUR`, money('422,00')),
    });
    expect(amount.getAttribute('href')).toBe(orders);
    const closed = nth('payments-return', 0);
    const without = nth('payments-return', 1);
    const returned = ['state:rejected', 'returnedOn:2026-01-01..2026-11-30'];
    expect(hrefIn(within(closed).getByTestId('payments-return-orders'))).toBe(
      list('payments', ...returned, 'returnReason:AC04 Closed account', 'currencyCode:EUR'),
    );
    expect(hrefIn(within(without).getByTestId('payments-return-amount'))).toBe(
      list('payments', ...returned, 'returnReason:', 'currencyCode:EUR'),
    );
    const paid = screen.getByTestId('payments-paid-row');
    const paidOn = [...PAYABLE, 'paidOn:2026-01-01..2026-11-30'];
    expect(hrefIn(within(paid).getByTestId('payments-documents'))).toBe(
      documents(...paidOn, 'currencyCode:EUR'),
    );
    expect(hrefIn(within(paid).getByTestId('payments-early'))).toBe(
      documents(...paidOn, 'paidTiming:early', 'currencyCode:EUR'),
    );
    expect(hrefIn(within(paid).getByTestId('payments-on-time'))).toBe(
      documents(...paidOn, 'paidTiming:onTime', 'currencyCode:EUR'),
    );
    expect(within(within(paid).getByTestId('payments-late')).queryByRole('link')).toBeNull();
    await userEvent.click(amount);
    await waitFor(() => expect(app.location()).toBe(orders));
  });

  it("opens a cost centre's documents, and those of no cost centre", async () => {
    api();
    renderApp('/o/org-1/reports/spend?year=2026&by=costCenter');
    await screen.findAllByTestId('spend-row');
    const none = nth('spend-row', 0);
    const upr = nth('spend-row', 1);
    expect(within(within(upr).getByTestId('spend-gross')).queryByRole('link')).toBeNull();
    expect(hrefIn(within(upr).getByTestId('spend-gross-last'))).toBe(
      documents('issueDate:2025-01-01..2025-12-31', ...PAYABLE, 'costCenter:UPR'),
    );
    expect(hrefIn(within(none).getByTestId('spend-gross'))).toBe(
      documents('issueDate:2026-01-01..2026-12-31', ...PAYABLE, 'costCenter:'),
    );
  });
});
