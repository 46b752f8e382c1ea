import { describe, expect, it } from 'vitest';
import { expectBankReady } from './bank-ready';
import { checkEpcRules, EPC_RULE_CODES } from './epc-rules';
import { buildCheckedPain001 } from './pain001-build';
import { readPain001 } from './pain001-read';
import { writePain001 } from './pain001-write';
import { PaymentsFileError } from './payments-file-error';
import { nonSepaOrder, painFile, sepaSiOrder } from './test-orders';
import { PAIN_VERSIONS, type PainOrder } from './types';

/**
 * The EPC rules of a pain.001 (issue 21): what the writer puts in RmtInf for each kind of
 * reference, the one rule for the characters of every party's texts, and the checker that
 * buildCheckedPain001 runs on every file before it is handed out.
 */

const SEPA_DE: Partial<PainOrder> = {
  paymentType: 'SEPA',
  recipientIban: 'DE89370400440532013000',
  recipientBic: 'COBADEFFXXX',
  recipientCountryCode: 'DE',
};

/** The RmtInf of the file's only transaction. */
const remittanceOf = (xml: string) => /<RmtInf>.*<\/RmtInf>/.exec(xml)?.[0] ?? '';
const scor = (reference: string) =>
  `<CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${reference}</Ref></CdtrRefInf>`;

describe.each(PAIN_VERSIONS)('%s remittance information', (version) => {
  const LONG_REFERENCE = `Invoice ${'7'.repeat(92)}`;
  const LONG_DESCRIPTION = `Racun ${'8'.repeat(94)}`;
  it.each<[string, Partial<PainOrder>, string]>([
    [
      'SI with a description: Strd with the reference and AddtlRmtInf',
      { referenceType: 'SI', reference: 'SI1212345678909', description: 'Račun 17' },
      `<RmtInf><Strd>${scor('SI1212345678909')}<AddtlRmtInf>Račun 17</AddtlRmtInf></Strd></RmtInf>`,
    ],
    [
      'SI without a description: Strd with the reference alone',
      { referenceType: 'SI', reference: 'SI1212345678909', description: undefined },
      `<RmtInf><Strd>${scor('SI1212345678909')}</Strd></RmtInf>`,
    ],
    [
      'SI99 with a description',
      { referenceType: 'SI', reference: 'SI99', description: 'Račun 17' },
      `<RmtInf><Strd>${scor('SI99')}<AddtlRmtInf>Račun 17</AddtlRmtInf></Strd></RmtInf>`,
    ],
    [
      'RF with a description',
      { referenceType: 'RF', reference: 'RF18539007547034', description: 'Račun 17' },
      `<RmtInf><Strd>${scor('RF18539007547034')}<AddtlRmtInf>Račun 17</AddtlRmtInf></Strd></RmtInf>`,
    ],
    [
      'RF without a description',
      { referenceType: 'RF', reference: 'RF18539007547034', description: undefined },
      `<RmtInf><Strd>${scor('RF18539007547034')}</Strd></RmtInf>`,
    ],
    [
      'NRC with a reference and a description: both in the one Ustrd',
      { referenceType: 'NRC', reference: 'Invoice 17', description: 'Račun 17' },
      '<RmtInf><Ustrd>Invoice 17, Račun 17</Ustrd></RmtInf>',
    ],
    [
      'NRC with a reference only',
      { referenceType: 'NRC', reference: 'Invoice 17', description: undefined },
      '<RmtInf><Ustrd>Invoice 17</Ustrd></RmtInf>',
    ],
    [
      'NRC with a description only',
      { referenceType: 'NRC', reference: '', description: 'Račun 17' },
      '<RmtInf><Ustrd>Račun 17</Ustrd></RmtInf>',
    ],
    [
      'NRC with the same text in both: once',
      { referenceType: 'NRC', reference: 'Račun 17', description: 'Račun 17' },
      '<RmtInf><Ustrd>Račun 17</Ustrd></RmtInf>',
    ],
    [
      'NRC with neither: no RmtInf',
      { referenceType: 'NRC', reference: '', description: undefined },
      '',
    ],
    [
      'NRC with 100 + 100 characters: cut to 140, the reference whole',
      { referenceType: 'NRC', reference: LONG_REFERENCE, description: LONG_DESCRIPTION },
      `<RmtInf><Ustrd>${`${LONG_REFERENCE}, ${LONG_DESCRIPTION}`.slice(0, 140)}</Ustrd></RmtInf>`,
    ],
  ])('%s', async (_, overrides, expected) => {
    const orders = [
      sepaSiOrder(overrides),
      sepaSiOrder({ ...SEPA_DE, ...overrides }),
      nonSepaOrder(overrides),
    ];
    for (const order of orders) {
      const xml = await buildCheckedPain001(painFile(version, [order]));
      await expectBankReady(xml, version);
      // Texts of payments abroad are transliterated, SEPA_SI ones keep č.
      const written = order.paymentType === 'SEPA_SI' ? expected : expected.replaceAll('č', 'c');
      expect(remittanceOf(xml)).toBe(written);
      expect(remittanceOf(xml).includes('<Ustrd>') && remittanceOf(xml).includes('<Strd>')).toBe(
        false,
      );
    }
  });
});

