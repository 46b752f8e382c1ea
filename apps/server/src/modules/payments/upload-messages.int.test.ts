import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import { injectMultipart } from '../../../test/factories';
import { LOCALES } from '@listina/contract';
import { catalogue } from '../../plugins/i18n';
import type { PainBank, PainOrder } from './iso20022';
import { upnFormPdf } from './upn';
import { fieldLabel, payOrderFieldOf } from './upload-messages';
import { expectBankReady } from './iso20022/bank-ready';
import { createPaymentsWorld, newOrder, post, type PaymentsWorld } from './payments-test-kit';

/**
 * Issue 21: an uploaded order that is refused says which value is wrong. Every check an
 * uploaded pain.001 transaction meets (iso20022/order-checks.ts when the file is read, then
 * the payOrder entity's checks when the order is made) and a CSV row's, walked one by one:
 * the message names the file once, at its start, then the order in it, the field and the
 * offending value, then why, with the reason's own parameters in their places.
 */

let world: PaymentsWorld;
/** A pain.001.001.03 of two SEPA_SI orders (11.00 and 22.00), as the app exports it. */
let good: string;

beforeAll(async () => {
  world = await createPaymentsWorld();
  const orders: TableRecord[] = [];
  for (const amount of ['11.00', '22.00'])
    orders.push(
      await newOrder(world, {
        amount,
        recipientIdCb: 'Dobavitelj d.o.o.',
        recipientAddress: 'Dunajska cesta 1',
        recipientTown: 'Ljubljana',
        recipientCountryCode: 'SI',
        recipientModel: 'SI12',
        recipientReference: '12345678909',
        description: 'Racun 17',
      }),
    );
  const res = await post(world, '/api/payOrder/exportXML', { keys: orders.map((o) => o.key) });
  expect(res.statusCode, res.body).toBe(200);
  good = res.body;
  await expectBankReady(good, 'pain.001.001.03');
}, 60_000);
afterAll(() => world.t.close());

interface Message {
  code: string;
  msg: string;
  parameters: string[];
  field?: string;
}

async function upload(filename: string, content: string, language = 'en-gb') {
  const res = await injectMultipart(
    world.t,
    {
      url: '/api/payOrder/upload?dryRun=true&ignoreWarnings=true',
      headers: { ...world.h.acc, 'content-language': language },
    },
    [{ name: 'files', filename, content: Buffer.from(content), type: 'application/xml' }],
  );
  expect(res.statusCode, res.body).toBe(400);
  return res.json<{ error: Message[] }>().error;
}

/** The first transaction's part of the file changed, the second left as it was. */
function firstTransaction(xml: string, change: (part: string) => string): string {
  const start = xml.indexOf('<CdtTrfTxInf>');
  const end = xml.indexOf('</CdtTrfTxInf>', start);
  return xml.slice(0, start) + change(xml.slice(start, end)) + xml.slice(end);
}
const inFirst = (from: string | RegExp, to: string) => (xml: string) =>
  firstTransaction(xml, (part) => part.replace(from, to));

/** A packages/forms check of the payOrder entity (any of them: their codes are theirs). */
const ENTITY_CHECK = 'validation.';

/**
 * Each case: the file's change, the payOrder field (or pain.001 field) the message names, the
 * value it must show, and the reason's code. Together they cover every check that can refuse
 * an uploaded transaction; a check a file cannot reach is named in the comment after the list.
 */
