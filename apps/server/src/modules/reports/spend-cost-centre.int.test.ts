import type { SpendReport, TableRecord } from '@listina/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type PaymentsWorld, approvedInvoice } from '../payments/payments-test-kit';
import { costCenter } from '../tables/entities/cost-center';
import { buildReportsWorld } from './reports-world';

/**
 * Issue 27: spend by cost centre reads sums kept by the transactions that change documents and
 * their cost lines (migration 0042). The world's documents A–K (reports-world.ts; 2026: EUR net
 * 2,426.86, gross 2,960.78, 8 documents; USD 409.84 / 500.00, 1; one line each on no cost
 * centre) and M, written here: issued 5 May 2026, net 100.00 + VAT 22.00 = 122.00, its lines
 * UPR 61.00 and RAZ 61.00 (each net 61 × 100 / 122 = 50.00). Every way a part can change is
 * walked, and after each the kept sums must equal the documents' lines summed afresh.
 */
let world: PaymentsWorld;
let m: TableRecord;
const db = () => world.t.database.db;

beforeAll(async () => {
  ({ world } = await buildReportsWorld());
  for (const [code, name] of [
    ['UPR', 'Uprava'],
    ['RAZ', 'Razvoj'],
  ] as const) {
    const made = await post(world, '/api/cl/costCenter', { ...costCenter.sample(1), code, name });
    expect(made.statusCode, made.body).toBe(201);
  }
  m = await approvedInvoice(world, {
    number: 'M-2026',
    issueDate: '2026-05-05',
    netAmount: '100.00',
    vatAmount: '22.00',
    totalAmount: '122.00',
    costLines: [
      { id: -1, account: '4000', amount: '61.00', costCenterCode: 'UPR' },
      { id: -2, account: '4000', amount: '61.00', costCenterCode: 'RAZ' },
    ],
  });
}, 240_000);
afterAll(() => world.t.close());

const byCentre = async () => {
  const res = await world.t.app.inject({
    url: '/api/report/spend?year=2026&by=costCenter',
    headers: world.h.boss,
  });
  expect(res.statusCode, res.body).toBe(200);
  const report = res.json<SpendReport>();
  return {
    rows: report.rows.map((r) => [r.key, r.currency, r.net, r.gross, r.documents]),
    totals: report.totals.map((r) => [r.currency, r.net, r.gross, r.documents]),
  };
};

