import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TableRecord } from '@listina/contract';
import { errorCodes, injectMultipart } from '../../../test/factories';
import { readPages } from '../capture/pages/page-images';
import { readPaymentQr } from '../capture/qr/payment-qr';
import { findQrCodes } from '../capture/qr/qr-scan';
import { readPain001 } from './iso20022';
import { expectBankReady } from './iso20022/bank-ready';
import { writeCamt053 } from './iso20022/camt-fixture';
import {
  approvedInvoice,
  createPaymentsWorld,
  itemsOf as items,
  newOrder,
  PAYER_IBAN,
  post,
  readDoc,
  readOrder,
  type PaymentsWorld,
} from './payments-test-kit';

/**
 * The payment calls with files (issue 8): a checked pain.001 export, pay (orders and packages
 * sent with the file), upload of pain.001 files and UPN QR codes, the UPN form, and camt
 * statements that mark orders paid or rejected. Bad files change nothing.
 */
let world: PaymentsWorld;
beforeAll(async () => {
  world = await createPaymentsWorld();
}, 60_000);
afterAll(() => world.t.close());

const orderCount = async () =>
  (await world.t.app.inject({ url: '/api/payOrder?count=1000', headers: world.h.acc })).json<{
    items: TableRecord[];
  }>().items.length;

async function ready(...fields: Record<string, unknown>[]) {
  const orders = [];
  for (const f of fields) orders.push(await newOrder(world, f));
  const keys = orders.map((o) => o.key);
  const marked = await post(world, '/api/payOrder/mark', { keys, state: 'ready' });
  expect(marked.statusCode, marked.body).toBe(200);
  return keys;
}

function upload(files: { name: string; content: Buffer; type: string }[], query = '') {
  return injectMultipart(
    world.t,
    { url: `/api/payOrder/upload${query}`, headers: world.h.acc },
    files.map((f) => ({ name: 'files', filename: f.name, content: f.content, type: f.type })),
  );
}

/** A bank statement (camt.053) sent to POST /api/payOrder/statement. */
const statement = (filename: string, xml: string) =>
  injectMultipart(world.t, { url: '/api/payOrder/statement', headers: world.h.acc }, [
    { name: 'file', filename, content: Buffer.from(xml), type: 'text/xml' },
  ]);

