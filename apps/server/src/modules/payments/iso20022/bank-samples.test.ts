import { readdirSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCheckedCamt, type CamtEntry } from './camt-read';

/**
 * Real camt.053/camt.054 files published by banks or kept as test data by open-source
 * statement readers (samples/bank/SOURCES.md), read as they are. Every expected value below
 * was written by hand from the file itself, not taken from our reader.
 */

const BANK = new URL('./samples/bank/', import.meta.url);
const sample = (path: string): Buffer => readFileSync(new URL(path, BANK));
/** A published file that its own schema refuses. */
const INVALID = 'error-camt053.xml';

/** What a statement import matches on, and what a user sees of an entry. */
const KEYS = [
  'endToEndId',
  'amount',
  'currency',
  'creditDebit',
  'status',
  'returned',
  'reason',
  'bookingDate',
] as const;
type Seen = Partial<Pick<CamtEntry, (typeof KEYS)[number]>>;

const seen = (entry: CamtEntry): Seen =>
  Object.fromEntries(KEYS.filter((key) => entry[key] !== undefined).map((k) => [k, entry[k]]));

interface Expected {
  file: string;
  version: string;
  messageId: string;
  entries: Seen[];
  /** More fields of single entries, by index. */
  more?: Record<number, Partial<CamtEntry>>;
}