describe.each(PAIN_VERSIONS)('%s party texts', (version) => {
  const LETTERS = /[čćđšžČĆĐŠŽ]/;
  const texts: Partial<PainOrder> = {
    debtorName: 'Plačnik Žiga d.o.o.',
    recipientName: 'Dobavitelj Čičerko d.o.o.',
    recipientAddress: 'Tržaška cesta 1',
    recipientTown: 'Šmarje',
    description: 'Račun za šivanje',
  };
  const file = (orders: PainOrder[]) => ({
    ...painFile(version, orders),
    initiatorName: 'Plačnik Žiga d.o.o.',
  });

  it('keeps č/š/ž in every party text of a file of SEPA_SI payments only', async () => {
    const xml = await buildCheckedPain001(file([sepaSiOrder(texts)]));
    await expectBankReady(xml, version);
    for (const text of [
      '<InitgPty><Nm>Plačnik Žiga d.o.o.</Nm></InitgPty>',
      '<Dbtr><Nm>Plačnik Žiga d.o.o.</Nm></Dbtr>',
      '<Nm>Dobavitelj Čičerko d.o.o.</Nm>',
      '<TwnNm>Šmarje</TwnNm>',
      '<AdrLine>Tržaška cesta 1</AdrLine>',
      '<AddtlRmtInf>Račun za šivanje</AddtlRmtInf>',
    ])
      expect(xml).toContain(text);
  });

  it.each<[string, PainOrder[]]>([
    ['a SEPA payment abroad', [sepaSiOrder({ ...texts, ...SEPA_DE })]],
    [
      'a non-SEPA payment, with its banks',
      [
        nonSepaOrder({
          ...texts,
          recipientBank: { bic: 'CHASUS33', name: 'Banka Žalec', town: 'Črnomelj' },
          intermediaryBank: { bic: 'DEUTDEFF', name: 'Šparkasa', address: 'Čopova 1' },
        }),
      ],
    ],
    [
      'SEPA_SI payments beside one abroad (their debtor and initiating party too)',
      [
        sepaSiOrder({ ...texts, endToEndId: 'PO-1' }),
        sepaSiOrder({ ...texts, ...SEPA_DE, endToEndId: 'PO-2' }),
      ],
    ],
  ])(
    'transliterates every party text of %s: InitgPty, Dbtr, Cdtr, agents, RmtInf',
    async (_, orders) => {
      const xml = await buildCheckedPain001(file(orders));
      await expectBankReady(xml, version);
      const abroad = xml.split('<CdtTrfTxInf>').filter((part) => !part.includes('<PmtInf>'));
      const domestic = xml.split('<CdtTrfTxInf>').filter((part) => part.includes('IBAN>SI56020'));
      expect(xml).toContain('<InitgPty><Nm>Placnik Ziga d.o.o.</Nm></InitgPty>');
      expect(xml).toContain('<Dbtr><Nm>Placnik Ziga d.o.o.</Nm></Dbtr>');
      expect(xml).toContain('Dobavitelj Cicerko d.o.o.');
      for (const part of abroad) {
        if (part.includes('IBAN>DE') || part.includes('<Othr>')) expect(part).not.toMatch(LETTERS);
      }
      // A SEPA_SI payment's own texts stay as they are, even beside one abroad.
      for (const part of domestic.slice(1)) expect(part).toContain('Račun za šivanje');
      if (orders[0]?.paymentType === 'NONSEPA') {
        expect(xml).toContain('<Nm>Banka Zalec</Nm>');
        expect(xml).toContain('<TwnNm>Crnomelj</TwnNm>');
        expect(xml).toContain('<Nm>Sparkasa</Nm>');
        expect(xml).toContain('<AdrLine>Copova 1</AdrLine>');
      }
    },
  );
});