describe('pain.001 files', () => {
  it('exports a checked pain.001 of the orders without changing them, and uploads it back as the same orders', async () => {
    const keys = await ready(
      { amount: '1268.74', recipientModel: 'SI12', recipientReference: '12345678909' },
      {
        recipientIdCb: 'Lieferant GmbH',
        recipientIBAN: 'DE89370400440532013000',
        recipientBIC: 'COBADEFFXXX',
        paymentType: 'SEPA',
        recipientReferenceType: 'RF',
        recipientModel: null,
        recipientReference: 'RF18539007547034',
        amount: '99.00',
        description: 'Invoice 2026/17',
      },
    );
    const res = await post(world, '/api/payOrder/exportXML', { keys });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="pain001-.*\.xml"/);
    await expectBankReady(res.body, 'pain.001.001.03');
    const read = readPain001(res.body);
    expect(read.orders.map((o) => [o.amount, o.reference, o.debtorIban])).toEqual([
      ['1268.74', 'SI1212345678909', PAYER_IBAN],
      ['99.00', 'RF18539007547034', PAYER_IBAN],
    ]);
    expect(res.body).toContain('<CtrlSum>1367.74</CtrlSum>');
    for (const key of keys) expect((await readOrder(world, key)).state).toBe('ready');

    const file = [{ name: 'orders.xml', content: Buffer.from(res.body), type: 'application/xml' }];
    // The same orders again are possible duplicates: a warning each, until told to go on.
    const warned = await upload(file);
    expect(warned.statusCode).toBe(400);
    expect(warned.json<{ warning: { code: string }[] }>().warning.map((w) => w.code)).toEqual([
      'warnings.payOrder.duplicate',
      'warnings.payOrder.duplicate',
    ]);
    const again = await upload(file, '?ignoreWarnings=true');
    expect(again.statusCode, again.body).toBe(200);
    const created = again.json<{ rows: { key: string }[]; created: number }>();
    expect(created.created).toBe(2);
    const fields = [
      'recipientIdCb',
      'recipientIBAN',
      'recipientBIC',
      'paymentType',
      'recipientReferenceType',
      'recipientModel',
      'recipientReference',
      'amount',
      'currencyCode',
      'purposeCode',
      'description',
      'executionDate',
      'organizationBankAccountId',
    ];
    const pick = (o: TableRecord) => Object.fromEntries(fields.map((f) => [f, o[f] ?? null]));
    const originals = await Promise.all(keys.map((k) => readOrder(world, k)));
    const copies = await Promise.all(created.rows.map((r) => readOrder(world, r.key)));
    expect(copies.map(pick)).toEqual(originals.map(pick));
  });

  it('pays ready orders: packaged, sent with a checked file, undoable; draft ones are refused and nothing changes', async () => {
    const [draft] = [await newOrder(world)];
    const keys = await ready({ amount: '10.00' }, { amount: '20.00' });
    const refused = await post(world, '/api/payOrder/pay', { keys: [...keys, draft?.key] });
    expect(refused.statusCode).toBe(409);
    expect(errorCodes(refused)).toEqual(['errors.payOrder.notSendable']);
    for (const key of keys) expect((await readOrder(world, key)).state).toBe('ready');

    const res = await post(world, '/api/payOrder/pay', { keys });
    expect(res.statusCode, res.body).toBe(200);
    await expectBankReady(res.body, 'pain.001.001.03');
    expect(readPain001(res.body).orders.map((o) => o.amount)).toEqual(['10.00', '20.00']);
    const sent = await readOrder(world, keys[0] ?? '');
    expect(sent.state).toBe('sent');
    const pack = await world.t.app.inject({
      url: `/api/payPackage?filter=state:sent`,
      headers: world.h.acc,
    });
    const packages = items(pack).filter((p) => p.id === sent.payPackageId);
    expect(packages[0]).toMatchObject({ orderCount: 2, totalAmount: '30.00', state: 'sent' });
    expect(res.body).toContain(`<MsgId>${String(packages[0]?.messageId)}</MsgId>`);
    const undoId = String(res.headers['x-undo-id']);
    const undone = await post(world, `/api/undo/${undoId}`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await readOrder(world, keys[0] ?? '')).state).toBe('ready');
  });

  it('writes the version the paying account’s bank takes: pain.001.001.09 when set so', async () => {
    const setVersion = async (painVersion: string) => {
      const own = (
        await world.t.app.inject({ url: '/api/cl/organization', headers: world.h.boss })
      ).json<{ items: TableRecord[] }>().items[0];
      const read = await world.t.app.inject({
        url: `/api/cl/organization/${String(own?.key)}`,
        headers: world.h.boss,
      });
      const org = read.json<TableRecord & { organizationBankAccounts: TableRecord[] }>();
      const saved = await world.t.app.inject({
        method: 'PUT',
        url: `/api/cl/organization/${org.key}`,
        headers: world.h.boss,
        payload: {
          version: org.version,
          organizationBankAccounts: org.organizationBankAccounts.map((a) => ({
            ...a,
            painVersion,
          })),
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const [key] = await ready({ amount: '33.00' });
    await setVersion('pain.001.001.09');
    try {
      const res = await post(world, '/api/payOrder/exportXML', { keys: [key] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
      await expectBankReady(res.body, 'pain.001.001.09');
      expect(readPain001(res.body).orders[0]?.amount).toBe('33.00');
    } finally {
      await setVersion('pain.001.001.03');
    }
  });

  it('never hands out a file of an order that fails its checks', async () => {
    const [key] = await ready({ amount: '15.00' });
    await world.t.database.db.transaction().execute(async (trx) => {
      await sql`update pay_order set execution_date = '2020-01-02' where key = ${key}::uuid`.execute(
        trx,
      );
    });
    const res = await post(world, '/api/payOrder/pay', { keys: [key] });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res)).toEqual(['validation.date.past']);
    expect((await readOrder(world, key ?? '')).state).toBe('ready');
  });

  it('hands out a file the EPC rules accept even for texts written past the checks', async () => {
    const [key] = await ready({ amount: '16.00', recipientIdCb: 'Kovač d.o.o.' });
    // Characters no bank takes (as an older version could have saved them).
    await world.t.database.db.transaction().execute(async (trx) => {
      await sql`update pay_order set description = 'Žaga & šola [2026]' where key = ${key}::uuid`.execute(
        trx,
      );
    });
    const res = await post(world, '/api/payOrder/exportXML', { keys: [key] });
    expect(res.statusCode, res.body).toBe(200);
    await expectBankReady(res.body, 'pain.001.001.03');
    expect(res.body).toContain('<Nm>Kovač d.o.o.</Nm>');
  });

  it('uploads orders from a CSV table of payOrder columns, as the table export writes it', async () => {
    const [key] = await ready({ amount: '77.70', description: 'CSV order' });
    const csv = await post(world, '/api/payOrder/export?format=csv', {
      keys: [key],
      headers: [
        'recipientIdCb',
        'recipientIBAN',
        'paymentType',
        'recipientReferenceType',
        'recipientModel',
        'recipientReference',
        'amount',
        'currencyCode',
        'executionDate',
        'description',
      ].map((field) => ({ field, label: field })),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const before = await orderCount();
    const res = await upload(
      [{ name: 'orders.csv', content: csv.rawPayload, type: 'text/csv' }],
      '?ignoreWarnings=true',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ created: number }>().created).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    const made = await world.t.app.inject({
      url: '/api/payOrder?search=CSV%20order&count=10',
      headers: world.h.acc,
    });
    // The original (ready) and its copy, a new draft.
    expect(
      items(made)
        .map((o) => `${String(o.amount)} ${String(o.state)}`)
        .sort(),
    ).toEqual(['77.70 draft', '77.70 ready']);
  });

  it('refuses bad files with a clear error and writes nothing', async () => {
    const before = await orderCount();
    const bad = [
      ['<Document><unclosed>', 'errors.payments.xml.malformed'],
      [
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>',
        'errors.payments.xml.entities',
      ],
      ['<Document xmlns="urn:other"/>', 'errors.payments.xml.notPain001'],
    ] as const;
    for (const [xml, code] of bad) {
      const res = await upload([{ name: 'bad.xml', content: Buffer.from(xml), type: 'text/xml' }]);
      expect(res.statusCode, xml).toBe(400);
      expect(errorCodes(res)[0]).toBe(code);
    }
    // A good file with one order of 3 decimals and one non-EUR SEPA order: all or nothing.
    const [key] = await ready({ amount: '12.00' });
    const good = (await post(world, '/api/payOrder/exportXML', { keys: [key] })).body;
    await expectBankReady(good, 'pain.001.001.03');
    const broken = good
      .replace('>12.00<', '>12.005<')
      .replace(/(<CtrlSum>)12\.00(<\/CtrlSum>)/g, '$112.005$2');
    const res = await upload([
      { name: 'good.xml', content: Buffer.from(good), type: 'application/xml' },
      { name: 'broken.xml', content: Buffer.from(broken), type: 'application/xml' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { field: string }[] }>().error[0]?.field).toMatch(/^files\.1(\.|$)/);
    const usd = good.replaceAll('Ccy="EUR"', 'Ccy="USD"');
    const nonEur = await upload([{ name: 'usd.xml', content: Buffer.from(usd), type: 'text/xml' }]);
    expect(nonEur.statusCode).toBe(400);
    expect(await orderCount()).toBe(before + 1);
  });
});

describe('UPN QR', () => {
  it('prints an order’s UPN form whose QR code carries the order, and uploads it back as an order', async () => {
    const order = await newOrder(world, {
      recipientIdCb: 'Čistilni servis Žnidaršič d.o.o.',
      recipientAddress: 'Tržaška cesta 12',
      recipientTown: '1000 Ljubljana',
      recipientModel: 'SI12',
      recipientReference: '12345678909',
      amount: '1268.74',
      purposeCode: 'SUPP',
      description: 'Račun 2026-17',
      executionDate: '2099-03-31',
    });
    const res = await world.t.app.inject({
      url: `/api/payOrder/${order.key}/upn`,
      headers: world.h.acc,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const limits = {
      maxPages: 1,
      dpi: () => 200,
      maxRenderPixels: 40_000_000,
      maxImagePixels: 40_000_000,
      deadline: Date.now() + 60_000,
    };
    let values: Record<string, string> = {};
    for await (const page of readPages('pdf', pdf, limits)) {
      const [code] = await findQrCodes(page);
      values = readPaymentQr(code?.bytes ?? new Uint8Array(), code?.text)?.values ?? {};
    }
    expect(values).toMatchObject({
      supplierName: 'Čistilni servis Žnidaršič d.o.o.',
      iban: order.recipientIBAN,
      totalAmount: '1268.74',
      referenceModel: 'SI12',
      reference: '12345678909',
      purposeCode: 'SUPP',
    });
    const uploaded = await upload(
      [{ name: 'upn.pdf', content: pdf, type: 'application/pdf' }],
      '?ignoreWarnings=true',
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [row] = uploaded.json<{ rows: { key: string }[] }>().rows;
    expect(await readOrder(world, row?.key ?? '')).toMatchObject({
      recipientIdCb: 'Čistilni servis Žnidaršič d.o.o.',
      recipientIBAN: order.recipientIBAN,
      amount: '1268.74',
      recipientModel: 'SI12',
      recipientReference: '12345678909',
      state: 'draft',
    });
  }, 60_000);
});

describe('UPN form refusals', () => {
  /** GET /api/payOrder/{key}/upn in a language: the status and the messages' codes and texts. */
  async function upnOf(key: string, language: string) {
    const res = await world.t.app.inject({
      url: `/api/payOrder/${key}/upn`,
      headers: { ...world.h.acc, 'content-language': language },
    });
    return res;
  }
  const messages = (res: { json: () => unknown }) =>
    (res.json() as { error: { code: string; msg: string }[] }).error;

  it('refuses an order in another currency than euros, saying so in both languages', async () => {
    const order = await newOrder(world, {
      recipientIdCb: 'Acme Supplies Inc.',
      recipientIBAN: 'DE89370400440532013000',
      paymentType: 'NONSEPA',
      currencyCode: 'USD',
      recipientBankBIC: 'COBADEFFXXX',
      recipientReferenceType: 'NRC',
      recipientModel: null,
      recipientReference: 'Invoice 4711',
    });
    const english = await upnOf(order.key, 'en-gb');
    expect(english.statusCode).toBe(400);
    expect(english.headers['content-type']).toContain('application/json');
    expect(messages(english)).toEqual([
      {
        code: 'errors.payOrder.upn.currency',
        msg: 'A UPN form pays euros only, and the order to Acme Supplies Inc. is in USD. Pay it with a pain.001 file instead.',
        parameters: ['Acme Supplies Inc.', 'USD'],
        field: 'currencyCode',
      },
    ]);
    const slovenian = await upnOf(order.key, 'sl');
    expect(slovenian.statusCode).toBe(400);
    expect(messages(slovenian)[0]?.msg).toBe(
      'Z obrazcem UPN se plača samo v evrih, nalog za Acme Supplies Inc. pa je v valuti USD. Plačajte ga z datoteko pain.001.',
    );
  });

  it('refuses an order to an account that is not an IBAN, saying so in both languages', async () => {
    const order = await newOrder(world, { recipientIdCb: 'Dobavitelj d.o.o.' });
    // An account number without an IBAN (as a non-SEPA order may have), in euros.
    await world.t.database.db.transaction().execute(async (trx) => {
      await sql`update pay_order set recipient_iban = '0012345678' where key = ${order.key}::uuid`.execute(
        trx,
      );
    });
    const english = await upnOf(order.key, 'en-gb');
    expect(english.statusCode).toBe(400);
    expect(messages(english).map((m) => [m.code, m.msg])).toEqual([
      [
        'errors.payOrder.upn.noIban',
        'A UPN form pays to an IBAN only, and the account of the order to Dobavitelj d.o.o., 0012345678, is not a valid IBAN. Pay it with a pain.001 file instead.',
      ],
    ]);
    const slovenian = await upnOf(order.key, 'sl');
    expect(messages(slovenian).map((m) => m.msg)).toEqual([
      'Z obrazcem UPN se plača samo na IBAN, račun naloga za Dobavitelj d.o.o., 0012345678, pa ni veljaven IBAN. Plačajte ga z datoteko pain.001.',
    ]);
  });
});

describe('bank statements', () => {
  it('marks sent orders paid or rejected by end-to-end id and amount, settles their package and document, and lists the rest', async () => {
    const invoice = await approvedInvoice(world, {
      totalAmount: '300.00',
      netAmount: '245.90',
      vatAmount: '54.10',
    });
    const [fromDoc] = items(
      await post(world, '/api/payOrder/fromDocuments', { documentKeys: [invoice.key] }),
    );
    await post(world, '/api/payOrder/mark', { keys: [fromDoc?.key], state: 'ready' });
    const keys = [fromDoc?.key ?? '', ...(await ready({ amount: '40.00' }, { amount: '50.00' }))];
    const paid = await post(world, '/api/payOrder/pay', { keys });
    expect(paid.statusCode, paid.body).toBe(200);
    await expectBankReady(paid.body, 'pain.001.001.03');
    expect((await readDoc(world, invoice.key)).paymentState).toBe('sent');
    const ids = readPain001(paid.body).orders.map((o) => o.endToEndId);
    const entry = (endToEndId: string | undefined, amount: string, extra = {}) => ({
      endToEndId,
      amount,
      currency: 'EUR',
      creditDebit: 'DBIT' as const,
      status: 'BOOK',
      returned: false,
      bookingDate: '2026-11-26',
      ...extra,
    });
    const camt = writeCamt053(
      [
        entry(ids[0], '300.00'),
        entry(ids[1], '40.00', { returned: true, reason: 'AC04' }),
        entry(ids[2], '55.00'),
        entry('NOTPROVIDED', '12.00'),
        entry(undefined, '80.00', { creditDebit: 'CRDT' }),
      ],
      { iban: PAYER_IBAN },
    );
    const res = await statement('izpisek.xml', camt);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{
      entries: number;
      paid: TableRecord[];
      rejected: TableRecord[];
      unmatched: { reason: string; amount: string }[];
    }>();
    expect(result.entries).toBe(5);
    expect(result.paid.map((o) => o.key)).toEqual([keys[0]]);
    expect(result.rejected.map((o) => [o.key, o.bankMessage])).toEqual([[keys[1], 'AC04']]);
    expect(result.unmatched.map((u) => [u.reason, u.amount])).toEqual([
      ['noOrder', '12.00'],
      ['credit', '80.00'],
      ['amountDiffers', '55.00'],
    ]);
    expect((await readOrder(world, keys[2] ?? '')).state).toBe('sent');
    expect((await readDoc(world, invoice.key)).paymentState).toBe('paid');

    const refused = await statement('x.xml', '<Document xmlns="urn:x"/>');
    expect(refused.statusCode).toBe(400);
    expect(errorCodes(refused)).toEqual(['errors.payments.xml.notCamt']);
  });

  it('keeps files to the organisation and its accountants', async () => {
    const [key] = await ready({ amount: '9.00' });
    expect(
      (await post(world, '/api/payOrder/exportXML', { keys: [key] }, world.h.eve)).statusCode,
    ).toBe(404);
    expect((await post(world, '/api/payOrder/pay', { keys: [key] }, world.h.dex)).statusCode).toBe(
      403,
    );
    const upn = await world.t.app.inject({
      url: `/api/payOrder/${key ?? ''}/upn`,
      headers: world.h.eve,
    });
    expect(upn.statusCode).toBe(404);
    expect((await readOrder(world, key ?? '')).state).toBe('ready');
  });
});
