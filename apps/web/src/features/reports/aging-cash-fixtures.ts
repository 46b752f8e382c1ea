import type { AgingAcross, AgingReport, CashAcross, CashReport } from '@listina/contract';
import { json } from '../../test/fake-api';
import { reportsApi } from './reports-test-kit';

/**
 * Issue 27: the server's answers of payables aging and cash needed for the documents of
 * apps/server/src/modules/reports/reports.int.test.ts (its figures, copied), for the tests of
 * reports-page.test.tsx and reports-across.test.tsx.
 */
export const CISTILNI = '5b0c9d7e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
export const TISKARNA = '6c1d0e8f-2a3b-4c4d-9e5f-6a7b8c9d0e1f';
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

export const AGING: AgingReport = {
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

export const CASH: CashReport = {
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

export const ACROSS: AgingAcross = {
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

export const CASH_ACROSS: CashAcross = {
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

/** A member of orgCount organisations whose server answers aging and cash needed. */
export function agingCashApi(orgCount = 1) {
  return reportsApi(
    {
      'GET /api/report/aging': () => json(AGING),
      'GET /api/report/cash': () => json(CASH),
      'GET /api/reports/aging': () => json(ACROSS),
      'GET /api/reports/cash': () => json(CASH_ACROSS),
      'GET /api/cl/costCenter': () =>
        json({
          items: [{ id: 4, key: 'cc-4', displayTitle: 'S10', code: 'S10', name: 'Sales' }],
          nextCursor: null,
        }),
    },
    orgCount,
  );
}
