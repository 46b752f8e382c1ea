import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeCamt053 } from './camt-fixture';
import { readCamt, readCheckedCamt, type CamtEntry } from './camt-read';
import { checkCamt } from './schema-check';
import { DEBTOR_IBAN } from './test-orders';

const SAMPLES = new URL('./samples/', import.meta.url);
const sample = (name: string): Buffer => readFileSync(new URL(name, SAMPLES));

const paid = (endToEndId: string, amount: string, extra: Partial<CamtEntry> = {}): CamtEntry => ({
  endToEndId,
  amount,
  currency: 'EUR',
  creditDebit: 'DBIT',
  status: 'BOOK',
  bookingDate: '2026-11-25',
  valueDate: '2026-11-25',
  returned: false,
  accountIban: DEBTOR_IBAN,
  msgId: 'LISTINA-20261124-0001',
  pmtInfId: 'LISTINA-20261124-0001-1',
  reference: 'SI1212345678909',
  description: 'Plačilo računa 2026-000123',
  counterpartyName: 'Dobavitelj d.o.o.',
  counterpartyIban: 'SI56020170014356205',
  ...extra,
});

const ENTRIES: CamtEntry[] = [
  paid('PO-1', '122.00'),
  paid('PO-2', '0.10', { status: 'PDNG', bookingDate: '2026-11-26', valueDate: '2026-11-26' }),
  paid('PO-3', '50.00', {
    creditDebit: 'CRDT',
    returned: true,
    reason: 'AC04',
    counterpartyName: 'Vračilo banke',
  }),
];

describe('camt.053 fixture', () => {
  it('writes a statement the official camt.053.001.02 XSD accepts', async () => {
    const xml = writeCamt053(ENTRIES, { iban: DEBTOR_IBAN });
    expect(await checkCamt(xml, 'camt.053.001.02')).toEqual({ valid: true, errors: [] });
  });

  it('reads back one entry per transaction, a return marked returned with its reason', async () => {
    const read = await readCheckedCamt(writeCamt053(ENTRIES, { iban: DEBTOR_IBAN }));
    expect(read.version).toBe('camt.053.001.02');
    expect(read.entries).toEqual(ENTRIES);
  });

  it('reads a batch-booked entry as one entry per TxDtls with the batch total', async () => {
    const batch = [paid('PO-1', '122.00'), paid('PO-2', '0.10'), paid('PO-4', '10.00')];
    const xml = writeCamt053(batch, { iban: DEBTOR_IBAN, batchBooking: true });
    expect(await checkCamt(xml, 'camt.053.001.02')).toEqual({ valid: true, errors: [] });
    expect(xml.match(/<Ntry>/g)).toHaveLength(1);
    const { entries } = readCamt(xml);
    expect(entries.map((entry) => [entry.endToEndId, entry.amount, entry.pmtInfId])).toEqual([
      ['PO-1', '122.00', 'LISTINA-20261124-0001-1'],
      ['PO-2', '0.10', 'LISTINA-20261124-0001-1'],
      ['PO-4', '10.00', 'LISTINA-20261124-0001-1'],
    ]);
    expect(entries[0]?.batch).toEqual({ amount: '132.10', transactions: 3 });
  });
});

