import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList, TableRecord } from '@listina/contract';
import { injectMultipart } from '../../../test/factories';
import { readPain001, type CamtEntry } from './iso20022';
import { expectBankReady } from './iso20022/bank-ready';
import { writeCamt053 } from './iso20022/camt-fixture';
import {
  approvedInvoice,
  createPaymentsWorld,
  itemsOf,
  newOrder,
  PAYER_IBAN,
  post,
  readDoc,
  readOrder,
  type PaymentsWorld,
} from './payments-test-kit';

/**
 * Bank statements as the accountant sees them (issue 21): what each kind of entry does to
 * the order it names — its state, the bank's reason in words — and what the statement's
 * answer lists as unmatched, with why.
 */
let world: PaymentsWorld;
beforeAll(async () => {
  world = await createPaymentsWorld();
}, 60_000);
afterAll(() => world.t.close());

interface Answer {
  entries: number;
  paid: TableRecord[];
  rejected: TableRecord[];
  unmatched: {
    endToEndId: string | null;
    amount: string;
    currency: string;
    reason: string;
    bankReason?: string | null;
  }[];
  undoId: string | null;
}

/** POST /api/payOrder/statement with one file. */
const statement = (xml: string, headers: Record<string, string> = world.h.acc) =>
  injectMultipart(world.t, { url: '/api/payOrder/statement', headers }, [
    { name: 'file', filename: 'izpisek.xml', content: Buffer.from(xml), type: 'text/xml' },
  ]);

async function importStatement(xml: string): Promise<Answer> {
  const res = await statement(xml);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Answer>();
}

/** Sent orders of these amounts (through pay), with the end-to-end ids their file gave them. */
async function sentOrders(...amounts: string[]): Promise<{ key: string; endToEndId: string }[]> {
  const keys: string[] = [];
  for (const amount of amounts) keys.push((await newOrder(world, { amount })).key);
  const marked = await post(world, '/api/payOrder/mark', { keys, state: 'ready' });
  expect(marked.statusCode, marked.body).toBe(200);
  const paid = await post(world, '/api/payOrder/pay', { keys });
  expect(paid.statusCode, paid.body).toBe(200);
  await expectBankReady(paid.body, 'pain.001.001.03');
  const ids = readPain001(paid.body).orders.map((order) => order.endToEndId);
  return keys.map((key, index) => ({ key, endToEndId: ids[index] ?? '' }));
}

/** A booked debit of the order, as the bank books what we paid. */
const booked = (endToEndId: string, amount: string, extra: Partial<CamtEntry> = {}): CamtEntry => ({
  endToEndId,
  amount,
  currency: 'EUR',
  creditDebit: 'DBIT',
  status: 'BOOK',
  bookingDate: '2026-11-26',
  returned: false,
  ...extra,
});

/** The money of the order coming back: a booked credit with RtrInf/Rsn/Cd. */
const returned = (endToEndId: string, amount: string, reason: string): CamtEntry =>
  booked(endToEndId, amount, { creditDebit: 'CRDT', returned: true, reason });

const camt = (entries: CamtEntry[], batchBooking = false) =>
  writeCamt053(entries, { iban: PAYER_IBAN, batchBooking });

