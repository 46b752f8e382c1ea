import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBankReady } from './iso20022/bank-ready';
import {
  approvedInvoice,
  createPaymentsWorld,
  itemsOf as items,
  post,
  readDoc,
  readOrder,
  type PaymentsWorld,
} from './payments-test-kit';

/**
 * Issue 21: an order made from a document pays what the document says is due, in the
 * document's currency. The invoices are those outside testing found: 1,801.78 with 1,000.00
 * prepaid (801.78 due), 1,026.65 rounded to 1,026.66, and one in Danish kroner.
 */
let world: PaymentsWorld;
beforeAll(async () => {
  world = await createPaymentsWorld();
}, 60_000);
afterAll(() => world.t.close());

const warningsOf = (res: { json: () => unknown }) =>
  (res.json() as { warning?: { code: string; msg: string }[] }).warning ?? [];
const errorsOf = (res: { json: () => unknown }) =>
  (res.json() as { error?: { code: string; msg: string; field?: string }[] }).error ?? [];

const PREPAID = {
  netAmount: '1476.87',
  vatAmount: '324.91',
  totalAmount: '1801.78',
  prepaidAmount: '1000.00',
  amountDue: '801.78',
};

describe('orders pay the amount due', () => {
  it('pays 801.78 of a 1,801.78 invoice with 1,000.00 prepaid, says so first, and the order keeps both', async () => {
    const invoice = await approvedInvoice(world, PREPAID);
    expect(invoice).toMatchObject({ totalAmount: '1801.78', amountDue: '801.78' });
    const warned = await post(world, '/api/payOrder/fromDocuments', {
      documentKeys: [invoice.key],
    });
    expect(warned.statusCode).toBe(400);
    expect(warningsOf(warned).map((w) => w.code)).toEqual(['warnings.payOrder.paysAmountDue']);
    expect(warningsOf(warned)[0]?.msg).toBe(
      `Document ${String(invoice.number)}: the order pays the amount due 801,78 EUR, not the total 1.801,78 EUR.`,
    );
    expect((await readDoc(world, invoice.key)).paymentState).toBe('unpaid');

    const made = await post(world, '/api/payOrder/fromDocuments?ignoreWarnings=true', {
      documentKeys: [invoice.key],
    });
    expect(made.statusCode, made.body).toBe(200);
    const [order] = items(made);
    expect(order).toMatchObject({
      amount: '801.78',
      currencyCode: 'EUR',
      documentTotalAmount: '1801.78',
      documentAmountDue: '801.78',
    });
    // The order's own save warns when it no longer adds up to the amount due, naming both.
    const changed = await world.t.app.inject({
      method: 'PUT',
      url: `/api/payOrder/${String(order?.key)}`,
      headers: world.h.acc,
      payload: { amount: '1801.78', version: order?.version },
    });
    expect(changed.statusCode).toBe(400);
    expect(warningsOf(changed).map((w) => [w.code, w.msg])).toEqual([
      [
        'warnings.payOrder.amountDueDiffers',
        `The payment orders of document ${String(invoice.number)} no longer add up to its amount due 801,78 (its total is 1.801,78).`,
      ],
    ]);
  });

  it('pays the rounded amount due (1,026.66 of 1,026.65) and a document without an amount due its total', async () => {
    const rounded = await approvedInvoice(world, {
      netAmount: '841.52',
      vatAmount: '185.13',
      totalAmount: '1026.65',
      roundingAmount: '0.01',
      amountDue: '1026.66',
    });
    const plain = await approvedInvoice(world, {
      netAmount: '100.00',
      vatAmount: '22.00',
      totalAmount: '122.00',
    });
    expect(plain.amountDue).toBeNull();
    const made = await post(world, '/api/payOrder/fromDocuments?ignoreWarnings=true', {
      documentKeys: [rounded.key, plain.key],
    });
    expect(made.statusCode, made.body).toBe(200);
    const byDocument = new Map(items(made).map((o) => [o.documentKey, o]));
    expect(byDocument.get(rounded.key)?.amount).toBe('1026.66');
    expect(byDocument.get(plain.key)).toMatchObject({
      amount: '122.00',
      documentTotalAmount: '122.00',
      documentAmountDue: '122.00',
    });
  });

  it('refuses a document with nothing left to pay, writing nothing', async () => {
    const paidAhead = await approvedInvoice(world, {
      ...PREPAID,
      prepaidAmount: '1801.78',
      amountDue: '0.00',
    });
    const refused = await post(world, '/api/payOrder/fromDocuments?ignoreWarnings=true', {
      documentKeys: [paidAhead.key],
    });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused).map((e) => e.msg)).toEqual([
      `Document ${String(paidAhead.number)} has nothing left to pay: its amount due is 0,00.`,
    ]);
    expect((await readDoc(world, paidAhead.key)).paymentState).toBe('unpaid');
  });
});