const CASES: Expected[] = [
  {
    // SIX Business Sample camt.053.001.04 (a Swedish bank's statement in the ISO guide).
    file: 'dvbern-iso20022/Business Sample camt.053.001.04.xml',
    version: 'camt.053.001.04',
    messageId: 'AAAASESS-FP-STAT001',
    entries: [
      // <TxDtls><Amt Ccy="SEK">0</Amt> under an entry of 105678.50 SEK: the entry's amount.
      {
        endToEndId: 'MUELL/FINP/RA12345',
        amount: '105678.50',
        currency: 'SEK',
        creditDebit: 'CRDT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2010-10-18',
      },
      // A batch of 20 booked as one debit, without its transactions.
      {
        amount: '200000.00',
        currency: 'SEK',
        creditDebit: 'DBIT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2010-10-18',
      },
      // An FX credit: the transaction's own amount is in euros.
      {
        endToEndId: 'AAAASS1085FINPSS',
        amount: '3255.00',
        currency: 'EUR',
        creditDebit: 'CRDT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2010-10-18',
      },
    ],
    more: {
      0: { accountIban: '50000000054910000003', counterpartyName: 'MUELLER' },
      1: { msgId: 'FINP-0055', pmtInfId: 'FINP-0055/001' },
      2: { instrId: 'FP-004567-FX' },
    },
  },
  {
    // PostFinance camt.054 (Swiss Payment Standards 2009, ISO version .04).
    file: 'dvbern-iso20022/camt.054_P_CH2909000000250094239_1111111112_0_2022031011011199_v2009.xml',
    version: 'camt.054.001.04',
    messageId: '20200618375204295372463',
    entries: [
      {
        endToEndId: 'NOTPROVIDED',
        amount: '522.10',
        currency: 'CHF',
        creditDebit: 'CRDT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2022-03-10',
      },
    ],
    more: {
      0: {
        accountIban: 'CH2909000000250094239',
        counterpartyName: 'Bernasconi Maria',
        counterpartyIban: 'CH5109000000250092291',
        instrId: '1006265-25bbb3b1a',
        bankReference: '2000000000000000',
        description: '?REJECT?0',
      },
    },
  },
  {
    // The same PostFinance notification in Swiss Payment Standards 2019 (ISO .08).
    file: 'dvbern-iso20022/camt.054_P_CH2909000000250094239_1111111112_0_2022031011011199_v2019.xml',
    version: 'camt.054.001.08',
    messageId: '20200618375204295372463',
    entries: [
      {
        endToEndId: 'NOTPROVIDED',
        amount: '522.10',
        currency: 'CHF',
        creditDebit: 'CRDT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2022-03-10',
      },
    ],
    more: {
      0: {
        counterpartyName: 'Bernasconi Maria',
        uetr: 'b009c997-97b3-4a9c-803c-d645a7276bf0',
      },
    },
  },
  {
    // PostFinance collective credit (Sammelgutschrift) of two QR-bill payments, ISO .08.
    file: 'dvbern-iso20022/200519_camt.054_P_CH2909000000250094239_1111091335_0_2020061900081727_v2019.xml',
    version: 'camt.054.001.08',
    messageId: '20200618375204295372463',
    entries: [
      {
        endToEndId: '1006265-aic5dL-75dzf3jk9-cf2d5e9',
        amount: '778.29',
        currency: 'CHF',
        creditDebit: 'CRDT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2020-06-18',
      },
      {
        amount: '913.93',
        currency: 'CHF',
        creditDebit: 'CRDT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2020-06-18',
      },
    ],
    more: {
      0: {
        reference: '539115429773825311971477453',
        batch: { amount: '1692.22', transactions: 2 },
      },
      1: {
        reference: '662437765447746478179744715',
        batch: { amount: '1692.22', transactions: 2 },
      },
    },
  },
  {
    // A reversed credit (RvslInd), a pending credit and a debit, ISO .04.
    file: 'dvbern-iso20022/camt_054_Beispiel_NoCrdtBookedNotReversed.xml',
    version: 'camt.054.001.04',
    messageId: 'MSGID-201707261400',
    entries: [
      {
        amount: '111.00',
        currency: 'CHF',
        creditDebit: 'CRDT',
        status: 'BOOK',
        returned: true,
        bookingDate: '2017-07-26',
      },
      { amount: '2.00', currency: 'CHF', creditDebit: 'CRDT', status: 'PDNG', returned: false },
      // The entry is a debit; its transaction says CRDT: the entry's direction counts.
      {
        amount: '3.00',
        currency: 'CHF',
        creditDebit: 'DBIT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2017-07-26',
      },
    ],
    more: {
      0: { reference: '123456789012345678901234567', counterpartyName: 'Ada Lovelace' },
      2: { reference: '110000000000070100000112264' },
    },
  },
  {
    file: 'genkgo-camt/camt053.v4.xml',
    version: 'camt.053.001.04',
    messageId: 'CAMT053RIB000000000001',
    entries: [
      {
        amount: '8.85',
        currency: 'EUR',
        creditDebit: 'CRDT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2014-12-31',
      },
    ],
    more: {
      0: {
        accountIban: 'NL26VAYB8060476890',
        reference: '4654654654654654',
        counterpartyName: 'NAME NAME',
        counterpartyIban: 'NL56AGDH9619008421',
      },
    },
  },
  {
    // UBS-style debit of a batch of three transfers, ISO .08.
    file: 'genkgo-camt/camt054.v8.xml',
    version: 'camt.054.001.08',
    messageId: 'AAAASESS-FP-ACCR001',
    entries: [
      {
        endToEndId: 'UXC06170000006PI00001EE00001',
        amount: '3.10',
        currency: 'CHF',
        creditDebit: 'DBIT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2007-10-18',
      },
      {
        endToEndId: 'UXC06170000006PI00001EE00002',
        amount: '3.20',
        currency: 'CHF',
        creditDebit: 'DBIT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2007-10-18',
      },
      {
        endToEndId: 'UXC06170000006PI00001EE00002',
        amount: '3.20',
        currency: 'CHF',
        creditDebit: 'DBIT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2007-10-18',
      },
    ],
    more: {
      0: {
        pmtInfId: 'UXC06170000006PI00001',
        msgId: 'UXC06170000006',
        reference: 'ISR ref number V1',
        counterpartyName: 'Example Creditor 3 - V1',
        counterpartyIban: 'CH4112345003131313131',
        batch: { amount: '200000.00', transactions: 3 },
      },
      2: { reference: 'Ref number V3 block 1', counterpartyName: 'Example Creditor 3 - V3' },
    },
  },
  {
    // Two statements of one account in one message, ISO .02.
    file: 'genkgo-camt/camt053.v2.multi.statement.xml',
    version: 'camt.053.001.02',
    messageId: 'CAMT053RIB000000000001',
    entries: [
      {
        endToEndId: '000000001',
        amount: '8.85',
        currency: 'EUR',
        creditDebit: 'CRDT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2014-12-31',
      },
      {
        endToEndId: '000000002',
        amount: '7.00',
        currency: 'EUR',
        creditDebit: 'DBIT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2014-12-31',
      },
    ],
    more: {
      0: { description: 'Transaction Description 1' },
      1: { counterpartyName: 'Company Name 2', counterpartyIban: 'NL56AGDH9619008421' },
    },
  },
  {
    // Amounts with three decimals ("8.850").
    file: 'genkgo-camt/camt053.v2.five.decimals.xml',
    version: 'camt.053.001.02',
    messageId: 'CAMT053RIB000000000001',
    entries: [
      {
        endToEndId: '000000001',
        amount: '8.85',
        currency: 'EUR',
        creditDebit: 'CRDT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2014-12-31',
      },
    ],
  },
  {
    // An entry without booking date, an empty BkTxCd and a creditor given as a bank, ISO .08.
    file: 'genkgo-camt/camt054.v8-with-financial-institution.xml',
    version: 'camt.054.001.08',
    messageId: 'AAAASESS-FP-ACCR001',
    entries: [
      {
        amount: '200000.00',
        currency: 'SEK',
        creditDebit: 'DBIT',
        status: 'BOOK',
        returned: false,
      },
    ],
    more: { 0: { bankReference: 'ACSR160617103200001' } },
  },
  {
    // SNS Bank (NL) export, two accounts in one message, entries with an empty <TxDtls/>.
    file: 'newinnovations-camt053/example-camt053-a.xml',
    version: 'camt.053.001.02',
    messageId: 'CAMT053SNS987654321647',
    entries: [
      ['6.05', 'DBIT', '2026-01-24'],
      ['7.95', 'DBIT', '2026-01-24'],
      ['500.00', 'CRDT', '2026-01-26'],
      ['6.05', 'DBIT', '2026-02-24'],
      ['7.95', 'DBIT', '2026-02-24'],
      ['6.05', 'DBIT', '2026-03-24'],
      ['7.95', 'DBIT', '2026-03-25'],
      ['500.00', 'DBIT', '2026-01-26'],
      ['103.98', 'CRDT', '2026-02-05'],
      ['93.84', 'CRDT', '2026-03-05'],
      ['103.92', 'CRDT', '2026-04-05'],
    ].map(([amount, creditDebit, bookingDate]) => ({
      amount,
      currency: 'EUR',
      creditDebit: creditDebit as 'DBIT' | 'CRDT',
      status: 'BOOK',
      returned: false,
      bookingDate,
    })),
    more: {
      0: { accountIban: 'NL14SNSB0012345678' },
      2: {
        counterpartyName: 'GreatExample BV',
        counterpartyIban: 'NL78SNSB0022446688',
        description: 'Opname',
      },
      7: {
        accountIban: 'NL78SNSB0022446688',
        counterpartyName: 'SNS ZZP Rekening',
        counterpartyIban: 'NL14SNSB0012345678',
      },
    },
  },
];

