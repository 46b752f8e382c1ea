import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectBankReady } from './bank-ready';
import { checkEpcRules } from './epc-rules';
import { buildCheckedPain001 } from './pain001-build';
import { readPain001 } from './pain001-read';
import { writePain001 } from './pain001-write';
import { PaymentsFileError } from './payments-file-error';
import { checkPain001 } from './schema-check';
import { DEBTOR_IBAN, manyOrders, nonSepaOrder, painFile, sepaSiOrder } from './test-orders';
import { PAIN_VERSIONS, type PainOrder } from './types';

const SAMPLES = new URL('./samples/', import.meta.url);
const sample = (name: string): Buffer => readFileSync(new URL(name, SAMPLES));

/** SEPA_SI with SI12, SI99 and RF; SEPA abroad; non-SEPA with both banks. */
const MIXED: PainOrder[] = [
  sepaSiOrder({ endToEndId: 'PO-1' }),
  sepaSiOrder({ endToEndId: 'PO-2', amount: '0.10', reference: 'SI99', description: undefined }),
  sepaSiOrder({
    endToEndId: 'PO-3',
    amount: '1234567.89',
    referenceType: 'RF',
    reference: 'RF18539007547034',
    recipientBic: undefined,
    purposeCode: undefined,
  }),
  sepaSiOrder({
    endToEndId: 'PO-4',
    paymentType: 'SEPA',
    recipientName: 'Lieferant Šoštanj GmbH',
    recipientIban: 'DE89370400440532013000',
    recipientBic: 'COBADEFFXXX',
    recipientTown: 'Muenchen',
    recipientCountryCode: 'DE',
  }),
  nonSepaOrder({ endToEndId: 'PO-5' }),
  sepaSiOrder({ endToEndId: 'PO-6', executionDate: '2026-11-27', reference: 'SI0519-1235-84503' }),
];

