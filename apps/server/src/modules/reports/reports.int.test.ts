import type { AgingReport, CashReport, TableRecord } from '@listina/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDocumentType,
  createOrganization,
  createUser,
  errorCodes,
  login,
  memberHeaders,
} from '../../../test/factories';
import {
  approvedInvoice,
  createPaymentsWorld,
  itemsOf,
  post,
  readDoc,
  SUPPLIER_IBAN,
  type PaymentsWorld,
} from '../payments/payments-test-kit';
import { doc } from '../tables/entities/doc';
import { partner } from '../tables/entities/partner';

/**
 * Issue 27: payables aging and cash needed against figures worked out by hand on a fixed set
 * of documents of one organisation (supplier S, Čistilni servis; supplier T, Tiskarna), all
 * received on 1 October 2026:
 *
 * | doc | what                                            | currency | owed    | due        |
 * | A   | approved, not ordered                           | EUR      | 122.00  | 2026-11-10 |
 * | B   | approved, 1,801.78 with 1,000.00 prepaid        | EUR      | 801.78  | 2026-10-20 |
 * | C   | approved, in US dollars                         | USD      | 500.00  | 2026-08-01 |
 * | D   | approved, ordered                               | EUR      | 244.00  | 2026-09-20 |
 * | E   | approved, ordered, in a payment package         | EUR      | 366.00  | 2026-09-01 |
 * | F   | approved, paid (the bank booked it 10 Nov)      | EUR      | 100.00  | 2026-10-31 |
 * | G   | rejected                                        | EUR      | 999.00  | 2026-10-15 |
 * | H   | activated, forwarded, still waiting to approve  | EUR      | 50.00   | 2026-11-01 |
 * | I   | approved, sent, returned by the bank            | EUR      | 77.00   | 2026-10-25 |
 * | J   | a draft                                         | EUR      | 10.00   | 2026-10-01 |
 * | K   | approved, supplier T                            | EUR      | 200.00  | 2026-11-05 |
 */
let world: PaymentsWorld;
let other: { key: string; name: string };
let tiskarna: TableRecord;
const keys: Record<string, string> = {};

const RECEIVED = { receivedDate: '2026-10-01', issueDate: '2026-07-15' };
const amounts = (total: string) => {
  const net = (Number(total) / 1.22).toFixed(2);
  return {
    netAmount: net,
    vatAmount: (Number(total) - Number(net)).toFixed(2),
    totalAmount: total,
  };
};