const CASES: [string, (xml: string) => string, string, string, string][] = [
  // iso20022/order-checks.ts, when the file is read
  [
    'an empty end-to-end id',
    inFirst(/<EndToEndId>[^<]*</, '<EndToEndId><'),
    'endToEndId',
    '',
    'payments.order.required',
  ],
  [
    'an end-to-end id over 35 characters',
    inFirst(/<EndToEndId>[^<]*</, `<EndToEndId>${'E'.repeat(36)}<`),
    'endToEndId',
    'E'.repeat(36),
    'payments.order.tooLong',
  ],
  [
    'an end-to-end id with //',
    inFirst(/<EndToEndId>[^<]*</, '<EndToEndId>PO//1<'),
    'endToEndId',
    'PO//1',
    'payments.order.endToEndId.slashes',
  ],
  [
    'an end-to-end id used twice',
    (xml) => {
      const second = /<EndToEndId>([^<]*)<\/EndToEndId>/g;
      const ids = [...xml.matchAll(second)].map((match) => match[1] ?? '');
      return xml.replace(`<EndToEndId>${ids[1] ?? ''}<`, `<EndToEndId>${ids[0] ?? ''}<`);
    },
    'endToEndId',
    'SAME',
    'payments.order.endToEndId.duplicate',
  ],
  [
    'an amount that is none',
    inFirst('>11.00<', '>11,00<'),
    'amount',
    '11,00',
    'payments.order.amount.invalid',
  ],
  [
    'an amount of 0',
    inFirst('>11.00<', '>0.00<'),
    'amount',
    '0,00',
    'payments.order.amount.notPositive',
  ],
  [
    'an amount of 3 decimals',
    inFirst('>11.00<', '>11.005<'),
    'amount',
    '11.005',
    'payments.order.amount.decimals',
  ],
  [
    'a currency that is no code',
    inFirst('Ccy="EUR"', 'Ccy="EU"'),
    'currencyCode',
    'EU',
    'payments.order.currency.invalid',
  ],
  [
    'a SEPA payment in dollars',
    inFirst('Ccy="EUR"', 'Ccy="USD"'),
    'currencyCode',
    'USD',
    'payments.order.currency.notEur',
  ],
  [
    'an execution date that does not exist',
    (xml) => xml.replace(/<ReqdExctnDt>[^<]*</, '<ReqdExctnDt>2099-02-30<'),
    'executionDate',
    '2099-02-30',
    'payments.order.date.invalid',
  ],
  [
    'an empty creditor name',
    inFirst(/<Cdtr><Nm>[^<]*</, '<Cdtr><Nm><'),
    'recipientIdCb',
    '',
    'payments.order.required',
  ],
  [
    'a creditor name over 70 characters',
    inFirst(/<Cdtr><Nm>[^<]*</, `<Cdtr><Nm>${'N'.repeat(71)}<`),
    'recipientIdCb',
    'N'.repeat(71),
    'payments.order.tooLong',
  ],
  [
    'a debtor name over 70 characters',
    (xml) => xml.replace(/<Dbtr><Nm>[^<]*</, `<Dbtr><Nm>${'D'.repeat(71)}<`),
    'debtorName',
    'D'.repeat(71),
    'payments.order.tooLong',
  ],
  [
    'an address over 70 characters',
    inFirst(/<AdrLine>[^<]*</, `<AdrLine>${'A'.repeat(71)}<`),
    'recipientAddress',
    'A'.repeat(71),
    'payments.order.tooLong',
  ],
  [
    'a town over 35 characters',
    inFirst(/<TwnNm>[^<]*</, `<TwnNm>${'T'.repeat(36)}<`),
    'recipientTown',
    'T'.repeat(36),
    'payments.order.tooLong',
  ],
  [
    'a description over 140 characters',
    inFirst(/<AddtlRmtInf>[^<]*</, `<AddtlRmtInf>${'R'.repeat(141)}<`),
    'description',
    'R'.repeat(141),
    'payments.order.tooLong',
  ],
  [
    'a creditor IBAN with a wrong checksum',
    inFirst(/<CdtrAcct><Id><IBAN>[^<]*</, '<CdtrAcct><Id><IBAN>SI56192001234567893<'),
    'recipientIBAN',
    'SI56192001234567893',
    'payments.order.iban.invalid',
  ],
  [
    'a creditor BIC of 4 characters',
    inFirst(/<CdtrAgt><FinInstnId><BIC>[^<]*</, '<CdtrAgt><FinInstnId><BIC>HDEL<'),
    'recipientBIC',
    'HDEL',
    'payments.order.bic.invalid',
  ],
  [
    'a debtor BIC of 4 characters',
    (xml) => xml.replace(/<DbtrAgt><FinInstnId><BIC>[^<]*</, '<DbtrAgt><FinInstnId><BIC>LJBA<'),
    'debtorBic',
    'LJBA',
    'payments.order.bic.invalid',
  ],
  [
    'a country that is no code',
    inFirst(/<Ctry>[^<]*</, '<Ctry>S1<'),
    'recipientCountryCode',
    'S1',
    'payments.order.country.invalid',
  ],
  [
    'a purpose code in small letters',
    inFirst(/<Purp><Cd>[^<]*</, '<Purp><Cd>supp<'),
    'purposeCode',
    'supp',
    'payments.order.purposeCode.invalid',
  ],
  [
    'an SI reference with letters',
    inFirst(/<Ref>[^<]*</, '<Ref>SI12ABC<'),
    'recipientReference',
    'SI12ABC',
    'payments.order.reference.invalid',
  ],
  [
    'a non-SEPA payment without the recipient’s bank',
    (xml) =>
      firstTransaction(
        xml.replace('<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>', ''),
        (part) => part.replace(/<CdtrAgt>.*?<\/CdtrAgt>/, ''),
      ),
    'recipientBankBIC',
    '',
    'payments.order.recipientBank.missing',
  ],
  [
    'a non-SEPA recipient bank’s BIC of 4 characters',
    (xml) =>
      firstTransaction(
        xml.replace('<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>', ''),
        (part) =>
          part.replace(/<CdtrAgt><FinInstnId><BIC>[^<]*</, '<CdtrAgt><FinInstnId><BIC>HDEL<'),
      ),
    'recipientBankBIC',
    'HDEL',
    'payments.order.bic.invalid',
  ],
  [
    'a debtor account that is none of the organisation’s',
    (xml) => xml.replace(/<DbtrAcct><Id><IBAN>[^<]*</, '<DbtrAcct><Id><IBAN>SI56192001234567892<'),
    'organizationBankAccountId',
    'SI56192001234567892',
    'errors.payOrder.upload.unknownAccount',
  ],
  // the payOrder entity's checks (packages/forms), for values the file's reading lets by
  [
    'an SI reference with a wrong check digit',
    inFirst(/<Ref>[^<]*</, '<Ref>SI1212345678908<'),
    'recipientReference',
    '12345678908',
    ENTITY_CHECK,
  ],
  [
    'a Slovenian IBAN whose national check digits are wrong',
    inFirst(/<CdtrAcct><Id><IBAN>[^<]*</, '<CdtrAcct><Id><IBAN>SI29020170014356206<'),
    'recipientIBAN',
    'SI29020170014356206',
    ENTITY_CHECK,
  ],
  [
    'a test BIC',
    inFirst(/<CdtrAgt><FinInstnId><BIC>[^<]*</, '<CdtrAgt><FinInstnId><BIC>HDELSI20<'),
    'recipientBIC',
    'HDELSI20',
    ENTITY_CHECK,
  ],
  [
    'an execution date in the past',
    (xml) => xml.replace(/<ReqdExctnDt>[^<]*</, '<ReqdExctnDt>2020-01-02<'),
    'executionDate',
    '2020-01-02',
    ENTITY_CHECK,
  ],
  [
    'an unstructured reference longer than the order keeps',
    inFirst(/<RmtInf>.*<\/RmtInf>/, `<RmtInf><Ustrd>${'U'.repeat(40)}</Ustrd></RmtInf>`),
    'recipientReference',
    'U'.repeat(40),
    ENTITY_CHECK,
  ],
];
// Not reachable from a file: payments.order.paymentType.invalid (the type is read from the
// service level and the creditor's account), validation.currency.sepaEur and
// validation.amount.* (the reading refuses those values before the entity sees them);
// validation.sepaText, which a save gives as a warning with the text spelt for SEPA.