describe('the document warns when the amount due does not follow from its total', () => {
  it('warns on the amountDue field unless prepaid and rounding explain it', async () => {
    const unexplained = await world.t.app.inject({
      method: 'POST',
      url: '/api/doc',
      headers: world.h.boss,
      payload: {
        number: 'AD-1',
        documentTypeId: world.typeId,
        totalAmount: '1801.78',
        amountDue: '801.78',
      },
    });
    expect(unexplained.statusCode).toBe(400);
    const { warning } = unexplained.json<{ warning: { field: string; msg: string }[] }>();
    expect(warning.map((w) => [w.field, w.msg])).toEqual([
      [
        'amountDue',
        'The amount due should be the total 1.801,78 less the prepaid 0,00 plus the rounding 0,00, which is 1.801,78.',
      ],
    ]);
    const explained = await world.t.app.inject({
      method: 'POST',
      url: '/api/doc',
      headers: world.h.boss,
      payload: {
        number: 'AD-2',
        documentTypeId: world.typeId,
        totalAmount: '1801.78',
        prepaidAmount: '1000',
        amountDue: '801.78',
      },
    });
    expect(explained.statusCode, explained.body).toBe(201);
  });
});

describe('a document in another currency', () => {
  const DKK = {
    netAmount: '1000.00',
    vatAmount: '250.00',
    totalAmount: '1250.00',
    prepaidAmount: '250.00',
    amountDue: '1000.00',
    currencyCode: 'DKK',
    paymentIban: 'DK5000400440116243',
    paymentReferenceModel: null,
    paymentReference: 'Invoice 2026-881',
  };

  it('becomes a non-SEPA order in its currency, written to pain.001 in that currency', async () => {
    const invoice = await approvedInvoice(world, { ...DKK, paymentBic: 'DABADKKK' });
    const made = await post(world, '/api/payOrder/fromDocuments?ignoreWarnings=true', {
      documentKeys: [invoice.key],
    });
    expect(made.statusCode, made.body).toBe(200);
    const [order] = items(made);
    expect(order).toMatchObject({
      paymentType: 'NONSEPA',
      currencyCode: 'DKK',
      amount: '1000.00',
      recipientIBAN: 'DK5000400440116243',
      recipientBankBIC: 'DABADKKK',
      documentTotalAmount: '1250.00',
      documentAmountDue: '1000.00',
    });
    const key = String(order?.key);
    const ready = await post(world, '/api/payOrder/mark', { keys: [key], state: 'ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    const file = await post(world, '/api/payOrder/exportXML', { keys: [key] });
    expect(file.statusCode, file.body).toBe(200);
    const xml = file.body;
    expect(xml).toContain('<InstdAmt Ccy="DKK">1000.00</InstdAmt>');
    expect(xml).not.toContain('Ccy="EUR"');
    const version = xml.includes('pain.001.001.09') ? 'pain.001.001.09' : 'pain.001.001.03';
    await expectBankReady(xml, version);
    expect((await readOrder(world, key)).currencyCode).toBe('DKK');
  });

  it('is refused with the reason when the supplier’s bank is not known', async () => {
    const invoice = await approvedInvoice(world, DKK);
    const refused = await post(world, '/api/payOrder/fromDocuments?ignoreWarnings=true', {
      documentKeys: [invoice.key],
    });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused).map((e) => e.code)).toEqual(['errors.payOrder.foreignCurrencyNoBic']);
    expect(errorsOf(refused)[0]?.msg).toContain('DKK');
    expect((await readDoc(world, invoice.key)).paymentState).toBe('unpaid');
  });
});
