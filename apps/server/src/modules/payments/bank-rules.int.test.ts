import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, TableRecord } from '@listina/contract';
import { injectMultipart } from '../../../test/factories';
import { doc } from '../tables/entities/doc';
import { payOrder } from '../tables/entities/pay-order';
import { expectBankReady } from './iso20022/bank-ready';
import {
  createPaymentsWorld,
  newOrder,
  post,
  readOrder,
  type PaymentsWorld,
} from './payments-test-kit';

/**
 * The checks a bank applies, as the payment order and the document see them (issue 21):
 * national IBAN check digits and BIC countries, account numbers outside SEPA where banks have
 * no IBANs, a whole reference pasted into the reference field, and characters outside the
 * EPC set as a warning that offers the text spelt in it, which the file carries.
 */
let world: PaymentsWorld;
beforeAll(async () => {
  world = await createPaymentsWorld();
}, 60_000);
afterAll(() => world.t.close());

const english = () => ({ ...world.h.acc, 'content-language': 'en-gb' });

const bodyOf = (res: { json: () => unknown }) => res.json() as ApiError;

let serial = 9000;

/** POST /api/payOrder of a valid sample order with these fields. */
function attempt(
  fields: Record<string, unknown>,
  query = '?ignoreWarnings=true',
  headers = english(),
) {
  serial += 1;
  return post(world, `/api/payOrder${query}`, { ...payOrder.sample(serial), ...fields }, headers);
}

async function ready(fields: Record<string, unknown>): Promise<string> {
  const order = await newOrder(world, fields);
  const marked = await post(world, '/api/payOrder/mark', { keys: [order.key], state: 'ready' });
  expect(marked.statusCode, marked.body).toBe(200);
  return order.key;
}

