import type { AgingReport, CashReport, TableRecord } from '@listina/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, login } from '../../../test/factories';
import type { PaymentsWorld } from '../payments/payments-test-kit';
import { buildReportsWorld, type ReportsWorld } from './reports-world';

/** Payables aging and cash needed against the world of reports-world.ts (its table). */
let world: PaymentsWorld;
let other: ReportsWorld['other'];
let tiskarna: TableRecord;
let keys: Record<string, string>;

beforeAll(async () => {
  ({ world, other, tiskarna, keys } = await buildReportsWorld());
}, 180_000);
afterAll(() => world.t.close());

const get = async <T>(url: string, headers = world.h.boss) => {
  const res = await world.t.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const zero = '0.00';
const buckets = (notDue: string, d30: string, d60: string, d90: string, over: string) => ({
  notDue,
  days1to30: d30,
  days31to60: d60,
  days61to90: d90,
  over90: over,
});

describe('payables aging', () => {
  it('owes per supplier and currency by days past due at the end of 5 November 2026', async () => {
    const report = await get<AgingReport>('/api/report/aging?asOf=2026-11-05');
    expect(report.asOf).toBe('2026-11-05');
    expect(report.rows).toEqual([
      {
        supplierKey: world.supplier.key,
        supplierName: 'Čistilni servis Žnidaršič d.o.o.',
        currency: 'EUR',
        // A 122.00 not due; B 801.78 (16 days), F 100.00 (5), H 50.00 (4), I 77.00 (11);
        // D 244.00 (46); E 366.00 (65).
        buckets: buckets('122.00', '1028.78', '244.00', '366.00', zero),
        total: '1760.78',
        documents: 7,
      },
      {
        supplierKey: world.supplier.key,
        supplierName: 'Čistilni servis Žnidaršič d.o.o.',
        currency: 'USD',
        // C, 96 days past due.
        buckets: buckets(zero, zero, zero, zero, '500.00'),
        total: '500.00',
        documents: 1,
      },
      {
        supplierKey: tiskarna.key,
        supplierName: 'Tiskarna Tisk d.o.o.',
        currency: 'EUR',
        // K falls due that very day: not yet late.
        buckets: buckets('200.00', zero, zero, zero, zero),
        total: '200.00',
        documents: 1,
      },
    ]);
    expect(report.totals).toEqual([
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
    ]);
  });

  it('leaves out what was paid by the day asked for, and ages the rest to it', async () => {
    const report = await get<AgingReport>('/api/report/aging?asOf=2026-11-20');
    // F was paid on 10 November. A 10 days, H 19, I 26; B 31; D 61, E 80.
    const own = report.rows.find(
      (r) => r.supplierKey === world.supplier.key && r.currency === 'EUR',
    );
    expect(own).toMatchObject({
      buckets: buckets(zero, '249.00', '801.78', '610.00', zero),
      total: '1660.78',
      documents: 6,
    });
    expect(report.rows.find((r) => r.supplierKey === tiskarna.key)).toMatchObject({
      buckets: buckets(zero, '200.00', zero, zero, zero),
    });
  });

  it('counts nothing received after the day asked for', async () => {
    const report = await get<AgingReport>('/api/report/aging?asOf=2026-09-30');
    expect(report.rows).toEqual([]);
    expect(report.totals).toEqual([]);
  });

  it('narrows to a supplier and to the documents standing at a workflow step', async () => {
    const bySupplier = await get<AgingReport>(
      `/api/report/aging?asOf=2026-11-05&supplier=${tiskarna.key}`,
    );
    expect(bySupplier.rows.map((r) => [r.supplierName, r.total])).toEqual([
      ['Tiskarna Tisk d.o.o.', '200.00'],
    ]);
    const waiting = await get<AgingReport>(
      '/api/report/aging?asOf=2026-11-05&workflowStep=approval',
    );
    // H, forwarded but still in approval.
    expect(waiting.totals).toEqual([
      {
        currency: 'EUR',
        buckets: buckets(zero, '50.00', zero, zero, zero),
        total: '50.00',
        documents: 1,
      },
    ]);
  });

  it('ages to today when no day is given: all that is owed now, F paid', async () => {
    const report = await get<AgingReport>('/api/report/aging');
    expect(report.asOf).toBe(new Date().toISOString().slice(0, 10));
    expect(report.totals.map((r) => [r.currency, r.total, r.documents])).toEqual([
      ['EUR', '1860.78', 7],
      ['USD', '500.00', 1],
    ]);
  });

  it('narrows to the documents with a cost line on a cost centre', async () => {
    await sql`update doc_cost_line set cost_center_code = 'UPR'
      where doc_id = (select id from doc where key = ${keys.K}::uuid)`.execute(world.t.database.db);
    const report = await get<AgingReport>('/api/report/aging?asOf=2026-11-05&costCenter=UPR');
    expect(report.rows.map((r) => [r.supplierName, r.total])).toEqual([
      ['Tiskarna Tisk d.o.o.', '200.00'],
    ]);
  });

  it('answers every member the same, and refuses a stranger and a bad date with what is wrong', async () => {
    const asBoss = await get<AgingReport>('/api/report/aging?asOf=2026-11-05');
    for (const headers of [world.h.acc, world.h.dex])
      expect(await get<AgingReport>('/api/report/aging?asOf=2026-11-05', headers)).toEqual(asBoss);
    const stranger = await world.t.app.inject({
      url: '/api/report/aging',
      headers: { ...world.h.eve, 'organization-id': world.h.boss['organization-id'] ?? '' },
    });
    expect(stranger.statusCode).toBe(403);
    // Eve's own organisation owes nothing: nothing of the others' leaks into it.
    expect((await get<AgingReport>('/api/report/aging', world.h.eve)).rows).toEqual([]);
    const bad = await world.t.app.inject({
      url: '/api/report/aging?asOf=5.11.2026',
      headers: world.h.boss,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { field?: string }[] }>().error[0]?.field).toBe('asOf');
  });
});

describe('cash needed', () => {
  it('splits approved, unpaid amounts by due week and by how far their payment went', async () => {
    const report = await get<CashReport>('/api/report/cash?from=2026-11-02');
    expect(report.from).toBe('2026-11-02');
    expect(report.weeks).toHaveLength(12);
    expect(report.weeks[0]).toBe('2026-11-02');
    expect(report.weeks[11]).toBe('2027-01-18');
    const parts = (inPackage: string, ordered: string, notOrdered: string) => ({
      inPackage,
      ordered,
      notOrdered,
    });
    // K (5 Nov) and A (10 Nov); H waits for approval and F is paid: neither counts.
    expect(report.rows).toEqual([
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
    ]);
    // Due before 2 November: E packaged, D ordered, B and the returned I not ordered; C apart.
    expect(report.overdue).toEqual([
      {
        currency: 'EUR',
        parts: parts('366.00', '244.00', '878.78'),
        total: '1488.78',
        documents: 4,
      },
      { currency: 'USD', parts: parts(zero, zero, '500.00'), total: '500.00', documents: 1 },
    ]);
    expect(report.later).toEqual([]);
  });

  it('puts each into the week it falls due in, from an earlier Monday', async () => {
    const report = await get<CashReport>('/api/report/cash?from=2026-09-03');
    expect(report.from).toBe('2026-09-03');
    expect(report.weeks[0]).toBe('2026-08-31');
    const parts = (inPackage: string, ordered: string, notOrdered: string) => ({
      inPackage,
      ordered,
      notOrdered,
    });
    expect(report.rows.map((r) => [r.week, r.currency, r.parts, r.total])).toEqual([
      ['2026-09-14', 'EUR', parts(zero, '244.00', zero), '244.00'],
      // B (20 October) and I (25 October), the week of Monday 19 October.
      ['2026-10-19', 'EUR', parts(zero, zero, '878.78'), '878.78'],
      ['2026-11-02', 'EUR', parts(zero, zero, '200.00'), '200.00'],
      ['2026-11-09', 'EUR', parts(zero, zero, '122.00'), '122.00'],
    ]);
    // E fell due on 1 September, before the 3rd: overdue then, though in the first week.
    expect(report.overdue.map((r) => [r.currency, r.parts, r.total])).toEqual([
      ['EUR', parts('366.00', zero, zero), '366.00'],
      ['USD', parts(zero, zero, '500.00'), '500.00'],
    ]);
  });
});

describe('across organisations', () => {
  it("shows an accountant's organisations a line each, and no one else's", async () => {
    const { apikey } = await login(world.t, (await accountantName()) ?? '');
    const res = await world.t.app.inject({
      url: '/api/reports/aging?asOf=2026-11-05',
      headers: { authorization: apikey },
    });
    expect(res.statusCode, res.body).toBe(200);
    const across = res.json<{
      rows: { organizationName: string; currency: string; total: string }[];
    }>();
    expect(across.rows.map((r) => [r.organizationName, r.currency, r.total])).toEqual(
      [
        [other.name, 'EUR', '61.00'],
        [await ownName(), 'EUR', '1960.78'],
        [await ownName(), 'USD', '500.00'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const cash = await world.t.app.inject({
      url: '/api/reports/cash?from=2026-11-02',
      headers: { authorization: apikey },
    });
    expect(cash.statusCode, cash.body).toBe(200);
    // The other organisation's invoice has no workflow: active, but nobody approved it.
    expect(
      cash
        .json<{ overdue: { organizationName: string; total: string }[] }>()
        .overdue.map((r) => [r.organizationName, r.total]),
    ).toEqual([
      [await ownName(), '1488.78'],
      [await ownName(), '500.00'],
    ]);
    const signedOut = await world.t.app.inject({ url: '/api/reports/aging' });
    expect(signedOut.statusCode).toBe(401);
    expect(errorCodes(signedOut).length).toBeGreaterThan(0);
  });
});

async function accountantName() {
  const me = await world.t.app.inject({ url: '/api/account/me', headers: world.h.acc });
  return me.json<{ username: string }>().username;
}
async function ownName() {
  const org = await world.t.database.db
    .selectFrom('organization')
    .select('name')
    .where('key', '=', world.h.boss['organization-id'] ?? '')
    .executeTakeFirstOrThrow();
  return org.name;
}