describe('real bank files', () => {
  it.each(CASES.map((c) => [c.file, c] as const))('%s', async (_, expected) => {
    const read = await readCheckedCamt(sample(expected.file));
    expect(read.version).toBe(expected.version);
    expect(read.messageId).toBe(expected.messageId);
    expect(read.entries.map(seen)).toEqual(expected.entries);
    for (const [index, fields] of Object.entries(expected.more ?? {}))
      expect(read.entries[Number(index)], `entry ${index}`).toMatchObject(fields);
  });

  it('refuses a file that fails the official XSD with the schema’s message and its line', async () => {
    // camt.053.001.02 requires BkTxCd in every entry; the second entry has none (line 116).
    await expect(
      readCheckedCamt(sample(`newinnovations-camt053/${INVALID}`)),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'errors.payments.camt.schema',
      parameters: [
        'camt.053.001.02',
        '116',
        "Element 'NtryDtls': This element is not expected. Expected is one of ( Avlbty, BkTxCd )",
      ],
    });
  });

  it('tests every file there is, each with its source in SOURCES.md', () => {
    const files = readdirSync(BANK, { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.xml'))
      .map((name) => name.split(sep).join('/'));
    const tested = [...CASES.map((c) => c.file), `newinnovations-camt053/${INVALID}`];
    expect(files.sort()).toEqual(tested.sort());
    const sources = readFileSync(new URL('SOURCES.md', BANK), 'utf8');
    for (const file of tested) expect(sources).toContain(file.split('/')[1] ?? '');
  });
});
