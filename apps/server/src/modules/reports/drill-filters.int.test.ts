import type { CaptureReport, PaymentsReport, SpendReport, TableRecord } from '@listina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../../test/factories';
import type { PaymentsWorld } from '../payments/payments-test-kit';
import { buildActivityWorld } from './activity-world';

/**
 * Issue 27, "every figure clickable down to the documents it counts": the capture, payments
 * and spend-by-cost-centre figures of activity-world.ts's documents (its header), and the rows
 * the documents list and the payment orders list return through the named filters a figure
 * opens them with (drill-filters.ts; the web's report-model.ts and drill-paths.ts write them).
 */
let world: PaymentsWorld;
let supplierS: string;

beforeAll(async () => {
  ({ world } = await buildActivityWorld());
  supplierS = world.supplier.key;
}, 240_000);
afterAll(() => world.t.close());

const ENGLISH = { 'content-language': 'en-GB' };
const get = async <T>(url: string, headers: Record<string, string> = {}) => {
  const res = await world.t.app.inject({ url, headers: { ...world.h.boss, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const query = (filters: string[]) =>
  filters.map((filter) => `filter=${encodeURIComponent(filter)}`).join('&');
/** The rows a list returns through the filters. */
const rows = async (table: string, filters: string[], headers: Record<string, string> = {}) =>
  (await get<{ items: TableRecord[] }>(`/api/${table}?count=1000&${query(filters)}`, headers))
    .items;
/** The letters (numbers' first part) of the documents the list returns, sorted. */
const letters = async (filters: string[], headers: Record<string, string> = {}) =>
  (await rows('doc', filters, headers)).map((row) => String(row.number).split('-')[0]).sort();

const FROM = '2026-01-01';
const TO = '2026-11-30';
const PERIOD = `from=${FROM}&to=${TO}`;
const CAPTURED = `capturedOn:${FROM}..${TO}`;

describe('capture figures open the documents they count', () => {
  it('opens the documents captured, those that kept every value, and a supplier’s', async () => {
    const report = await get<CaptureReport>(`/api/report/capture?${PERIOD}`);
    expect(await letters([CAPTURED])).toHaveLength(report.documents);
    expect(await letters([CAPTURED])).toEqual(['A', 'D', 'K']);
    expect(await letters([CAPTURED, 'captureKept:true'])).toEqual(['D']);
    expect(await letters([CAPTURED, 'captureKept:true'])).toHaveLength(report.keptUnchanged);
    expect(await letters([CAPTURED, 'captureKept:false'])).toEqual(['A', 'K']);
    for (const line of report.bySupplier) {
      const supplier = `customerKey:${line.supplierKey ?? ''}`;
      expect(await letters([CAPTURED, supplier])).toHaveLength(line.documents);
      expect(await letters([CAPTURED, supplier, 'captureKept:true'])).toHaveLength(
        line.keptUnchanged,
      );
    }
    // L was captured in 2025.
    expect(await letters(['capturedOn:2025-01-01..2025-12-31'])).toEqual(['L']);
  });

  it('opens the documents of a source’s and a field’s values, and of those corrected', async () => {
    const report = await get<CaptureReport>(`/api/report/capture?${PERIOD}`);
    // The documents that hold each source's values (the report counts the values).
    const bySource: Record<string, string[]> = {
      einvoice: ['A'],
      qr: ['A'],
      ocr: ['K'],
      learned: ['K'],
      text: ['D'],
    };
    expect(report.bySource.map((line) => line.source).sort()).toEqual(Object.keys(bySource).sort());
    for (const line of report.bySource) {
      expect(await letters([CAPTURED, `captureSource:${line.source}`])).toEqual(
        bySource[line.source],
      );
      const corrected = await letters([CAPTURED, `correctedSource:${line.source}`]);
      expect(corrected.length > 0).toBe(line.corrected > 0);
    }
    expect(await letters([CAPTURED, 'correctedSource:qr'])).toEqual(['A']);
    expect(await letters([CAPTURED, 'correctedSource:learned'])).toEqual(['K']);
    expect(await letters([CAPTURED, 'captureSource:other'])).toEqual([]);
    for (const line of report.byField) {
      const holding = await letters([CAPTURED, `captureField:${line.field}`]);
      expect(holding.length, line.field).toBeGreaterThan(0);
      expect(holding.length, line.field).toBeLessThanOrEqual(line.captured);
      const corrected = await letters([CAPTURED, `correctedField:${line.field}`]);
      expect(corrected.length, line.field).toBe(line.corrected);
    }
    expect(await letters([CAPTURED, 'captureField:invoiceNumber'])).toEqual(['A', 'D', 'K']);
    expect(await letters([CAPTURED, 'correctedField:dueDate'])).toEqual(['A']);
    // With the report's supplier filter, as a link carries it over.
    const narrowed = await get<CaptureReport>(
      `/api/report/capture?${PERIOD}&supplier=${supplierS}`,
    );
    expect(await letters([`customerKey:${supplierS}`, CAPTURED])).toHaveLength(narrowed.documents);
  });

  it('opens the documents entered in the period by how they came in', async () => {
    const report = await get<CaptureReport>('/api/report/capture');
    for (const line of report.channels) {
      const entered = [`enteredOn:${report.from}..${report.to}`, `intakeChannel:${line.channel}`];
      expect(await letters(entered)).toHaveLength(line.documents);
    }
    const entered = `enteredOn:${report.from}..${report.to}`;
    expect(await letters([entered, 'intakeChannel:mail'])).toEqual([]);
    expect(await letters([entered, 'intakeChannel:upload'])).toEqual([]);
  });
});

describe('spend by cost centre opens the documents with a line there', () => {
  it('opens the year’s documents of the cost centre', async () => {
    const report = await get<SpendReport>('/api/report/spend?year=2025&by=costCenter');
    const upr = report.rows.find((row) => row.key === 'UPR');
    const year = ['issueDate:2025-01-01..2025-12-31', 'status:active', 'status:archived'];
    expect(await letters([...year, 'costCenter:UPR'])).toEqual(['L']);
    expect(await letters([...year, 'costCenter:UPR'])).toHaveLength(upr?.documents ?? -1);
    expect(await letters(['costCenter:NONE'])).toEqual([]);
    // "No cost centre": L's line on none, and the documents of 2025 without lines (none).
    const none = report.rows.find((row) => row.key === null);
    expect(await letters([...year, 'costCenter:'])).toEqual(['L']);
    expect(await letters([...year, 'costCenter:'])).toHaveLength(none?.documents ?? -1);
    // In 2026 every document's one line is on none.
    const thisYear = await get<SpendReport>('/api/report/spend?year=2026&by=costCenter');
    const noneThisYear = thisYear.rows.filter((row) => row.key === null);
    const counted = noneThisYear.reduce((sum, row) => sum + row.documents, 0);
    const issued = ['issueDate:2026-01-01..2026-12-31', 'status:active', 'status:archived'];
    expect(await letters([...issued, 'costCenter:'])).toHaveLength(counted);
  });
});

describe('payments figures open the documents and the orders they count', () => {
  const PAID = ['status:active', 'status:archived', `paidOn:${FROM}..${TO}`];

  it('opens the documents paid, early, on time and late', async () => {
    const report = await get<PaymentsReport>(`/api/report/payments?${PERIOD}`);
    const [eur] = report.paid;
    expect(await letters(PAID)).toEqual(['A', 'F', 'K']);
    expect(await letters([...PAID, 'currencyCode:EUR'])).toHaveLength(eur?.documents ?? -1);
    expect(await letters([...PAID, 'currencyCode:USD'])).toEqual([]);
    expect(await letters(PAID)).toHaveLength(eur?.documents ?? -1);
    expect(await letters([...PAID, 'paidTiming:early'])).toEqual(['A']);
    expect(await letters([...PAID, 'paidTiming:onTime'])).toEqual(['K']);
    expect(await letters([...PAID, 'paidTiming:late'])).toEqual(['F']);
    expect(await letters([...PAID, 'paidTiming:early'])).toHaveLength(eur?.early ?? -1);
  });

  it('reads the paid days in the user’s time zone, as the report does', async () => {
    // In Honolulu (UTC−10) A was paid on 1 November (09:00 UTC on the 2nd), K on the 4th,
    // the day before its due day, and F on 9 November.
    const zone = { 'time-zone': 'Pacific/Honolulu' };
    const report = await get<PaymentsReport>(
      '/api/report/payments?from=2026-11-02&to=2026-11-30',
      zone,
    );
    const paid = ['status:active', 'status:archived', 'paidOn:2026-11-02..2026-11-30'];
    expect(report.paid[0]).toMatchObject({ documents: 2, early: 1, onTime: 0, late: 1 });
    expect(await letters(paid, zone)).toEqual(['F', 'K']);
    expect(await letters([...paid, 'paidTiming:early'], zone)).toEqual(['K']);
    expect(await letters(['paidOn:2026-11-01..2026-11-01'], zone)).toEqual(['A']);
    expect(await letters(['paidOn:2026-11-01..2026-11-01'])).toEqual([]);
  });

  it('opens the orders of a state and the returns of a reason', async () => {
    const report = await get<PaymentsReport>(`/api/report/payments?${PERIOD}`);
    for (const line of report.states) {
      const orders = await rows('payOrder', [
        `state:${line.state}`,
        `executionDate:${FROM}..${TO}`,
        `currencyCode:${line.currency}`,
      ]);
      expect(orders, line.state).toHaveLength(line.orders);
    }
    for (const line of report.returns) {
      const orders = await rows('payOrder', [
        'state:rejected',
        `returnedOn:${FROM}..${TO}`,
        `returnReason:${line.reason ?? ''}`,
        `currencyCode:${line.currency}`,
      ]);
      expect(orders).toHaveLength(line.orders);
      // I's order, 77.00.
      expect(orders.map((order) => order.amount)).toEqual(['77.00']);
    }
    const none = await rows('payOrder', [`returnedOn:${FROM}..${TO}`, 'returnReason:']);
    expect(none).toEqual([]);
  });
});

describe('a bad value', () => {
  it.each([
    ['doc', 'capturedOn:2026-02-30..2026-03-01'],
    ['doc', 'capturedOn:..'],
    ['doc', 'captureKept:maybe'],
    ['doc', 'captureSource:fax'],
    ['doc', 'correctedField:colour'],
    ['doc', 'intakeChannel:pigeon'],
    ['doc', 'enteredOn:yesterday'],
    ['doc', 'paidOn:2026-13-01..'],
    ['doc', 'paidTiming:never'],
    ['doc', `costCenter:${'x'.repeat(65)}`],
    ['doc', 'noSupplier:maybe'],
    ['payOrder', 'returnedOn:soon'],
  ])('of %s filter %s is refused with 400 and says which', async (table, filter) => {
    const res = await world.t.app.inject({
      url: `/api/${table}?${query([filter])}`,
      headers: { ...world.h.boss, ...ENGLISH },
    });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res)).toEqual(['errors.badFilterValue']);
    const colon = filter.indexOf(':');
    expect(res.json<{ error: { msg: string }[] }>().error[0]?.msg).toBe(
      `${filter.slice(colon + 1)} is not a valid value to filter ${filter.slice(0, colon)} by.`,
    );
  });
});