describe('camt samples', () => {
  it('reads camt.053.001.02', async () => {
    const read = await readCheckedCamt(sample('camt053.v2.minimal.xml'));
    expect(read).toMatchObject({ version: 'camt.053.001.02', messageId: 'CAMT053RIB000000000001' });
    expect(read.entries).toEqual([
      {
        amount: '8.85',
        currency: 'EUR',
        creditDebit: 'CRDT',
        status: 'BOOK',
        bookingDate: '2014-12-31',
        valueDate: '2015-01-02',
        returned: false,
        accountIban: 'NL26VAYB8060476890',
        reference: '4654654654654654',
        counterpartyName: 'NAME NAME',
        counterpartyIban: 'NL56AGDH9619008421',
      },
    ]);
  });

  it('reads camt.053.001.08 with the status as Sts/Cd', async () => {
    const { version, entries } = await readCheckedCamt(sample('camt053.v8.xml'));
    expect(version).toBe('camt.053.001.08');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      endToEndId: 'MUELL/FINP/RA12345',
      status: 'BOOK',
      creditDebit: 'CRDT',
      bookingDate: '2014-12-31',
    });
  });

  it('reads camt.054.001.02 as one entry per TxDtls', async () => {
    const { version, entries } = await readCheckedCamt(sample('camt054.v2.xml'));
    expect(version).toBe('camt.054.001.02');
    expect(entries.map((entry) => entry.reference)).toEqual([
      'ISR ref number V1',
      'ISR ref number V2',
      'Ref number V3 block 1',
    ]);
    // The transactions carry no amount of their own: the entry's total is in batch.
    expect(entries[0]).toMatchObject({
      amount: '',
      currency: 'SEK',
      creditDebit: 'DBIT',
      bookingDate: '2007-10-18',
      accountIban: 'CH2801234000123456789',
      batch: { amount: '200000.00', transactions: 3 },
    });
  });

  it('reads camt.054.001.08 with the UETR', async () => {
    const { version, entries } = await readCheckedCamt(sample('camt054.v8-with-UETR.xml'));
    expect(version).toBe('camt.054.001.08');
    expect(entries).toEqual([
      expect.objectContaining({
        amount: '200000.00',
        status: 'BOOK',
        uetr: '255ae394-9965-4438-ac86-f406feada396',
      }),
    ]);
  });

  it('reads camt.053.001.10 and camt.054.001.10 against their own official XSDs', async () => {
    // The .08 samples in version 10's namespace: the messages' shape did not change between
    // the two for what they carry, so each .10 XSD accepts them as they are.
    const asV10 = (name: string, version: string) =>
      sample(name).toString('utf8').replace(`xsd:${version}.001.08`, `xsd:${version}.001.10`);
    const statement = asV10('camt053.v8.xml', 'camt.053');
    expect(await checkCamt(statement, 'camt.053.001.10')).toEqual({ valid: true, errors: [] });
    const read = await readCheckedCamt(statement);
    expect(read.version).toBe('camt.053.001.10');
    expect(read.entries[0]).toMatchObject({
      endToEndId: 'MUELL/FINP/RA12345',
      status: 'BOOK',
      creditDebit: 'CRDT',
      bookingDate: '2014-12-31',
    });
    const notification = await readCheckedCamt(asV10('camt054.v8-with-UETR.xml', 'camt.054'));
    expect(notification.version).toBe('camt.054.001.10');
    expect(notification.entries).toEqual([
      expect.objectContaining({
        amount: '200000.00',
        status: 'BOOK',
        uetr: '255ae394-9965-4438-ac86-f406feada396',
      }),
    ]);
    // Version 10's own schema judges a .10 file: an element it does not know is refused.
    const broken = statement.replace('<Sts>', '<Unknown/><Sts>');
    await expect(readCheckedCamt(broken)).rejects.toMatchObject({
      code: 'errors.payments.camt.schema',
    });
  });

  it('refuses a camt.053 that fails its XSD', async () => {
    const xml = writeCamt053(ENTRIES, { iban: DEBTOR_IBAN }).replace(
      '<Sts>BOOK</Sts>',
      '<Sts>PAID</Sts>',
    );
    // The line of the first entry, and xmllint's words with the allowed values.
    const line = xml.split('\n').findIndex((text) => text.includes('<Sts>PAID</Sts>')) + 1;
    expect(line).toBe(11);
    await expect(readCheckedCamt(xml)).rejects.toMatchObject({
      code: 'errors.payments.camt.schema',
      parameters: [
        'camt.053.001.02',
        '11',
        "Element 'Sts': [facet 'enumeration'] The value 'PAID' is not an element of the set {'BOOK', 'PDNG', 'INFO'}",
      ],
    });
  });
});