describe('checkEpcRules', () => {
  const version = 'pain.001.001.03';
  const GOOD = writePain001(
    painFile(version, [
      sepaSiOrder({ endToEndId: 'PO-1', amount: '10.00' }),
      sepaSiOrder({ endToEndId: 'PO-2', amount: '20.00' }),
    ]),
  );
  /** Without Slovenian letters: what changes whether a payment is domestic finds no more. */
  const ASCII = writePain001({
    ...painFile(version, [
      sepaSiOrder({
        endToEndId: 'PO-1',
        debtorName: 'Placnik d.o.o.',
        recipientName: 'Dobavitelj d.o.o.',
        description: 'Racun 17',
      }),
    ]),
    initiatorName: 'Placnik d.o.o.',
  });
  const rules = (xml: string) =>
    checkEpcRules(xml).map((each) => [each.code, each.where, each.element, each.value]);

  it('finds nothing in a file the writer makes', async () => {
    await expectBankReady(GOOD, version);
  });

  const CASES: [string, () => string, string[][]][] = [
    [
      'a message id with //',
      () => GOOD.replace('<MsgId>LISTINA-20261124-0001<', '<MsgId>LISTINA//0001<'),
      [['payments.epc.identifier', 'GrpHdr', 'MsgId', 'LISTINA//0001']],
    ],
    [
      'an end-to-end id with č',
      () => GOOD.replace('<EndToEndId>PO-1<', '<EndToEndId>PO-č<'),
      [['payments.epc.identifier', 'CdtTrfTxInf PO-č', 'PmtId/EndToEndId', 'PO-č']],
    ],
    [
      'an end-to-end id used twice',
      () => GOOD.replace('<EndToEndId>PO-2<', '<EndToEndId>PO-1<'),
      [['payments.epc.duplicateId', 'CdtTrfTxInf PO-1', 'EndToEndId', 'PO-1']],
    ],
    [
      'a count that is not the number of transactions',
      () => GOOD.replace('<NbOfTxs>2<', '<NbOfTxs>3<'),
      [['payments.epc.count', 'GrpHdr', 'NbOfTxs', '3']],
    ],
    [
      'a control sum that is not the sum',
      () => GOOD.replace('<CtrlSum>30.00<', '<CtrlSum>30.01<'),
      [['payments.epc.controlSum', 'GrpHdr', 'CtrlSum', '30.01']],
    ],
    [
      'an amount of 0, and one of 3 decimals',
      () =>
        GOOD.replace('>10.00</InstdAmt>', '>0.00</InstdAmt>')
          .replace('>20.00</InstdAmt>', '>20.005</InstdAmt>')
          .replaceAll('<CtrlSum>30.00<', '<CtrlSum>20.005<'),
      [
        ['payments.epc.amount', 'CdtTrfTxInf PO-1', 'Amt/InstdAmt', '0.00'],
        ['payments.epc.amount', 'CdtTrfTxInf PO-2', 'Amt/InstdAmt', '20.005'],
      ],
    ],
    [
      'a SEPA payment in dollars',
      () => ASCII.replace('Ccy="EUR"', 'Ccy="USD"'),
      [['payments.epc.currency', 'CdtTrfTxInf PO-1', 'Amt/InstdAmt/@Ccy', 'USD']],
    ],
    [
      'a SEPA block whose charges are shared',
      () => GOOD.replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>SHAR</ChrgBr>'),
      [['payments.epc.chargeBearer', 'PmtInf LISTINA-20261124-0001-1', 'ChrgBr', 'SHAR']],
    ],
    [
      'Ustrd beside Strd',
      () => GOOD.replace('<RmtInf><Strd>', '<RmtInf><Ustrd>Racun 17</Ustrd><Strd>'),
      [['payments.epc.remittance', 'CdtTrfTxInf PO-1', 'RmtInf', 'Ustrd + Strd']],
    ],
    [
      'an Ustrd of 141 characters',
      () => GOOD.replace(/<RmtInf><Strd>.*?<\/Strd>/, `<RmtInf><Ustrd>${'x'.repeat(141)}</Ustrd>`),
      [['payments.epc.tooLong', 'CdtTrfTxInf PO-1', 'RmtInf/Ustrd', 'x'.repeat(141)]],
    ],
    [
      'a creditor name of 71 characters',
      () => GOOD.replace('<Nm>Dobavitelj Čičerko d.o.o.<', `<Nm>${'N'.repeat(71)}<`),
      [['payments.epc.tooLong', 'CdtTrfTxInf PO-1', 'Cdtr/Nm', 'N'.repeat(71)]],
    ],
    [
      'three address lines',
      () =>
        GOOD.replace(
          '<AdrLine>Dunajska cesta 1</AdrLine>',
          '<AdrLine>Dunajska cesta 1</AdrLine><AdrLine>2</AdrLine><AdrLine>3</AdrLine>',
        ),
      [['payments.epc.addressLines', 'CdtTrfTxInf PO-1', 'Cdtr/PstlAdr/AdrLine', '3']],
    ],
    [
      '& in a description',
      () => GOOD.replace('(šola + žaga)</AddtlRmtInf>', '(šola &amp; žaga)</AddtlRmtInf>'),
      [
        [
          'payments.epc.character',
          'CdtTrfTxInf PO-1',
          'RmtInf/Strd/AddtlRmtInf',
          'Plačilo računa 2026-000123 (šola & žaga)',
        ],
      ],
    ],
    [
      'č in a reference, even of a SEPA_SI payment',
      () => GOOD.replace('<Ref>SI1212345678909<', '<Ref>SI12č<'),
      [['payments.epc.character', 'CdtTrfTxInf PO-1', 'RmtInf/Strd/CdtrRefInf/Ref', 'SI12č']],
    ],
    [
      'č in the creditor name of a payment abroad, and then in its debtor and initiating party',
      () => GOOD.replace('<IBAN>SI56020170014356205</IBAN>', '<IBAN>DE89370400440532013000</IBAN>'),
      [
        ['payments.epc.character', 'GrpHdr', 'InitgPty/Nm', 'Plačnik d.o.o.'],
        ['payments.epc.character', 'PmtInf LISTINA-20261124-0001-1', 'Dbtr/Nm', 'Plačnik d.o.o.'],
        ['payments.epc.character', 'CdtTrfTxInf PO-1', 'Cdtr/Nm', 'Dobavitelj Čičerko d.o.o.'],
        [
          'payments.epc.character',
          'CdtTrfTxInf PO-1',
          'RmtInf/Strd/AddtlRmtInf',
          'Plačilo računa 2026-000123 (šola + žaga)',
        ],
      ],
    ],
  ];

  it.each(CASES)('finds %s', (_, mutate, expected) => {
    expect(rules(mutate())).toEqual(expected);
  });

  it('has a case for every rule', () => {
    const found = new Set(CASES.flatMap(([, , expected]) => expected.map(([code]) => code)));
    expect([...found].sort()).toEqual([...EPC_RULE_CODES].sort());
  });
});

