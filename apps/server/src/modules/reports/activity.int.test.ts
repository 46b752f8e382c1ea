import type {
  ApprovalReport,
  CaptureReport,
  PaymentsReport,
  SpendReport,
  TableRecord,
} from '@listina/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../../test/factories';
import { post, type PaymentsWorld } from '../payments/payments-test-kit';
import { buildActivityWorld, captured, type ActivityWorld } from './activity-world';

/** The figures below are those of activity-world.ts's documents (its header). */
let world: PaymentsWorld;
let keys: Record<string, string>;
let tiskarna: TableRecord;
let docId: ActivityWorld['docId'];
const db = () => world.t.database.db;

beforeAll(async () => {
  ({ world, keys, tiskarna, docId } = await buildActivityWorld());
}, 240_000);
afterAll(() => world.t.close());

const get = async <T>(url: string, headers = world.h.boss) => {
  const res = await world.t.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const PERIOD = 'from=2026-01-01&to=2026-11-30';

describe('spend', () => {
  const figures = (
    net: string,
    gross: string,
    documents: number,
    netLastYear = '0.00',
    grossLastYear = '0.00',
    documentsLastYear = 0,
  ) => ({ net, gross, documents, netLastYear, grossLastYear, documentsLastYear });

  it('sums net and gross per supplier and currency against the year before', async () => {
    const report = await get<SpendReport>('/api/report/spend?year=2026&by=supplier');
    expect(report.year).toBe(2026);
    expect(report.rows).toEqual([
      {
        key: world.supplier.key,
        name: 'Čistilni servis Žnidaršič d.o.o.',
        currency: 'EUR',
        // A 122.00/100.00, B 1,801.78/1,476.87, D 244/200, E 366/300, F 100/81.97, H 50/40.98,
        // I 77/63.11; G was rejected and J is a draft.
        ...figures('2262.93', '2760.78', 7),
      },
      {
        key: tiskarna.key,
        name: 'Tiskarna Tisk d.o.o.',
        currency: 'EUR',
        // K 200.00/163.93 this year, L 610.00/500.00 the year before.
        ...figures('163.93', '200.00', 1, '500.00', '610.00', 1),
      },
      {
        key: world.supplier.key,
        name: 'Čistilni servis Žnidaršič d.o.o.',
        currency: 'USD',
        ...figures('409.84', '500.00', 1),
      },
    ]);
    expect(report.totals).toEqual([
      { currency: 'EUR', ...figures('2426.86', '2960.78', 8, '500.00', '610.00', 1) },
      { currency: 'USD', ...figures('409.84', '500.00', 1) },
    ]);
    expect(report.months).toEqual([
      { month: 3, currency: 'EUR', ...figures('0.00', '0.00', 0, '500.00', '610.00', 1) },
      { month: 7, currency: 'EUR', ...figures('2426.86', '2960.78', 8) },
      { month: 7, currency: 'USD', ...figures('409.84', '500.00', 1) },
    ]);
  });

  it('splits by cost centre line by line, each line its share of the net', async () => {
    const report = await get<SpendReport>('/api/report/spend?year=2026&by=costCenter');
    // A–K have one line each, of their total, on no cost centre. L's lines add up to its
    // total: UPR 366.00 (net 366 × 500 / 610 = 300.00), none 244.00 (net 200.00).
    expect(report.rows).toEqual([
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
    ]);
    // A document with lines on two cost centres counts once in the total.
    expect(report.totals[0]).toEqual({
      currency: 'EUR',
      ...figures('2426.86', '2960.78', 8, '500.00', '610.00', 1),
    });
    const narrowed = await get<SpendReport>(
      '/api/report/spend?year=2025&by=costCenter&costCenter=UPR',
    );
    // The filter takes documents with a line there; all their lines count.
    expect(narrowed.totals).toEqual([{ currency: 'EUR', ...figures('500.00', '610.00', 1) }]);
  });

  it('keeps its monthly sums equal to the documents through every change made above', async () => {
    const sums = (from: string) => sql<Record<string, unknown>>`
      select month::text, customer_key::text, document_type_id::text, currency_code,
        net::text, gross::text, documents
      from ${sql.raw(from)} order by 1, 2, 3, 4`;
    const kept = await sums(
      '(select * from doc_spend where documents <> 0 or net <> 0 or gross <> 0) s',
    ).execute(db());
    const fresh = await sums(`(
      select date_trunc('month', coalesce(issue_date, received_date,
          (created_at at time zone 'UTC')::date))::date as month,
        customer_key, document_type_id, currency_code,
        sum(coalesce(net_amount, total_amount - coalesce(vat_amount, 0), 0)) as net,
        sum(coalesce(total_amount, 0)) as gross, count(*)::int as documents
      from doc where status in ('active', 'archived')
      group by 1, 2, 3, 4) s`).execute(db());
    expect(kept.rows.length).toBeGreaterThan(3);
    expect(kept.rows).toEqual(fresh.rows);
  });

  it('names document types in the language of the request', async () => {
    const { rows } = await sql<{ name_sl: string; name_en: string }>`
      select name_sl, name_en from document_type where id = ${world.typeId}`.execute(db());
    const type = rows[0];
    const sl = await get<SpendReport>('/api/report/spend?year=2026&by=documentType', {
      ...world.h.boss,
      'content-language': 'sl',
    });
    expect(sl.rows.map((r) => [r.key, r.name, r.currency, r.gross])).toEqual([
      [String(world.typeId), type?.name_sl, 'EUR', '2960.78'],
      [String(world.typeId), type?.name_sl, 'USD', '500.00'],
    ]);
    const en = await get<SpendReport>('/api/report/spend?year=2026&by=documentType', {
      ...world.h.boss,
      'content-language': 'en-GB',
    });
    expect(en.rows[0]?.name).toBe(type?.name_en);
  });
});

describe('approval times', () => {
  it('gives median and 90th percentile per step and approver, and who waits longest', async () => {
    const report = await get<ApprovalReport>(`/api/report/approval?${PERIOD}`);
    expect(report).toMatchObject({ from: '2026-01-01', to: '2026-11-30' });
    // Ten decisions in the period: 1–8 hours (A–K's confirmations), 10 (G rejected) and
    // 11 (H forwarded); L's, in 2025, is not. Median (5 + 6) / 2 = 5.5 h; the 90th percentile
    // lies a tenth of the way from 10 h to 11 h: 10.1 h.
    const figures = {
      decisions: 10,
      medianSeconds: 19_800,
      p90Seconds: 36_360,
      forwards: 1,
      rejections: 1,
      returns: 0,
    };
    expect(report.steps).toEqual([expect.objectContaining({ tile: 'approval', ...figures })]);
    const { rows } = await sql<{ display_name: string }>`
      select display_name from app_user where id = (select user_id from workflow_log
        where doc_id = ${docId('G')} and result_code = 'rejected')`.execute(db());
    expect(report.approvers).toEqual([
      expect.objectContaining({ displayName: rows[0]?.display_name, ...figures }),
    ]);
    expect(report.waiting.map((w) => [w.number, w.tile, w.since, w.amount])).toEqual([
      ['H-2026', 'approval', '2026-11-01T08:00:00.000Z', '50.00'],
    ]);
    const waited = (Date.now() - Date.parse('2026-11-01T08:00:00Z')) / 1000;
    expect(Math.abs((report.waiting[0]?.seconds ?? 0) - waited)).toBeLessThan(120);
  });

  it('narrows to a supplier and to a period', async () => {
    const t = await get<ApprovalReport>(`/api/report/approval?${PERIOD}&supplier=${tiskarna.key}`);
    expect(t.steps).toEqual([
      expect.objectContaining({ decisions: 1, medianSeconds: 8 * 3600, p90Seconds: 8 * 3600 }),
    ]);
    expect(t.waiting).toEqual([]);
    const before = await get<ApprovalReport>('/api/report/approval?from=2025-01-01&to=2025-12-31');
    expect(before.steps).toEqual([
      expect.objectContaining({ decisions: 1, medianSeconds: 9 * 3600 }),
    ]);
  });
});

describe('capture', () => {
  it('counts the captured values users kept, by source, field and supplier', async () => {
    const report = await get<CaptureReport>(`/api/report/capture?${PERIOD}`);
    // A: its due date was corrected (10 Nov, read 9 Nov); the total (122.0), number and the
    // IBAN (spaced, lower case) kept. K: its reference model (SI00 learned, saved SI12)
    // corrected. D: all kept. L was captured in 2025.
    expect(report).toMatchObject({ documents: 3, keptUnchanged: 1 });
    expect(report.bySource).toEqual([
      { source: 'learned', captured: 1, corrected: 1 },
      { source: 'qr', captured: 1, corrected: 1 },
      { source: 'einvoice', captured: 3, corrected: 0 },
      { source: 'ocr', captured: 2, corrected: 0 },
      { source: 'text', captured: 2, corrected: 0 },
    ]);
    expect(report.byField).toEqual([
      { field: 'dueDate', captured: 1, corrected: 1 },
      { field: 'referenceModel', captured: 1, corrected: 1 },
      { field: 'invoiceNumber', captured: 3, corrected: 0 },
      { field: 'totalAmount', captured: 2, corrected: 0 },
      { field: 'iban', captured: 1, corrected: 0 },
      { field: 'netAmount', captured: 1, corrected: 0 },
    ]);
    expect(report.bySupplier).toEqual([
      {
        supplierKey: world.supplier.key,
        supplierName: 'Čistilni servis Žnidaršič d.o.o.',
        documents: 2,
        keptUnchanged: 1,
        captured: 6,
        corrected: 1,
      },
      {
        supplierKey: tiskarna.key,
        supplierName: 'Tiskarna Tisk d.o.o.',
        documents: 1,
        keptUnchanged: 0,
        captured: 3,
        corrected: 1,
      },
    ]);
  });

  it('reads the same figures value by value when a filter needs the documents', async () => {
    const report = await get<CaptureReport>(
      `/api/report/capture?${PERIOD}&supplier=${world.supplier.key}`,
    );
    // Supplier S: A (a due date corrected) and D (all kept).
    expect(report).toMatchObject({ documents: 2, keptUnchanged: 1 });
    expect(report.bySource).toEqual([
      { source: 'qr', captured: 1, corrected: 1 },
      { source: 'einvoice', captured: 3, corrected: 0 },
      { source: 'text', captured: 2, corrected: 0 },
    ]);
    expect(report.byField).toEqual([
      { field: 'dueDate', captured: 1, corrected: 1 },
      { field: 'invoiceNumber', captured: 2, corrected: 0 },
      { field: 'iban', captured: 1, corrected: 0 },
      { field: 'netAmount', captured: 1, corrected: 0 },
      { field: 'totalAmount', captured: 1, corrected: 0 },
    ]);
  });

  it('follows a correction made later, and a document deleted and brought back', async () => {
    // D's net changes: no longer what was read.
    await sql`update doc set net_amount = 201 where id = ${docId('D')}`.execute(db());
    await sql`select listina_capture_outcome(organization_id, array[id]) from doc
      where id = ${docId('D')}`.execute(db());
    const corrected = await get<CaptureReport>(`/api/report/capture?${PERIOD}`);
    expect(corrected).toMatchObject({ documents: 3, keptUnchanged: 0 });
    expect(corrected.byField).toContainEqual({ field: 'netAmount', captured: 1, corrected: 1 });
    await sql`update doc set net_amount = 200 where id = ${docId('D')}`.execute(db());
    await sql`select listina_capture_outcome(organization_id, array[id]) from doc
      where id = ${docId('D')}`.execute(db());

    // The draft J captured (its number kept), deleted, and its delete undone.
    const { rows } = await sql<{ key: string }>`
      select key::text as key from doc where number = 'J-2026'`.execute(db());
    keys.J = rows[0]?.key ?? '';
    await captured('J', '2026-10-04T09:00:00Z', { invoiceNumber: ['J-2026', 'text'] });
    const numbers = async () =>
      (await get<CaptureReport>(`/api/report/capture?${PERIOD}`)).byField.find(
        (f) => f.field === 'invoiceNumber',
      );
    expect(await numbers()).toEqual({ field: 'invoiceNumber', captured: 4, corrected: 0 });
    const deleted = await world.t.app.inject({
      method: 'DELETE',
      url: '/api/doc?ignoreWarnings=true',
      headers: world.h.boss,
      payload: { keys: [keys.J] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await numbers()).toEqual({ field: 'invoiceNumber', captured: 3, corrected: 0 });
    const undone = await post(
      world,
      `/api/undo/${deleted.json<{ undoId: string }>().undoId}`,
      {},
      world.h.boss,
    );
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await numbers()).toEqual({ field: 'invoiceNumber', captured: 4, corrected: 0 });
    await sql`select listina_capture_outcome(organization_id, array[id]) from doc
      where id = ${docId('J')}`.execute(db());
  });

  it('counts the documents of the period by how they came in', async () => {
    const report = await get<CaptureReport>('/api/report/capture');
    // Twelve documents typed in this organisation today (A–L), none by mail or upload.
    expect(report.channels).toEqual([{ channel: 'typed', documents: 12 }]);
  });
});

describe('payments', () => {
  it('gives orders by state, returns by reason, and when documents were paid', async () => {
    const report = await get<PaymentsReport>(`/api/report/payments?${PERIOD}`);
    expect(report.states).toEqual([
      // D's order waits as a draft, E's is in a package; A, F and K's are paid; I's came back.
      { state: 'draft', currency: 'EUR', orders: 1, amount: '244.00' },
      { state: 'inPackage', currency: 'EUR', orders: 1, amount: '366.00' },
      { state: 'paid', currency: 'EUR', orders: 3, amount: '422.00' },
      { state: 'rejected', currency: 'EUR', orders: 1, amount: '77.00' },
    ]);
    expect(report.returns).toEqual([
      { reason: 'AC04 Closed account', currency: 'EUR', orders: 1, amount: '77.00' },
    ]);
    // A paid 2 Nov (32 days after receipt, 8 early), K 5 Nov (35, on its day), F 10 Nov (40,
    // 10 late): 107 / 3 = 35.7 days.
    expect(report.paid).toEqual([
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
    ]);
  });

  it('narrows to a supplier, and to the year before', async () => {
    const t = await get<PaymentsReport>(`/api/report/payments?${PERIOD}&supplier=${tiskarna.key}`);
    expect(t.states).toEqual([{ state: 'paid', currency: 'EUR', orders: 1, amount: '200.00' }]);
    expect(t.returns).toEqual([]);
    const before = await get<PaymentsReport>('/api/report/payments?from=2025-01-01&to=2025-12-31');
    // L: received 12 March, paid 15 April, due 10 April: 34 days, 5 late.
    expect(before.paid).toEqual([
      expect.objectContaining({
        documents: 1,
        averageDaysToPay: '34.0',
        late: 1,
        averageDaysLate: '5.0',
      }),
    ]);
  });
});

describe('rights and bad input', () => {
  it('answers every member, refuses strangers, and says what is wrong with a query', async () => {
    for (const path of ['spend', 'approval', 'capture', 'payments']) {
      for (const headers of [world.h.acc, world.h.dex]) await get(`/api/report/${path}`, headers);
      const stranger = await world.t.app.inject({
        url: `/api/report/${path}`,
        headers: { ...world.h.eve, 'organization-id': world.h.boss['organization-id'] ?? '' },
      });
      expect(stranger.statusCode).toBe(403);
    }
    // Another organisation's member sees its own (empty) reports, never these documents.
    expect((await get<SpendReport>('/api/report/spend?year=2026', world.h.eve)).rows).toEqual([]);
    for (const url of [
      '/api/report/spend?by=colour',
      '/api/report/spend?year=1066',
      '/api/report/approval?from=2026-02-30',
      '/api/report/capture?supplier=nobody',
    ]) {
      const bad = await world.t.app.inject({ url, headers: world.h.boss });
      expect(bad.statusCode, url).toBe(400);
      expect(errorCodes(bad).length, url).toBeGreaterThan(0);
    }
  });
});
