import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TableRecord } from '@listina/contract';
import { injectMultipart } from '../../../test/factories';
import { codesOf, injectAtOnce, statusCounts, type Answer } from '../../../test/concurrency';
import { readPain001 } from './iso20022';
import { writeCamt053 } from './iso20022/camt-fixture';
import {
  approvedInvoice,
  createPaymentsWorld,
  newOrder,
  PAYER_IBAN,
  post,
  readOrder,
  type PaymentsWorld,
} from './payments-test-kit';

/**
 * Issue 22, double actions in payments: each call that changes state, sent 20 times at once
 * (a double click, a retrying client), leaves the data as one call would; the others answer
 * 409 in words (or 200 having changed nothing), never 500.
 */
let world: PaymentsWorld;
beforeAll(async () => {
  world = await createPaymentsWorld();
}, 60_000);
afterAll(() => world.t.close());

const TIMES = 20;

const atOnce = (url: string, payload: unknown) =>
  injectAtOnce(world.t, TIMES, {
    method: 'POST',
    url,
    headers: world.h.acc,
    payload: payload as object,
  });

/**
 * One answer acted (200); the others are 409 with one of these messages: the state the
 * record is in now, or, for a request that read it just before the winner wrote it
 * (PostgreSQL), that it changed meanwhile.
 */
function expectOneActed(answers: Answer[], code: string) {
  expect(statusCounts(answers)).toEqual({ 200: 1, 409: TIMES - 1 });
  const raced = ['errors.changedMeanwhile', 'errors.staleVersion'];
  for (const answer of answers.filter((a) => a.status === 409))
    expect([[code], ...raced.map((c) => [c])]).toContainEqual(codesOf(answer));
}

/** How many audit lines of an order record an update of its state. */
async function stateChanges(key: string, table = 'payOrder') {
  const res = await world.t.app.inject({
    url: `/api/${table}/${key}/audit`,
    headers: world.h.boss,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { items } = res.json<{ items: { action: string; changes: { field: string }[] }[] }>();
  return items.filter((i) => i.action === 'update' && i.changes.some((c) => c.field === 'state'))
    .length;
}

async function readyOrder(fields: Record<string, unknown> = {}) {
  const order = await newOrder(world, fields);
  const marked = await post(world, '/api/payOrder/mark', { keys: [order.key], state: 'ready' });
  expect(marked.statusCode, marked.body).toBe(200);
  return order;
}

async function ordersOfDocument(documentKey: string) {
  const { rows } = await sql<{ count: string }>`
    select count(*)::text as count from pay_order_doc l join doc d on d.id = l.doc_id
    where d.key = ${documentKey}::uuid`.execute(world.t.database.db);
  return Number(rows[0]?.count);
}

describe('payment calls sent many times at once', () => {
  it('marks an order ready once; the others are told it is ready already', async () => {
    const order = await newOrder(world);
    const answers = await atOnce('/api/payOrder/mark', { keys: [order.key], state: 'ready' });
    expectOneActed(answers, 'errors.payOrder.already.ready');
    expect((await readOrder(world, order.key)).state).toBe('ready');
    expect(await stateChanges(order.key)).toBe(1);
  });

  it('splits an order once: the others are told it changed meanwhile', async () => {
    const order = await newOrder(world, { amount: '100.00' });
    const answers = await atOnce(`/api/payOrder/${order.key}/split`, {
      splitVal: '10.00',
      version: order.version,
    });
    expectOneActed(answers, 'errors.changedMeanwhile');
    expect((await readOrder(world, order.key)).amount).toBe('90.00');
  });

  it('packages ready orders once', async () => {
    const order = await readyOrder();
    const answers = await atOnce('/api/payPackage/build', { keys: [order.key] });
    expectOneActed(answers, 'errors.payOrder.notReady');
    const after = await readOrder(world, order.key);
    expect(after.state).toBe('inPackage');
    const { rows } = await sql<{ count: string }>`
      select count(*)::text as count from pay_package
      where id = ${Number(after.payPackageId)}`.execute(world.t.database.db);
    expect(rows[0]?.count).toBe('1');
  });

  it('pays once: one file, the orders sent once', async () => {
    const order = await readyOrder();
    const answers = await atOnce('/api/payOrder/pay', { keys: [order.key] });
    expectOneActed(answers, 'errors.payOrder.notSendable');
    const file = answers.find((a) => a.status === 200);
    expect(readPain001(file?.body ?? '').orders.length).toBe(1);
    expect((await readOrder(world, order.key)).state).toBe('sent');
  });

  it('marks a sent package paid once', async () => {
    const order = await readyOrder();
    const paid = await post(world, '/api/payOrder/pay', { keys: [order.key] });
    expect(paid.statusCode, paid.body).toBe(200);
    const packageKey = await packageKeyOf(order.key);
    const answers = await atOnce('/api/payPackage/mark', { keys: [packageKey], state: 'paid' });
    expectOneActed(answers, 'errors.payPackage.already.paid');
    expect((await readOrder(world, order.key)).state).toBe('paid');
    expect(await stateChanges(order.key)).toBe(4);
  });

  it('takes a statement once: the others change nothing and say so', async () => {
    const order = await readyOrder({ amount: '42.00' });
    const paid = await post(world, '/api/payOrder/pay', { keys: [order.key] });
    const endToEndId = readPain001(paid.body).orders[0]?.endToEndId ?? '';
    const xml = writeCamt053(
      [
        {
          endToEndId,
          amount: '42.00',
          currency: 'EUR',
          creditDebit: 'DBIT',
          status: 'BOOK',
          bookingDate: '2026-11-26',
          returned: false,
        },
      ],
      { iban: PAYER_IBAN, batchBooking: false },
    );
    const answers = await Promise.all(
      Array.from({ length: TIMES }, () =>
        injectMultipart(world.t, { url: '/api/payOrder/statement', headers: world.h.acc }, [
          { name: 'file', filename: 'izpisek.xml', content: Buffer.from(xml), type: 'text/xml' },
        ]),
      ),
    );
    expect(answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 409)).toEqual([]);
    const bodies = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => a.json<{ paid: TableRecord[]; undoId: string | null }>());
    expect(bodies.filter((b) => b.paid.length === 1).length).toBe(1);
    expect(bodies.filter((b) => b.paid.length === 0).every((b) => b.undoId === null)).toBe(true);
    expect((await readOrder(world, order.key)).state).toBe('paid');
  });

  it('makes one order of a document however often it is asked', async () => {
    const invoice = await approvedInvoice(world);
    const answers = await atOnce('/api/payOrder/fromDocuments?ignoreWarnings=true', {
      documentKeys: [invoice.key],
    });
    expectOneActed(answers, 'errors.payOrder.alreadyOrdered');
    expect(await ordersOfDocument(invoice.key)).toBe(1);
  });
});

async function packageKeyOf(orderKey: string) {
  const order = await readOrder(world, orderKey);
  const { rows } = await sql<{ key: string }>`
    select key::text from pay_package where id = ${Number(order.payPackageId)}`.execute(
    world.t.database.db,
  );
  return rows[0]?.key ?? '';
}