describe.each(PAIN_VERSIONS)('%s', (version) => {
  it('writes a file the official XSD and the EPC rules accept', async () => {
    await expectBankReady(writePain001(painFile(version, MIXED)), version);
    await expectBankReady(await buildCheckedPain001(painFile(version, MIXED)), version);
  });

  it('reads back the orders it wrote, with č/š/ž kept only for SEPA_SI', async () => {
    const xml = writePain001(painFile(version, MIXED));
    await expectBankReady(xml, version);
    const read = readPain001(xml);
    expect(read.version).toBe(version);
    expect(read.problems).toEqual([]);
    const transliterated: PainOrder[] = MIXED.map((order) =>
      order.endToEndId === 'PO-4'
        ? {
            ...order,
            debtorName: 'Placnik d.o.o.',
            recipientName: 'Lieferant Sostanj GmbH',
            description: 'Placilo racuna 2026-000123 (sola + zaga)',
          }
        : order.endToEndId === 'PO-5'
          ? {
              ...withoutDescription(order),
              debtorName: 'Placnik d.o.o.',
              // NRC: the reference and the description in the one Ustrd.
              reference: 'Invoice 4711, Racun 4711 za sivalne stroje',
            }
          : order.endToEndId === 'PO-6'
            ? order
            : { ...order, debtorName: 'Placnik d.o.o.' },
    );
    // PO-6 has its own execution date, so its own PmtInf of SEPA_SI orders only: its
    // debtor keeps č. PO-1 to PO-4 share a PmtInf with a payment to Germany, whose debtor
    // name is transliterated as PO-4's creditor texts are; so is the non-SEPA one.
    expect(sortById(read.orders)).toEqual(sortById(transliterated));
  });

  it('groups by debtor account, date and SEPA, with counts and sums in cents', () => {
    const xml = writePain001(painFile(version, MIXED));
    expect(xml).toContain('<NbOfTxs>6</NbOfTxs><CtrlSum>1236433.99</CtrlSum>');
    const blocks = xml.split('<PmtInf>').slice(1);
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toContain('<NbOfTxs>4</NbOfTxs><CtrlSum>1234811.99</CtrlSum>');
    expect(blocks[0]).toContain('<ChrgBr>SLEV</ChrgBr>');
    expect(blocks[0]).toContain('<SvcLvl><Cd>SEPA</Cd></SvcLvl>');
    expect(blocks[1]).toContain('<ChrgBr>SHAR</ChrgBr>');
    expect(blocks[1]).not.toContain('<SvcLvl>');
    expect(blocks[1]).toContain('<IntrmyAgt1><FinInstnId>');
    const ids = [...xml.matchAll(/<PmtInfId>([^<]+)</g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(3);
  });

  it('escapes XML specials and uses the version’s BIC and date elements', async () => {
    const xml = writePain001(
      painFile(version, [sepaSiOrder({ recipientName: 'A & B <"Kovač\'s">' })]),
    );
    expect(xml).toContain('<Nm>A &amp; B &lt;&quot;Kovač&apos;s&quot;&gt;</Nm>');
    // Valid XML, but no bank takes & < > " in a name: the EPC check says so.
    expect((await checkPain001(xml, version)).valid).toBe(true);
    expect(checkEpcRules(xml).map((each) => [each.code, each.element, each.extra])).toEqual([
      ['payments.epc.character', 'Cdtr/Nm', ['&']],
    ]);
    if (version === 'pain.001.001.09') {
      expect(xml).toContain('<ReqdExctnDt><Dt>2026-11-25</Dt></ReqdExctnDt>');
      expect(xml).toContain('<BICFI>LJBASI2X</BICFI>');
    } else {
      expect(xml).toContain('<ReqdExctnDt>2026-11-25</ReqdExctnDt>');
      expect(xml).toContain('<BIC>LJBASI2X</BIC>');
    }
  });

  it('writes 10,000 orders whose control sum is exact', async () => {
    const orders = manyOrders(10_000);
    const xml = await buildCheckedPain001(painFile(version, orders));
    await expectBankReady(xml, version);
    const read = readPain001(xml);
    expect(read.orders).toHaveLength(10_000);
    expect(read.problems).toEqual([]);
    // Two XSD checks and two EPC checks of a 6 MB file: seconds each on a busy machine.
  }, 120_000);

  it('reads the constructed Slovenian sample', () => {
    const read = readPain001(sample(`${version}_constructed_SI.xml`));
    expect(read.problems).toEqual([]);
    expect(read.orders.map((order) => [order.reference, order.amount, order.paymentType])).toEqual([
      ['SI1212345678909', '122.00', 'SEPA_SI'],
      ['RF712348231', '50.00', 'SEPA_SI'],
      ['SI99', '10.50', 'SEPA_SI'],
    ]);
    expect(read.orders[0]).toMatchObject({
      debtorIban: DEBTOR_IBAN,
      recipientAddress: 'Dunajska cesta 1',
      recipientTown: '1000 Ljubljana',
      description: 'Placilo racuna 2025-000123',
      purposeCode: 'SUPP',
    });
  });

  it('reads the python-sepaxml sample and names what a bank would refuse', () => {
    const read = readPain001(sample(`${version}_sepaxml_sample.xml`));
    expect(read.orders[0]).toMatchObject({
      endToEndId: 'NOTPROVIDED',
      amount: '10.12',
      paymentType: 'SEPA',
      referenceType: 'NRC',
      reference: 'Test transaction1',
    });
    expect(read.problems).toContainEqual({
      index: 1,
      field: 'endToEndId',
      code: 'payments.order.endToEndId.duplicate',
      parameters: ['NOTPROVIDED', 1],
    });
  });
});

describe('buildCheckedPain001', () => {
  it('refuses invalid orders with every problem and never writes a file', async () => {
    const orders = [
      sepaSiOrder({ endToEndId: 'PO-1', amount: '10.005' }),
      sepaSiOrder({ endToEndId: 'PO-1', currency: 'USD', recipientIban: 'SI56020170014356206' }),
    ];
    const error = await buildCheckedPain001(painFile('pain.001.001.03', orders)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PaymentsFileError);
    const { code, problems, statusCode } = error as PaymentsFileError;
    expect([code, statusCode]).toEqual(['errors.payments.pain001.invalidOrders', 400]);
    expect(problems.map((problem) => [problem.index, problem.field, problem.code])).toEqual([
      [0, 'amount', 'payments.order.amount.decimals'],
      [1, 'currency', 'payments.order.currency.notEur'],
      [1, 'recipientIban', 'payments.order.iban.invalid'],
      [1, 'endToEndId', 'payments.order.endToEndId.duplicate'],
    ]);
    expect((error as PaymentsFileError).errors[1]).toEqual({
      code: 'payments.order.amount.decimals',
      parameters: ['10.005'],
      field: 'orders.0.amount',
    });
  });

  it('refuses an empty file and a message id over 35 characters', async () => {
    await expect(buildCheckedPain001(painFile('pain.001.001.09', []))).rejects.toMatchObject({
      code: 'errors.payments.pain001.noOrders',
    });
    await expect(
      buildCheckedPain001({
        ...painFile('pain.001.001.09', [sepaSiOrder()]),
        messageId: 'M'.repeat(36),
      }),
    ).rejects.toMatchObject({ code: 'errors.payments.pain001.messageId' });
  });

  it('keeps PmtInfId within 35 characters for a 35-character message id', async () => {
    const xml = writePain001({
      ...painFile('pain.001.001.03', MIXED),
      messageId: 'M'.repeat(35),
    });
    await expectBankReady(xml, 'pain.001.001.03');
    const ids = [...xml.matchAll(/<PmtInfId>([^<]+)</g)].map((match) => match[1] ?? '');
    expect(ids).toEqual([`${'M'.repeat(33)}-1`, `${'M'.repeat(33)}-2`, `${'M'.repeat(33)}-3`]);
  });
});

function withoutDescription(order: PainOrder): PainOrder {
  const { description: _description, ...rest } = order;
  return rest;
}

const sortById = (orders: PainOrder[]): PainOrder[] =>
  [...orders].sort((a, b) => a.endToEndId.localeCompare(b.endToEndId));