async function translations(locale: string): Promise<Record<string, string>> {
  const res = await world.t.app.inject({ url: `/api/translation/${locale}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ messages: Record<string, string> }>().messages;
}

describe('a bank statement', () => {
  it('marks a booked payment paid, and with it the document', async () => {
    const invoice = await approvedInvoice(world, {
      totalAmount: '300.00',
      netAmount: '245.90',
      vatAmount: '54.10',
    });
    const [order] = itemsOf(
      await post(world, '/api/payOrder/fromDocuments', { documentKeys: [invoice.key] }),
    );
    await post(world, '/api/payOrder/mark', { keys: [order?.key], state: 'ready' });
    const paid = await post(world, '/api/payOrder/pay', { keys: [order?.key] });
    expect(paid.statusCode, paid.body).toBe(200);
    await expectBankReady(paid.body, 'pain.001.001.03');
    const [endToEndId = ''] = readPain001(paid.body).orders.map((o) => o.endToEndId);
    const answer = await importStatement(camt([booked(endToEndId, '300.00')]));
    expect(answer).toMatchObject({ entries: 1, unmatched: [], undoId: expect.any(String) });
    expect(answer.paid.map((o) => [o.key, o.state])).toEqual([[order?.key, 'paid']]);
    expect(await readOrder(world, order?.key ?? '')).toMatchObject({ state: 'paid' });
    expect((await readDoc(world, invoice.key)).paymentState).toBe('paid');
  });

  it('marks every order of a batch-booked entry paid', async () => {
    const orders = await sentOrders('10.00', '20.00', '30.05');
    const entries = orders.map(({ endToEndId }, index) =>
      booked(endToEndId, ['10.00', '20.00', '30.05'][index] ?? '', {
        msgId: 'BATCH-1',
        pmtInfId: 'BATCH-1-1',
      }),
    );
    const xml = camt(entries, true);
    expect(xml.match(/<Ntry>/g)).toHaveLength(1);
    expect(xml).toContain('<TtlAmt Ccy="EUR">60.05</TtlAmt>');
    const answer = await importStatement(xml);
    expect(answer.entries).toBe(3);
    expect(answer.paid.map((o) => o.key).sort()).toEqual(orders.map((o) => o.key).sort());
    for (const { key } of orders) expect((await readOrder(world, key)).state).toBe('paid');
  });

  it('leaves the order sent for a pending entry, listed as not booked', async () => {
    const [order] = await sentOrders('44.00');
    const answer = await importStatement(
      camt([booked(order?.endToEndId ?? '', '44.00', { status: 'PDNG' })]),
    );
    expect(answer).toMatchObject({ paid: [], rejected: [], undoId: null });
    expect(answer.unmatched).toEqual([
      expect.objectContaining({
        endToEndId: order?.endToEndId,
        amount: '44.00',
        currency: 'EUR',
        reason: 'notBooked',
      }),
    ]);
    expect((await readOrder(world, order?.key ?? '')).state).toBe('sent');
  });

  it('leaves the order sent when the amount is off by 0.01, listed as amountDiffers', async () => {
    const [order] = await sentOrders('100.00');
    const answer = await importStatement(camt([booked(order?.endToEndId ?? '', '100.01')]));
    expect(answer.paid).toEqual([]);
    expect(answer.unmatched.map((u) => [u.amount, u.reason])).toEqual([
      ['100.01', 'amountDiffers'],
    ]);
    expect((await readOrder(world, order?.key ?? '')).state).toBe('sent');
    // The same 0.01 the other way, and the right amount in another currency, neither.
    const other = await importStatement(
      camt([
        booked(order?.endToEndId ?? '', '99.99'),
        booked(order?.endToEndId ?? '', '100.00', { currency: 'USD' }),
      ]),
    );
    expect(other.unmatched.map((u) => u.reason)).toEqual(['amountDiffers', 'amountDiffers']);
    expect((await readOrder(world, order?.key ?? '')).state).toBe('sent');
    // A return of less than was paid (the banks' charges taken off) is listed with its reason.
    const cut = await importStatement(camt([returned(order?.endToEndId ?? '', '85.00', 'AC04')]));
    expect(cut.unmatched.map((u) => [u.amount, u.reason, u.bankReason])).toEqual([
      ['85.00', 'amountDiffers', 'AC04'],
    ]);
    expect((await readOrder(world, order?.key ?? '')).state).toBe('sent');
  });

  // Every reason the issue names, with the words a user reads (written here by hand).
  const REASONS: [code: string, sl: string, en: string][] = [
    ['AC01', 'Napačna številka računa', 'Incorrect account number'],
    ['AC03', 'Neveljavna številka računa prejemnika', 'Invalid creditor account number'],
    ['AC04', 'Račun je zaprt', 'Account closed'],
    ['AC06', 'Račun je blokiran', 'Account blocked'],
    ['AC13', 'Neveljavna vrsta računa plačnika', 'Invalid debtor account type'],
    ['AG01', 'Transakcija na tem računu ni dovoljena', 'Transaction not allowed on this account'],
    ['AG02', 'Neveljavna koda bančne operacije', 'Invalid bank operation code'],
    ['AM01', 'Znesek je nič', 'Amount is zero'],
    ['AM02', 'Znesek presega dovoljeno', 'Amount above the allowed maximum'],
    ['AM03', 'Valuta ni dovoljena', 'Currency not allowed'],
    ['AM04', 'Ni dovolj sredstev', 'Insufficient funds'],
    ['AM05', 'Podvojeno plačilo', 'Duplication'],
    ['AM09', 'Napačen znesek', 'Wrong amount'],
    ['BE04', 'Manjka ali napačen naslov prejemnika', 'Creditor address missing or incorrect'],
    ['CURR', 'Napačna valuta', 'Incorrect currency'],
    ['CUST', 'Preklicano na zahtevo stranke', 'Requested by the customer'],
    ['DUPL', 'Podvojeno plačilo', 'Duplicate payment'],
    [
      'ERIN',
      'Razširjeni podatki o namenu niso podprti',
      'Extended remittance information not supported',
    ],
    ['FOCR', 'Vrnjeno po zahtevi za preklic', 'Returned following a cancellation request'],
    ['FRAD', 'Sum goljufije', 'Fraudulent origin'],
    ['MD06', 'Vračilo na zahtevo plačnika', 'Refund requested by the end customer'],
    ['MD07', 'Imetnik računa je umrl', 'Account holder deceased'],
    ['MS02', 'Zavrnil prejemnik, razlog ni naveden', 'Refused by the customer, no reason given'],
    ['MS03', 'Zavrnila banka, razlog ni naveden', 'Refused by the bank, no reason given'],
    ['NARR', 'Razlog je v besedilu banke', "Reason given in the bank's text"],
    ['RC01', 'Napačen identifikator banke (BIC)', 'Incorrect bank identifier (BIC)'],
    [
      'RR01',
      'Manjka račun ali identifikacija plačnika (predpisi)',
      'Debtor account or identification missing (regulatory)',
    ],
    [
      'RR02',
      'Manjka ime ali naslov plačnika (predpisi)',
      'Debtor name or address missing (regulatory)',
    ],
    [
      'RR03',
      'Manjka ime ali naslov prejemnika (predpisi)',
      'Creditor name or address missing (regulatory)',
    ],
    ['RR04', 'Regulativni razlog', 'Regulatory reason'],
    [
      'RUTA',
      'Vrnjeno, ker plačila ni bilo mogoče knjižiti',
      'Returned as the payment could not be applied',
    ],
    ['TECH', 'Tehnična težava', 'Technical problem'],
  ];

  it('marks a returned payment rejected with the bank’s reason, in words in both languages, for each reason code', async () => {
    const amounts = REASONS.map((_, index) => `${index + 1}.50`);
    const orders = await sentOrders(...amounts, '7.77');
    const unknown = orders[orders.length - 1];
    const answer = await importStatement(
      camt([
        ...REASONS.map(([code], index) =>
          returned(orders[index]?.endToEndId ?? '', amounts[index] ?? '', code),
        ),
        returned(unknown?.endToEndId ?? '', '7.77', 'XY99'),
      ]),
    );
    expect(answer.unmatched).toEqual([]);
    expect(answer.rejected).toHaveLength(REASONS.length + 1);
    const sl = await translations('sl');
    const en = await translations('en-gb');
    for (const [index, [code, slWords, enWords]] of REASONS.entries()) {
      const order = await readOrder(world, orders[index]?.key ?? '');
      expect(order, code).toMatchObject({ state: 'rejected', bankMessage: code });
      expect(sl[`payOrder.returnReason.${code}`]).toBe(`${code} – ${slWords}`);
      expect(en[`payOrder.returnReason.${code}`]).toBe(`${code} – ${enWords}`);
    }
    // A code without words shows as the bank sent it.
    expect(await readOrder(world, unknown?.key ?? '')).toMatchObject({
      state: 'rejected',
      bankMessage: 'XY99',
    });
    expect(sl['payOrder.returnReason.XY99']).toBeUndefined();
    // The grid and the form read bankMessage through the schema's items: a code by its words.
    const schema = await world.t.app.inject({
      url: '/api/cl/schema/payOrder',
      headers: world.h.acc,
    });
    const field = schema
      .json<{ fields: { name: string; references?: { items?: { code: string }[] } }[] }>()
      .fields.find((f) => f.name === 'bankMessage');
    expect(field?.references?.items).toContainEqual({
      code: 'AC04',
      labelId: 'payOrder.returnReason.AC04',
    });
  }, 60_000);

  it('rejects an order whose payment was already booked when the money comes back, and the document is unpaid again', async () => {
    const invoice = await approvedInvoice(world, {
      totalAmount: '120.00',
      netAmount: '98.36',
      vatAmount: '21.64',
    });
    const [order] = itemsOf(
      await post(world, '/api/payOrder/fromDocuments', { documentKeys: [invoice.key] }),
    );
    await post(world, '/api/payOrder/mark', { keys: [order?.key], state: 'ready' });
    const paid = await post(world, '/api/payOrder/pay', { keys: [order?.key] });
    await expectBankReady(paid.body, 'pain.001.001.03');
    const [endToEndId = ''] = readPain001(paid.body).orders.map((o) => o.endToEndId);
    await importStatement(camt([booked(endToEndId, '120.00')]));
    expect((await readOrder(world, order?.key ?? '')).state).toBe('paid');
    expect((await readDoc(world, invoice.key)).paymentState).toBe('paid');

    const answer = await importStatement(camt([returned(endToEndId, '120.00', 'AC04')]));
    expect(answer.rejected.map((o) => [o.key, o.state, o.bankMessage])).toEqual([
      [order?.key, 'rejected', 'AC04'],
    ]);
    expect(await readOrder(world, order?.key ?? '')).toMatchObject({
      state: 'rejected',
      bankMessage: 'AC04',
    });
    expect((await readDoc(world, invoice.key)).paymentState).toBe('unpaid');
    // Issue 26: the admin is told, naming the document and the bank's reason; not the one
    // who read the statement (the answer told them).
    const told = async (who: 'boss' | 'acc') =>
      (await world.t.app.inject({ url: '/api/notification', headers: world.h[who] }))
        .json<NotificationList>()
        .items.filter((n) => n.kind === 'paymentRejected' && n.documentKey === invoice.key);
    expect(await told('boss')).toEqual([
      expect.objectContaining({
        documentKey: invoice.key,
        comment: 'AC04',
        text: `The bank rejected or returned the payment of ${String(invoice.number)}.`,
      }),
    ]);
    expect(await told('acc')).toEqual([]);
    // The user cannot do the same: paid stays final for mark.
    const [other] = await sentOrders('5.00');
    await importStatement(camt([booked(other?.endToEndId ?? '', '5.00')]));
    const mark = await post(world, '/api/payOrder/mark', {
      keys: [other?.key],
      state: 'rejected',
    });
    expect(mark.statusCode).toBe(400);
  });

  it('takes a payment and its return in one statement: the order ends rejected', async () => {
    const [order] = await sentOrders('61.00');
    const id = order?.endToEndId ?? '';
    const answer = await importStatement(
      camt([booked(id, '61.00'), returned(id, '61.00', 'AM04')]),
    );
    expect(answer.paid).toEqual([]);
    expect(answer.rejected.map((o) => o.bankMessage)).toEqual(['AM04']);
    expect(answer.unmatched).toEqual([]);
    expect((await readOrder(world, order?.key ?? '')).state).toBe('rejected');
  });

  it('marks a reversed entry (RvslInd) rejected', async () => {
    const [order] = await sentOrders('33.30');
    const reversal: CamtEntry = booked(order?.endToEndId ?? '', '33.30', {
      creditDebit: 'CRDT',
      returned: true,
    });
    const xml = camt([reversal]);
    expect(xml).toContain('<RvslInd>true</RvslInd>');
    expect(xml).not.toContain('<RtrInf>');
    const answer = await importStatement(xml);
    expect(answer.rejected.map((o) => [o.key, o.state, o.bankMessage])).toEqual([
      [order?.key, 'rejected', null],
    ]);
  });

  it('lists a credit that is not a return, and a pending return, without touching orders', async () => {
    const [order] = await sentOrders('18.00');
    const answer = await importStatement(
      camt([
        booked(order?.endToEndId ?? '', '18.00', { creditDebit: 'CRDT' }),
        { ...returned(order?.endToEndId ?? '', '18.00', 'AC04'), status: 'PDNG' },
      ]),
    );
    expect(answer.unmatched.map((u) => [u.reason, u.bankReason])).toEqual([
      ['credit', null],
      ['notBooked', 'AC04'],
    ]);
    expect((await readOrder(world, order?.key ?? '')).state).toBe('sent');
  });

  it('changes nothing when the same statement comes twice: its entries are listed with the orders’ states', async () => {
    const [first, second] = await sentOrders('70.00', '80.00');
    const xml = camt([
      booked(first?.endToEndId ?? '', '70.00'),
      returned(second?.endToEndId ?? '', '80.00', 'MS03'),
    ]);
    const once = await importStatement(xml);
    expect(once.paid.map((o) => o.key)).toEqual([first?.key]);
    expect(once.rejected.map((o) => o.key)).toEqual([second?.key]);
    const before = await Promise.all([first, second].map((o) => readOrder(world, o?.key ?? '')));

    const twice = await importStatement(xml);
    expect(twice).toMatchObject({ entries: 2, paid: [], rejected: [], undoId: null });
    expect(twice.unmatched.map((u) => [u.endToEndId, u.reason])).toEqual([
      [first?.endToEndId, 'state:paid'],
      [second?.endToEndId, 'state:rejected'],
    ]);
    const after = await Promise.all([first, second].map((o) => readOrder(world, o?.key ?? '')));
    expect(after).toEqual(before);
    expect(after.map((o) => [o.state, o.bankMessage])).toEqual([
      ['paid', null],
      ['rejected', 'MS03'],
    ]);
  });

  it('reads a real bank notification: a reversal and a booked debit of no order of ours, a pending credit', async () => {
    const xml = readFileSync(
      new URL(
        './iso20022/samples/bank/dvbern-iso20022/camt_054_Beispiel_NoCrdtBookedNotReversed.xml',
        import.meta.url,
      ),
    );
    const answer = await importStatement(xml.toString('utf8'));
    expect(answer).toMatchObject({ entries: 3, paid: [], rejected: [], undoId: null });
    expect(answer.unmatched.map((u) => [u.amount, u.currency, u.reason])).toEqual([
      ['111.00', 'CHF', 'noOrder'],
      ['2.00', 'CHF', 'credit'],
      ['3.00', 'CHF', 'noOrder'],
    ]);
  });

  it('refuses a file that fails its schema with xmllint’s message and the line, in both languages, and changes nothing', async () => {
    const [order] = await sentOrders('12.00');
    const xml = camt([booked(order?.endToEndId ?? '', '12.00')]).replace(
      '<Sts>BOOK</Sts>',
      '<Sts>DONE</Sts>',
    );
    const line = xml.split('\n').findIndex((text) => text.includes('<Sts>DONE</Sts>')) + 1;
    const words =
      "Element 'Sts': [facet 'enumeration'] The value 'DONE' is not an element of the set {'BOOK', 'PDNG', 'INFO'}";
    for (const [locale, text] of [
      [
        'en-gb',
        `The camt.053.001.02 file does not pass the ISO 20022 schema check: line ${line}: ${words}. Ask the bank for the statement again.`,
      ],
      [
        'sl',
        `Datoteka camt.053.001.02 ne prestane preverjanja po shemi ISO 20022: vrstica ${line}: ${words}. Banko prosite za izpisek znova.`,
      ],
    ] as const) {
      const res = await statement(xml, { ...world.h.acc, 'content-language': locale });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string; msg: string }[] }>().error).toEqual([
        expect.objectContaining({ code: 'errors.payments.camt.schema', msg: text }),
      ]);
    }
    expect((await readOrder(world, order?.key ?? '')).state).toBe('sent');
  });
});
