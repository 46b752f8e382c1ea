import type { TableRecord } from '@listina/contract';
import { centsOf, centsText } from '@listina/forms';
import { sql } from 'kysely';
import { expect } from 'vitest';
import {
  createDocumentType,
  createOrganization,
  createUser,
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
/** The documents' world: its organisation, suppliers, the documents' keys by letter. */
export interface ReportsWorld {
  world: PaymentsWorld;
  /** The accountant's second organisation (one open invoice, 61.00 EUR due 2026-10-01). */
  other: { key: string; name: string };
  /** Supplier T. */
  tiskarna: TableRecord;
  keys: Record<string, string>;
  /** A workflow action on a document by the boss. */
  act: (record: TableRecord, result: string, extras?: Record<string, unknown>) => Promise<void>;
}

let world: PaymentsWorld;
let keys: Record<string, string>;

const RECEIVED = { receivedDate: '2026-10-01', issueDate: '2026-07-15' };
/** A total's net and VAT at 22 %, the net rounded to the cent (half up). */
const amounts = (total: string) => {
  const cents = centsOf(total) ?? 0n;
  const net = (cents * 100n + 61n) / 122n;
  return { netAmount: centsText(net), vatAmount: centsText(cents - net), totalAmount: total };
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

export async function act(
  record: TableRecord,
  result: string,
  extras: Record<string, unknown> = {},
) {
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
export async function readyOrders(documentKeys: string[]): Promise<string[]> {
  const made = await post(world, '/api/payOrder/fromDocuments?ignoreWarnings=true', {
    documentKeys,
  });
  expect(made.statusCode, made.body).toBe(200);
  const orderKeys = itemsOf(made).map((o) => o.key);
  const ready = await post(world, '/api/payOrder/mark', { keys: orderKeys, state: 'ready' });
  expect(ready.statusCode, ready.body).toBe(200);
  return orderKeys;
}

/** Orders for the documents, sent to the bank; their keys. */
export async function sent(documentKeys: string[]): Promise<string[]> {
  const orderKeys = await readyOrders(documentKeys);
  const paid = await post(world, '/api/payOrder/pay', { keys: orderKeys });
  expect(paid.statusCode, paid.body).toBe(200);
  return orderKeys;
}

/** Builds the world of the table above (a new database; about 15 s). */
export async function buildReportsWorld(): Promise<ReportsWorld> {
  world = await createPaymentsWorld();
  keys = {};
  const created = await post(world, '/api/cl/partner', {
    ...partner.sample(2),
    name: 'Tiskarna Tisk d.o.o.',
    bankAccounts: [{ id: -1, code: 'SI56191000000123438', isActive: true }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const tiskarna = created.json<{ item: TableRecord }>().item;

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
  const other = { key: second.key, name: second.name };
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
  return { world, other, tiskarna, keys, act };
}