/** The kept sums, and the same worked out from the documents and their lines now. */
async function expectSumsFresh() {
  const kept = await sql<Record<string, unknown>>`
    select organization_id::text, month::text, cost_center_code, currency_code, net::text,
      gross::text, documents, documents_once
    from doc_spend_cost where documents <> 0 or net <> 0 or gross <> 0
    order by 1, 2, 3, 4`.execute(db());
  const fresh = await sql<Record<string, unknown>>`
    with parts as (
      select d.organization_id, d.id, coalesce(c.cost_center_code, '') as centre,
        date_trunc('month', coalesce(d.issue_date, d.received_date,
          (d.created_at at time zone 'UTC')::date))::date as month,
        d.customer_key, d.document_type_id, d.currency_code,
        sum(case when c.id is null then coalesce(d.net_amount, 0)
          else round(c.amount * d.net_amount / d.total_amount, 2) end) as net,
        sum(coalesce(c.amount, d.total_amount)) as gross
      from doc d left join doc_cost_line c on c.doc_id = d.id
      where d.status in ('active', 'archived')
      group by 1, 2, 3, 4, 5, 6, 7
    )
    select organization_id::text, month::text, centre as cost_center_code, currency_code,
      sum(net)::text as net,
      sum(gross)::text as gross,
      count(*)::int as documents,
      count(*) filter (where centre = (select min(centre) from parts q where q.id = p.id))::int
        as documents_once
    from parts p group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(db());
  expect(kept.rows.length).toBeGreaterThan(1);
  expect(kept.rows).toEqual(fresh.rows);
}

const NONE_EUR = [null, 'EUR', '2426.86', '2960.78', 8];
const NONE_USD = [null, 'USD', '409.84', '500.00', 1];

describe('spend by cost centre', () => {
  it('reads each centre its lines, a document once in the total', async () => {
    expect(await byCentre()).toEqual({
      rows: [
        NONE_EUR,
        ['RAZ', 'EUR', '50.00', '61.00', 1],
        ['UPR', 'EUR', '50.00', '61.00', 1],
        NONE_USD,
      ],
      totals: [
        ['EUR', '2526.86', '3082.78', 9],
        ['USD', '409.84', '500.00', 1],
      ],
    });
    await expectSumsFresh();

    // One supplier's spend by cost centre reads its documents' parts: its totals are its line
    // in spend by supplier.
    const ofSupplier = await world.t.app.inject({
      url: `/api/report/spend?year=2026&by=supplier`,
      headers: world.h.boss,
    });
    const line = ofSupplier
      .json<SpendReport>()
      .rows.find((r) => r.key === world.supplier.key && r.currency === 'EUR');
    const narrowed = await world.t.app.inject({
      url: `/api/report/spend?year=2026&by=costCenter&supplier=${world.supplier.key}`,
      headers: world.h.boss,
    });
    const report = narrowed.json<SpendReport>();
    expect(report.rows.map((r) => r.key)).toEqual(expect.arrayContaining(['UPR', 'RAZ']));
    expect(report.totals.find((r) => r.currency === 'EUR')).toMatchObject({
      net: line?.net,
      gross: line?.gross,
      documents: line?.documents,
    });

    // Filtered by a cost centre: the documents with a line there, each whole, by supplier.
    const ofCentre = await world.t.app.inject({
      url: '/api/report/spend?year=2026&costCenter=RAZ',
      headers: world.h.boss,
    });
    expect(ofCentre.statusCode, ofCentre.body).toBe(200);
    const centre = ofCentre.json<SpendReport>();
    expect(centre.rows.map((r) => [r.key, r.currency, r.net, r.gross, r.documents])).toEqual([
      [world.supplier.key, 'EUR', '100.00', '122.00', 1],
    ]);
    expect(centre.totals.map((r) => [r.currency, r.net, r.gross, r.documents])).toEqual([
      ['EUR', '100.00', '122.00', 1],
    ]);
  });

  it('follows a line edited through the document, its lines moved and the document changed', async () => {
    // Through the API: the RAZ line moves to UPR. One document, both lines on one centre.
    const read = await world.t.app.inject({ url: `/api/doc/${m.key}`, headers: world.h.boss });
    expect(read.statusCode, read.body).toBe(200);
    const item = read.json<TableRecord & { costLines: TableRecord[] }>();
    const saved = await world.t.app.inject({
      method: 'PUT',
      url: `/api/doc/${m.key}?ignoreWarnings=true`,
      headers: world.h.boss,
      payload: {
        version: item.version,
        costLines: item.costLines.map((line) => ({ ...line, costCenterCode: 'UPR' })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await byCentre()).rows).toContainEqual(['UPR', 'EUR', '100.00', '122.00', 1]);
    expect((await byCentre()).rows.map((r) => r[0])).not.toContain('RAZ');
    await expectSumsFresh();

    // Straight in the tables: a line dropped, another added on RAZ; the net changed.
    const mId = sql`(select id from doc where key = ${m.key}::uuid)`;
    await sql`delete from doc_cost_line where id = (select min(id) from doc_cost_line
      where doc_id = ${mId})`.execute(db());
    await sql`insert into doc_cost_line (organization_id, key, doc_id, cost_center_code, amount)
      select organization_id, gen_random_uuid(), id, 'RAZ', 61 from doc where id = ${mId}`.execute(
      db(),
    );
    await sql`update doc set net_amount = 110, vat_amount = 12 where id = ${mId}`.execute(db());
    // Each line 61.00 of 122.00: net 55.00.
    expect((await byCentre()).rows).toEqual([
      NONE_EUR,
      ['RAZ', 'EUR', '55.00', '61.00', 1],
      ['UPR', 'EUR', '55.00', '61.00', 1],
      NONE_USD,
    ]);
    await expectSumsFresh();

    // Moved to 2025 by its issue day, then rejected: gone from 2026, then from every sum.
    await sql`update doc set issue_date = '2025-05-05' where id = ${mId}`.execute(db());
    // Its centres stay as lines of the year before, with nothing in 2026.
    expect((await byCentre()).rows).toEqual([
      NONE_EUR,
      ['RAZ', 'EUR', '0.00', '0.00', 0],
      ['UPR', 'EUR', '0.00', '0.00', 0],
      NONE_USD,
    ]);
    await expectSumsFresh();
    await sql`update doc set status = 'rejected' where id = ${mId}`.execute(db());
    expect(await byCentre()).toEqual({
      rows: [NONE_EUR, NONE_USD],
      totals: [
        ['EUR', '2426.86', '2960.78', 8],
        ['USD', '409.84', '500.00', 1],
      ],
    });
    await expectSumsFresh();
  });

  it('follows a document deleted and brought back', async () => {
    await sql`update doc set status = 'active', issue_date = '2026-05-05'
      where key = ${m.key}::uuid`.execute(db());
    const before = await byCentre();
    expect(before.rows).toHaveLength(4);
    await sql`update doc set status = 'draft' where key = ${m.key}::uuid`.execute(db());
    const deleted = await world.t.app.inject({
      method: 'DELETE',
      url: '/api/doc?ignoreWarnings=true',
      headers: world.h.boss,
      payload: { keys: [m.key] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await sql`update doc set status = 'active' where key = ${m.key}::uuid`.execute(db());
    expect((await byCentre()).rows).toEqual([NONE_EUR, NONE_USD]);
    await expectSumsFresh();
    const undone = await post(
      world,
      `/api/undo/${deleted.json<{ undoId: string }>().undoId}`,
      {},
      world.h.boss,
    );
    expect(undone.statusCode, undone.body).toBe(200);
    await sql`update doc set status = 'active' where key = ${m.key}::uuid`.execute(db());
    expect(await byCentre()).toEqual(before);
    await expectSumsFresh();
  });
});