describe('buildCheckedPain001 and the EPC rules', () => {
  it('hands out no file that breaks one, naming the order, the element and the value', async () => {
    const orders = [
      sepaSiOrder({ endToEndId: 'PO-1' }),
      sepaSiOrder({ endToEndId: 'PO-2', description: 'Žaga & šola' }),
    ];
    const error = await buildCheckedPain001(painFile('pain.001.001.09', orders)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PaymentsFileError);
    const failure = error as PaymentsFileError;
    expect([failure.code, failure.statusCode, failure.parameters]).toEqual([
      'errors.payments.pain001.epc',
      400,
      [1],
    ]);
    expect(failure.errors[1]).toEqual({
      code: 'payments.epc.character',
      parameters: [
        'CdtTrfTxInf PO-2 (Dobavitelj Čičerko d.o.o., 122.00 EUR)',
        'RmtInf/Strd/AddtlRmtInf',
        'Žaga & šola',
        '&',
      ],
      field: 'orders.1',
    });
  });

  it('reads back the NRC text of the one Ustrd as the reference', async () => {
    const order = nonSepaOrder({ reference: 'Invoice 17', description: 'Machines' });
    const xml = await buildCheckedPain001(painFile('pain.001.001.03', [order]));
    await expectBankReady(xml, 'pain.001.001.03');
    expect(readPain001(xml).orders[0]).toMatchObject({
      referenceType: 'NRC',
      reference: 'Invoice 17, Machines',
    });
  });
});