async function activated(fields: Record<string, unknown>): Promise<TableRecord> {
  const created = await post(world, '/api/doc', {
    ...doc.sample(900 + Object.keys(keys).length),
    documentTypeId: world.typeId,
    customerKey: world.supplier.key,
    paymentIban: SUPPLIER_IBAN,
    ...RECEIVED,
    ...fields,
    costLines: [{ id: -1, account: '4000', amount: fields.totalAmount }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const key = created.json<{ item: TableRecord }>().item.key;
  const res = await post(world, '/api/doc/activate?ignoreWarnings=true', { keys: [key] });
  expect(res.statusCode, res.body).toBe(200);
  return readDoc(world, key);
}

async function act(record: TableRecord, result: string, extras: Record<string, unknown> = {}) {
  const res = await world.t.app.inject({
    method: 'POST',
    url: `/api/wf/action/${record.key}?ignoreWarnings=true`,
    headers: world.h.boss,
    payload: {
      workflowStepResultCode: result,
      extras: { version: record.version, comment: 'Test.', ...extras },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Orders for the documents, made ready; their keys. */
async function readyOrders(documentKeys: string[]): Promise<string[]> {
  const made = await post(world, '/api/payOrder/fromDocuments?ignoreWarnings=true', {
    documentKeys,
  });
  expect(made.statusCode, made.body).toBe(200);
  const orderKeys = itemsOf(made).map((o) => o.key);
  const ready = await post(world, '/api/payOrder/mark', { keys: orderKeys, state: 'ready' });
  expect(ready.statusCode, ready.body).toBe(200);
  return orderKeys;
}

async function sent(documentKeys: string[]): Promise<string[]> {
  const orderKeys = await readyOrders(documentKeys);
  const paid = await post(world, '/api/payOrder/pay', { keys: orderKeys });
  expect(paid.statusCode, paid.body).toBe(200);
  return orderKeys;
}

beforeAll(async () => {
  world = await createPaymentsWorld();
  const created = await post(world, '/api/cl/partner', {
    ...partner.sample(2),
    name: 'Tiskarna Tisk d.o.o.',
    bankAccounts: [{ id: -1, code: 'SI56191000000123438', isActive: true }],
  });
  expect(created.statusCode, created.body).toBe(201);
  tiskarna = created.json<{ item: TableRecord }>().item;

  const approved = async (name: string, fields: Record<string, unknown>) => {
    keys[name] = (
      await approvedInvoice(world, { ...RECEIVED, ...fields, number: `${name}-2026` })
    ).key;
  };
  await approved('A', { ...amounts('122.00'), dueDate: '2026-11-10' });
  await approved('B', {
    netAmount: '1476.87',
    vatAmount: '324.91',
    totalAmount: '1801.78',
    prepaidAmount: '1000.00',
    amountDue: '801.78',
    dueDate: '2026-10-20',
  });
  await approved('C', { ...amounts('500.00'), currencyCode: 'USD', dueDate: '2026-08-01' });
  await approved('D', { ...amounts('244.00'), dueDate: '2026-09-20' });
  await approved('E', { ...amounts('366.00'), dueDate: '2026-09-01' });
  await approved('F', { ...amounts('100.00'), dueDate: '2026-10-31' });
  await approved('I', { ...amounts('77.00'), dueDate: '2026-10-25' });
  await approved('K', {
    ...amounts('200.00'),
    dueDate: '2026-11-05',
    customerKey: tiskarna.key,
    paymentIban: 'SI56191000000123438',
  });

  const g = await activated({ ...amounts('999.00'), number: 'G-2026', dueDate: '2026-10-15' });
  keys.G = g.key;
  await act(g, 'rejected');
  const h = await activated({ ...amounts('50.00'), number: 'H-2026', dueDate: '2026-11-01' });
  keys.H = h.key;
  // Forwarded to a second approver, who has not decided yet.
  const ownOrg = await world.t.database.db
    .selectFrom('organization')
    .select('id')
    .where('key', '=', world.h.boss['organization-id'] ?? '')
    .executeTakeFirstOrThrow();
  const vid = await createUser(world.t);
  await world.t.database.db
    .insertInto('organization_member')
    .values({ organization_id: ownOrg.id, user_id: vid.id, roles: ['orgadmin'] })
    .execute();
  await act(h, 'forwarded', { userId: vid.key });
  const accountant = (
    await world.t.app.inject({ url: '/api/account/me', headers: world.h.acc })
  ).json<{ userId: string }>().userId;
  const j = await post(world, '/api/doc', {
    ...doc.sample(999),
    ...amounts('10.00'),
    number: 'J-2026',
    documentTypeId: world.typeId,
    customerKey: world.supplier.key,
    dueDate: '2026-10-01',
    ...RECEIVED,
  });
  expect(j.statusCode, j.body).toBe(201);

  // D ordered; E ordered and packaged; F paid on 10 November; I sent and returned.
  await post(world, '/api/payOrder/fromDocuments?ignoreWarnings=true', {
    documentKeys: [keys.D],
  });
  const packaged = await post(world, '/api/payPackage/build', {
    keys: await readyOrders([keys.E ?? '']),
  });
  expect(packaged.statusCode, packaged.body).toBe(200);
  const [paidOrder] = await sent([keys.F ?? '']);
  expect(
    (await post(world, '/api/payOrder/mark', { keys: [paidOrder], state: 'paid' })).statusCode,
  ).toBe(200);
  await sql`update pay_order set paid_at = '2026-11-10T09:00:00Z' where key = ${paidOrder}::uuid`.execute(
    world.t.database.db,
  );
  const [returned] = await sent([keys.I ?? '']);
  const back = await post(world, '/api/payOrder/mark', { keys: [returned], state: 'rejected' });
  expect(back.statusCode, back.body).toBe(200);

  expect((await readDoc(world, keys.F ?? '')).paymentState).toBe('paid');
  expect((await readDoc(world, keys.I ?? '')).paymentState).toBe('unpaid');
  expect((await readDoc(world, keys.E ?? '')).paymentState).toBe('ordered');

  // An organisation of the accountant's own, with one open invoice of its own.
  const accUser = await world.t.database.db
    .selectFrom('app_user')
    .select(['id', 'username'])
    .where('key', '=', accountant)
    .executeTakeFirstOrThrow();
  const second = await createOrganization(world.t, { [accUser.id]: ['orgadmin'] }, 'Drugo');
  other = { key: second.key, name: second.name };
  const otherHeaders = await memberHeaders(world.t, accUser, second);
  const typeThere = await createDocumentType(world.t, otherHeaders);
  const theirs = await world.t.app.inject({
    method: 'POST',
    url: '/api/doc',
    headers: otherHeaders,
    payload: {
      ...doc.sample(1),
      ...amounts('61.00'),
      number: 'O-1',
      documentTypeId: typeThere,
      dueDate: '2026-10-01',
      ...RECEIVED,
      costLines: [],
    },
  });
  expect(theirs.statusCode, theirs.body).toBe(201);
  const activatedThere = await world.t.app.inject({
    method: 'POST',
    url: '/api/doc/activate?ignoreWarnings=true',
    headers: otherHeaders,
    payload: { keys: [theirs.json<{ item: { key: string } }>().item.key] },
  });
  expect(activatedThere.statusCode, activatedThere.body).toBe(200);
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