/** Whose reason may itself name the file's value: the checks that quote it. */
const QUOTES_VALUE = /\{0\}|\{1\}/;

describe('the messages of a refused pain.001 upload', () => {
  it.each(CASES)('%s: file, transaction, field and value', async (name, change, field, value) => {
    const file = `walk-${name.replace(/[^a-z0-9]+/gi, '-')}.xml`;
    const errors = await upload(file, change(good));
    const shown = value === 'SAME' ? undefined : value;
    const message = errors.find((each) => each.field?.endsWith(`.${field}`));
    expect(message, JSON.stringify(errors)).toBeDefined();
    const { msg, parameters } = message as Message;
    // The file once, at the start; then the order in it.
    expect(msg.startsWith(`${file}, transaction `) || msg.startsWith(`${file}, order `)).toBe(true);
    expect(msg.split(file)).toHaveLength(2);
    if (shown !== undefined && shown !== '') expect(msg).toContain(shown);
    // The reason after the value: never the file's name where a value belongs.
    const reason = parameters[parameters.length - 1] ?? '';
    expect(reason).not.toContain(file);
    expect(QUOTES_VALUE.test(reason)).toBe(false);
    // Every message of the upload names its file first.
    for (const each of errors) expect(each.msg.startsWith(`${file}`)).toBe(true);
  });

  it.each(CASES)(
    '%s: the reason is the check’s own message',
    async (name, change, field, _value, code) => {
      const errors = await upload(`reason-${name.length}.xml`, change(good));
      const message = errors.find((each) => each.field?.endsWith(`.${field}`));
      // The check's sentence with its own parameters filled in, whatever they are.
      const sentence = (template: string) =>
        new RegExp(
          `${template
            .split(/\{\d+\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
          's',
        );
      const english = catalogue['en-gb'];
      const templates =
        code === ENTITY_CHECK
          ? Object.keys(english).filter((key) => key.startsWith(ENTITY_CHECK))
          : [code];
      const msg = message?.msg ?? '';
      expect(
        templates.some((key) => sentence(english[key] ?? key).test(msg)),
        msg,
      ).toBe(true);
    },
  );

  it('tells a file’s own totals with the file’s name and the values', async () => {
    const errors = await upload(
      'totals.xml',
      good.replace('<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>3</NbOfTxs>'),
    );
    expect(errors.map((each) => each.msg)).toEqual([
      'totals.xml: GrpHdr declares 3 payments but holds 2.',
    ]);
  });

  it('says it in Slovenian, with the value in its place', async () => {
    const errors = await upload('nalogi.xml', inFirst('>11.00<', '>11.005<')(good), 'sl');
    expect(errors.find((each) => each.field?.endsWith('.amount'))?.msg).toBe(
      'nalogi.xml, transakcija 1, Znesek »11.005«: Znesek 11.005 ima več kot 2 decimalni mesti.',
    );
  });
});

describe('the labels of the fields a pain.001 problem names', () => {
  const PAIN_FIELDS: string[] = [
    ...([
      'endToEndId',
      'amount',
      'currency',
      'paymentType',
      'executionDate',
      'debtorIban',
      'debtorBic',
      'debtorName',
      'recipientName',
      'recipientIban',
      'recipientBic',
      'recipientAddress',
      'recipientTown',
      'recipientCountryCode',
      'referenceType',
      'reference',
      'purposeCode',
      'description',
      'recipientBank',
    ] satisfies (keyof PainOrder)[]),
    ...(['recipientBank', 'intermediaryBank'] as const).flatMap((bank) =>
      (['bic', 'name', 'address', 'town', 'countryCode'] satisfies (keyof PainBank)[]).map(
        (key) => `${bank}.${key}`,
      ),
    ),
  ];
  it.each(LOCALES)('are words in %s, never a catalogue key', (locale) => {
    for (const field of PAIN_FIELDS) {
      const label = fieldLabel(locale, payOrderFieldOf(field));
      expect(label, field).not.toMatch(/^(payOrder|payments)\./);
    }
  });
});

describe('the messages of a refused UPN QR upload', () => {
  it('names the file, the payment code and the field', async () => {
    // A UPN form may carry 0.00 (an amount for the payer to write); an order may not.
    const pdf = await upnFormPdf({
      amount: '0.00',
      purposeCode: 'SUPP',
      purpose: 'Racun 17',
      recipientIban: 'SI56192001234567892',
      recipientReference: 'SI1212345678909',
      recipientName: 'Dobavitelj d.o.o.',
      recipientAddress: 'Dunajska cesta 1',
      recipientTown: '1000 Ljubljana',
    });
    const res = await injectMultipart(
      world.t,
      { url: '/api/payOrder/upload?ignoreWarnings=true', headers: world.h.acc },
      [{ name: 'files', filename: 'upn-0.pdf', content: pdf, type: 'application/pdf' }],
    );
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json<{ error: Message[] }>().error;
    expect(errors.map((each) => [each.field, each.msg])).toEqual([
      [
        'files.0.rows.1.amount',
        // The code's amount 0.00 reads as none: the value is empty, so none is quoted.
        'upn-0.pdf, payment code 1, Amount: field is required',
      ],
    ]);
  }, 60_000);
});

describe('the messages of a refused CSV upload', () => {
  it('names the file, the row, the field and the value of a cell the import or a check refuses', async () => {
    const csv = [
      'recipientIdCb;recipientIBAN;paymentType;recipientReferenceType;recipientModel;recipientReference;amount;currencyCode;executionDate',
      'Dobavitelj d.o.o.;SI56192001234567893;SEPA_SI;SI;SI12;12345678909;10.00;EUR;2099-01-15',
      'Dobavitelj d.o.o.;SI56192001234567892;SEPA_SI;SI;SI12;12345678909;deset;EUR;2099-01-15',
    ].join('\n');
    const res = await injectMultipart(
      world.t,
      { url: '/api/payOrder/upload?ignoreWarnings=true', headers: world.h.acc },
      [{ name: 'files', filename: 'nalogi.csv', content: Buffer.from(csv), type: 'text/csv' }],
    );
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json<{ error: Message[] }>().error;
    for (const each of errors) expect(each.msg.startsWith('nalogi.csv, row ')).toBe(true);
    const iban = errors.find((each) => each.field === 'files.0.rows.2.recipientIBAN');
    expect(iban?.msg).toMatch(/^nalogi\.csv, row 2, Recipient IBAN “SI56192001234567893”: /);
    const amount = errors.find((each) => each.field === 'files.0.rows.3.amount');
    expect(amount?.msg).toMatch(/^nalogi\.csv, row 3, Amount “deset”: /);
  });
});