/** The paying account's bank takes this pain.001 version from now on. */
async function payFromBankTaking(version: string) {
  const { t, h } = world;
  const listed = await t.app.inject({ url: '/api/cl/organization', headers: h.boss });
  const key = String(listed.json<{ items: TableRecord[] }>().items[0]?.key);
  const own = (await t.app.inject({ url: `/api/cl/organization/${key}`, headers: h.boss })).json<
    TableRecord & { organizationBankAccounts: Record<string, unknown>[] }
  >();
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/cl/organization/${key}`,
    headers: h.boss,
    payload: {
      version: own.version,
      organizationBankAccounts: own.organizationBankAccounts.map((account) => ({
        ...account,
        painVersion: version,
      })),
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('IBAN and BIC as a bank checks them', () => {
  it("refuses a Slovenian IBAN whose account check digits are wrong, and a BIC whose country isn't one", async () => {
    const res = await attempt({
      recipientIBAN: 'SI83 0201 7001 4356 204',
      recipientBIC: 'BARCUK22',
    });
    expect(res.statusCode).toBe(400);
    const errors = bodyOf(res).error.map((e) => [e.field, e.code, e.msg]);
    expect(errors).toEqual(
      expect.arrayContaining([
        ['recipientIBAN', 'validation.iban.nationalCheck', expect.stringContaining('check digits')],
        ['recipientBIC', 'validation.bic.country', expect.stringContaining('country code')],
      ]),
    );
    // The same account with its right check digits (SI56…205) is taken.
    const saved = await newOrder(world, { recipientIBAN: 'SI56 0201 7001 4356 205' });
    expect(saved.recipientIBAN).toBe('SI56020170014356205');
  });

  it('takes only an IBAN for a SEPA order, also to a country without IBANs', async () => {
    const res = await attempt({
      recipientIBAN: '0033 0096 7386',
      recipientCountryCode: 'US',
      recipientBIC: 'CHASUS33',
    });
    expect(res.statusCode).toBe(400);
    expect(bodyOf(res).error.map((e) => [e.field, e.code])).toEqual([
      ['recipientIBAN', 'validation.iban.format'],
    ]);
  });
});

describe('non-SEPA orders to accounts without an IBAN', () => {
  const toUs = {
    recipientIdCb: 'Acme Supplies Inc.',
    recipientAddress: '1 Main Street',
    recipientTown: 'New York',
    recipientCountryCode: 'US',
    recipientIBAN: '0033 0096 7386',
    recipientBIC: 'CHASUS33',
    paymentType: 'NONSEPA',
    recipientReferenceType: 'NRC',
    recipientModel: null,
    recipientReference: 'Invoice 4711',
    recipientBankBIC: 'CHASUS33',
    amount: '250.00',
    currencyCode: 'USD',
    description: 'Invoice 4711',
  };
  const toCn = {
    ...toUs,
    recipientIdCb: 'Shenzhen Parts Co. Ltd',
    recipientAddress: '8 Keyuan Road',
    recipientTown: 'Shenzhen',
    recipientCountryCode: 'CN',
    recipientIBAN: '6222 0210 0111 5678',
    recipientBIC: null,
    recipientBankBIC: 'ICBKCNBJ',
    currencyCode: 'CNY',
    amount: '1800.00',
    recipientReference: 'PO 2026-31',
  };

  it("refuses an account number without the bank's BIC, and one in a country with IBANs", async () => {
    const noBic = await attempt({
      ...toUs,
      recipientBIC: null,
      recipientBankBIC: null,
      recipientBankName: 'JPMorgan Chase',
      recipientBankCountryCode: 'US',
    });
    expect(noBic.statusCode).toBe(400);
    expect(bodyOf(noBic).error.map((e) => [e.field, e.code, e.msg])).toEqual([
      ['recipientIBAN', 'validation.account.bicRequired', expect.stringContaining('BIC')],
    ]);
    const german = await attempt({
      ...toUs,
      recipientCountryCode: 'DE',
      recipientBIC: 'COBADEFF',
      recipientBankBIC: 'COBADEFF',
      recipientIBAN: '0532013000',
    });
    expect(bodyOf(german).error.map((e) => [e.field, e.code, e.parameters])).toEqual([
      ['recipientIBAN', 'validation.account.ibanCountry', ['DE']],
    ]);
  });

  it.each(['pain.001.001.03', 'pain.001.001.09'] as const)(
    'saves orders to a US and a CN account and writes their numbers as Othr/Id in a valid %s',
    async (version) => {
      await payFromBankTaking(version);
      const keys = [await ready(toUs), await ready(toCn)];
      const stored = await Promise.all(keys.map((key) => readOrder(world, key)));
      expect(stored.map((o) => o.recipientIBAN)).toEqual(['003300967386', '6222021001115678']);

      const exported = await post(world, '/api/payOrder/exportXML', { keys });
      expect(exported.statusCode, exported.body).toBe(200);
      await expectBankReady(exported.body, version);
      expect(exported.body).toContain(
        '<CdtrAcct><Id><Othr><Id>003300967386</Id></Othr></Id></CdtrAcct>',
      );
      expect(exported.body).toContain(
        '<CdtrAcct><Id><Othr><Id>6222021001115678</Id></Othr></Id></CdtrAcct>',
      );

      // The file uploaded back gives the same accounts.
      const uploaded = await injectMultipart(
        world.t,
        { url: '/api/payOrder/upload?ignoreWarnings=true', headers: world.h.acc },
        [
          {
            name: 'files',
            filename: 'orders.xml',
            content: Buffer.from(exported.body),
            type: 'application/xml',
          },
        ],
      );
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const copies = await Promise.all(
        uploaded.json<{ rows: { key: string }[] }>().rows.map((row) => readOrder(world, row.key)),
      );
      expect(copies.map((o) => [o.recipientIBAN, o.recipientBankBIC ?? o.recipientBIC])).toEqual([
        ['003300967386', 'CHASUS33'],
        ['6222021001115678', 'ICBKCNBJ'],
      ]);

      const paid = await post(world, '/api/payOrder/pay', { keys });
      expect(paid.statusCode, paid.body).toBe(200);
      await expectBankReady(paid.body, version);
      expect(paid.body).toContain('<Othr><Id>003300967386</Id></Othr>');
      for (const key of keys) expect((await readOrder(world, key)).state).toBe('sent');
    },
  );
});

describe('a bank named by its clearing code where it has no BIC', () => {
  it('writes ClrSysMmbId for the creditor agent and reads it back from the file', async () => {
    await payFromBankTaking('pain.001.001.03');
    const key = await ready({
      recipientIdCb: 'Acme Supplies Inc.',
      recipientCountryCode: 'US',
      recipientIBAN: '0033 0096 7386',
      recipientBIC: null,
      paymentType: 'NONSEPA',
      recipientReferenceType: 'NRC',
      recipientModel: null,
      recipientReference: 'Invoice 4712',
      description: null,
      recipientBankBIC: null,
      recipientBankName: 'Community Bank of Ohio',
      recipientBankTown: 'Columbus',
      recipientBankCountryCode: 'US',
      recipientBankClearingId: 'USABA 0410 0012 4',
      amount: '75.00',
      currencyCode: 'USD',
    });
    expect((await readOrder(world, key)).recipientBankClearingId).toBe('USABA041000124');
    const exported = await post(world, '/api/payOrder/exportXML', { keys: [key] });
    expect(exported.statusCode, exported.body).toBe(200);
    await expectBankReady(exported.body, 'pain.001.001.03');
    expect(exported.body).toContain(
      '<CdtrAgt><FinInstnId><ClrSysMmbId><ClrSysId><Cd>USABA</Cd></ClrSysId><MmbId>041000124</MmbId></ClrSysMmbId><Nm>Community Bank of Ohio</Nm>',
    );
    expect(exported.body).toContain('<Othr><Id>003300967386</Id></Othr>');

    const uploaded = await injectMultipart(
      world.t,
      { url: '/api/payOrder/upload?ignoreWarnings=true', headers: world.h.acc },
      [
        {
          name: 'files',
          filename: 'orders.xml',
          content: Buffer.from(exported.body),
          type: 'application/xml',
        },
      ],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [row] = uploaded.json<{ rows: { key: string }[] }>().rows;
    const copy = await readOrder(world, row?.key ?? '');
    expect([copy.recipientIBAN, copy.recipientBankClearingId]).toEqual([
      '003300967386',
      'USABA041000124',
    ]);
  });
});

describe('a whole reference pasted into the reference field', () => {
  it("splits it into the order's model and reference, on create and on change", async () => {
    const si = await newOrder(world, { recipientReference: 'SI12 1234567890 9' });
    expect([si.recipientReferenceType, si.recipientModel, si.recipientReference]).toEqual([
      'SI',
      'SI12',
      '12345678909',
    ]);
    const changed = await world.t.app.inject({
      method: 'PUT',
      url: `/api/payOrder/${si.key}?ignoreWarnings=true`,
      headers: world.h.acc,
      payload: { version: si.version, recipientReference: 'RF18 5390 0754 7034' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const rf = await readOrder(world, si.key);
    expect([rf.recipientReferenceType, rf.recipientModel, rf.recipientReference]).toEqual([
      'RF',
      null,
      'RF18539007547034',
    ]);
    // Free text stays free text, and a wrong whole reference is named, not taken apart.
    const nrc = await newOrder(world, {
      recipientReferenceType: 'NRC',
      recipientModel: null,
      recipientReference: 'SI12 1234567890 9',
    });
    expect([nrc.recipientReferenceType, nrc.recipientReference]).toEqual([
      'NRC',
      'SI12 1234567890 9',
    ]);
    const wrong = await attempt({ recipientReference: 'SI12 1234567890 8' });
    expect(bodyOf(wrong).error.map((e) => [e.field, e.code])).toEqual([
      ['recipientReference', 'validation.reference.checkDigit'],
    ]);
  });

  it("splits it into the document's model and reference", async () => {
    const created = await world.t.app.inject({
      method: 'POST',
      url: '/api/doc?ignoreWarnings=true',
      headers: world.h.boss,
      payload: {
        ...doc.sample(9101),
        documentTypeId: world.typeId,
        customerKey: world.supplier.key,
        paymentReferenceModel: null,
        paymentReference: 'SI12 1234567890 9',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<{ item: TableRecord }>().item;
    expect([item.paymentReferenceModel, item.paymentReference]).toEqual(['SI12', '12345678909']);
    const changed = await world.t.app.inject({
      method: 'PUT',
      url: `/api/doc/${item.key}?ignoreWarnings=true`,
      headers: world.h.boss,
      payload: { version: item.version, paymentReference: 'RF18 5390 0754 7034' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const read = (
      await world.t.app.inject({ url: `/api/doc/${item.key}`, headers: world.h.boss })
    ).json<TableRecord>();
    expect([read.paymentReferenceModel, read.paymentReference]).toEqual(['RF', 'RF18539007547034']);
  });
});

describe('characters outside the EPC set', () => {
  it('warn with the text spelt in the set; saved anyway, the file carries the spelt text', async () => {
    const order = { recipientIdCb: 'Müller & Ørsted €', description: 'Račun 17 – Straße' };
    const warned = await attempt(order, '');
    expect(warned.statusCode).toBe(400);
    const body = bodyOf(warned);
    expect(body.error).toEqual([]);
    expect(body.warning.map((w) => [w.field, w.code, w.suggestion, w.msg])).toEqual([
      [
        'recipientIdCb',
        'warnings.sepaText',
        'Mueller + Orsted EUR',
        'Banks do not take ü in this text: the file will carry it as “Mueller + Orsted EUR”.',
      ],
      ['description', 'warnings.sepaText', 'Račun 17 - Strasse', expect.stringContaining('–')],
    ]);

    const saved = await attempt(order);
    expect(saved.statusCode, saved.body).toBe(201);
    const { key } = saved.json<{ item: TableRecord }>().item;
    expect((await readOrder(world, key)).recipientIdCb).toBe('Müller & Ørsted €');
    const marked = await post(world, '/api/payOrder/mark', { keys: [key], state: 'ready' });
    expect(marked.statusCode, marked.body).toBe(200);

    const exported = await post(world, '/api/payOrder/exportXML', { keys: [key] });
    expect(exported.statusCode, exported.body).toBe(200);
    await expectBankReady(
      exported.body,
      exported.body.includes('pain.001.001.09') ? 'pain.001.001.09' : 'pain.001.001.03',
    );
    expect(exported.body).toContain('<Cdtr><Nm>Mueller + Orsted EUR</Nm>');
    expect(exported.body).toContain('<AddtlRmtInf>Račun 17 - Strasse</AddtlRmtInf>');
    expect(exported.body).not.toMatch(/[ü€Øß–]/);
  });
});
