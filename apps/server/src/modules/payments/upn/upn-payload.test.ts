import { readFileSync } from 'node:fs';
import { LOCALES } from '@listina/contract';
import { describe, expect, it } from 'vitest';
import { catalogue, translate } from '../../../plugins/i18n';
import { UPN_ERROR_CODES, UpnError } from './upn-error';
import { upnFields, upnPayload, type UpnData } from './upn-payload';

/** The example of ZBS Priloga 7.3 ("Primer polja v kodi QR"), field by field. */
const ZBS_EXAMPLE: UpnData = {
  payerIban: 'SI56 0201 7001 4356 205',
  payerReference: 'SI00 225268-32526-222',
  payerName: 'Poljubno podjetje d.o.o.',
  payerAddress: 'Lepa cesta 10',
  payerTown: '2000 Maribor',
  amount: '1268.74',
  paymentDate: '2016-07-11',
  isUrgent: true,
  purposeCode: 'CPYR',
  purpose: 'Plačilo računa 18/2016.',
  recipientIban: 'SI56 0203 6025 3863 406',
  recipientReference: 'SI08 1236-17-345679',
  recipientName: 'Združenje bank Slovenije - GIZ',
  recipientAddress: 'Šubičeva 2',
  recipientTown: '1000 Ljubljana',
};

const ZBS_TEXT = [
  'UPNQR',
  'SI56020170014356205',
  '',
  '',
  'SI00225268-32526-222',
  'Poljubno podjetje d.o.o.',
  'Lepa cesta 10',
  '2000 Maribor',
  '00000126874',
  '11.07.2016',
  'X',
  'CPYR',
  'Plačilo računa 18/2016.',
  '',
  'SI56020360253863406',
  'SI081236-17-345679',
  'Združenje bank Slovenije - GIZ',
  'Šubičeva 2',
  '1000 Ljubljana',
  '252',
]
  .map((field) => `${field}\n`)
  .join('');

const decode = (bytes: Uint8Array) => new TextDecoder('iso-8859-2').decode(bytes);

/** A payee's slip as an order gives it: no payer, an RF reference. */
const ORDER: UpnData = {
  amount: '99.9',
  purposeCode: 'gdsv',
  purpose: 'Račun 2026-0042',
  dueDate: '2026-12-16',
  recipientIban: 'SI56020360253863406',
  recipientReference: 'RF18539007547034',
  recipientName: 'Čistilni servis Žužek d.o.o.',
  recipientAddress: 'Cesta 4',
  recipientTown: '1000 Ljubljana',
};

function upnError(data: UpnData): UpnError {
  try {
    upnPayload(data);
  } catch (error) {
    if (error instanceof UpnError) return error;
    throw error;
  }
  throw new Error('no UpnError');
}

describe('UPN QR text (ZBS Priloga 7.3)', () => {
  it('writes the ZBS example field for field, with the control length 252', () => {
    const bytes = upnPayload(ZBS_EXAMPLE);
    expect(decode(bytes)).toBe(ZBS_TEXT);
    expect(bytes.length).toBe(256);
    expect(upnFields(ZBS_EXAMPLE)).toMatchObject({
      amount: '00000126874',
      paymentDate: '11.07.2016',
      urgent: 'X',
      controlLength: '252',
    });
  });

  it('writes č, š, ž, Č, Š, Ž, ć and đ as one ISO 8859-2 byte each', () => {
    const bytes = upnPayload({ ...ORDER, recipientName: 'čšž ČŠŽ ćđ' });
    const name = [0xe8, 0xb9, 0xbe, 0x20, 0xc8, 0xa9, 0xae, 0x20, 0xe6, 0xf0, 0x0a];
    expect(Buffer.from(bytes).indexOf(Buffer.from(name))).toBeGreaterThan(0);
    expect(decode(bytes).split('\n')[16]).toBe('čšž ČŠŽ ćđ');
  });

  it('leaves the payer empty, pads the amount and writes dates day first', () => {
    const fields = decode(upnPayload(ORDER)).split('\n');
    expect(fields.slice(1, 8)).toEqual(['', '', '', '', '', '', '']);
    expect(fields[8]).toBe('00000009990');
    expect(fields[11]).toBe('GDSV');
    expect(fields[13]).toBe('16.12.2026');
    expect(fields[15]).toBe('RF18539007547034');
    const counted = fields.slice(0, 19).reduce((sum, field) => sum + field.length + 1, 0);
    expect(fields[19]).toBe(String(counted).padStart(3, '0'));
    expect(fields[20]).toBe('');
  });

  it('writes SI99 when there is no reference, and 0 as eleven zeros', () => {
    const fields = decode(upnPayload({ ...ORDER, recipientReference: '', amount: '0' })).split(
      '\n',
    );
    expect(fields[15]).toBe('SI99');
    expect(fields[8]).toBe('00000000000');
  });

  it('cuts an over-long name, address or purpose to the field, without a trailing space', () => {
    const name = 'Zelo dolgo ime podjetja za čiščenje in vzdrževanje d.o.o.';
    const fields = upnFields({
      ...ORDER,
      recipientName: `  ${name}  `,
      recipientAddress: 'Ulica\nv dveh vrsticah',
      purpose: 'Plačilo računov 2026-0042, 2026-0043 in 2026-0044',
    });
    expect(fields.recipientName).toBe('Zelo dolgo ime podjetja za čiščen');
    expect(fields.recipientName).toHaveLength(33);
    expect(fields.recipientAddress).toBe('Ulica v dveh vrsticah');
    expect(fields.purpose).toBe('Plačilo računov 2026-0042, 2026-0043 in 20');
    const cutAtSpace = upnFields({ ...ORDER, recipientTown: `${'Ž'.repeat(32)} Ljubljana` });
    expect(cutAtSpace.recipientTown).toBe('Ž'.repeat(32));
    const bytes = upnPayload({ ...ORDER, recipientName: name });
    expect(decode(bytes).split('\n')[16]).toBe('Zelo dolgo ime podjetja za čiščen');
  });

  it('holds at most 411 bytes even with every field at its longest', () => {
    const long = 'Ž'.repeat(60);
    const bytes = upnPayload({
      ...ZBS_EXAMPLE,
      payerName: long,
      payerAddress: long,
      payerTown: long,
      purpose: long,
      recipientName: long,
      recipientAddress: long,
      recipientTown: long,
      recipientIban: 'MT84MALT011000012345MTLCAST001S',
      recipientReference: 'SI0112-34-5679',
    });
    expect(bytes.length).toBeLessThanOrEqual(411);
  });

  it('refuses what cannot be cut: an over-long reference, amount or a wrong IBAN', () => {
    const reference = upnError({ ...ORDER, recipientReference: 'SI121234567890123456789' });
    expect(reference).toMatchObject({ code: 'errors.upn.reference', field: 'recipientReference' });
    expect(upnError({ ...ORDER, amount: '1000000000.00' }).code).toBe('errors.upn.amount');
    expect(upnError({ ...ORDER, amount: '-5.00' }).code).toBe('errors.upn.amount');
    expect(upnError({ ...ORDER, amount: '12,50' }).code).toBe('errors.upn.amount');
    expect(upnError({ ...ORDER, recipientIban: 'SI56020360253863407' }).code).toBe(
      'errors.upn.iban',
    );
    expect(upnError({ ...ORDER, payerIban: 'DE89370400440532013000' }).code).toBe(
      'errors.upn.payerIban',
    );
    expect(upnError({ ...ORDER, recipientReference: 'SI081236-17-345678' }).code).toBe(
      'errors.upn.reference',
    );
    expect(upnError({ ...ORDER, purposeCode: 'GDS1' }).code).toBe('errors.upn.purposeCode');
    expect(upnError({ ...ORDER, dueDate: '2026-02-30' }).code).toBe('errors.upn.date');
    expect(upnError({ ...ORDER, recipientName: '  ' }).code).toBe('errors.upn.recipientName');
    expect(upnError({ ...ORDER, purpose: '' }).code).toBe('errors.upn.purpose');
  });

  it('refuses a character outside ISO 8859-2 with a message naming it', () => {
    const error = upnError({ ...ORDER, purpose: 'Kava ☕ in čaj' });
    expect(error).toBeInstanceOf(UpnError);
    expect(error.statusCode).toBe(400);
    expect(error).toMatchObject({
      code: 'errors.upn.character',
      field: 'purpose',
      parameters: ['☕', 'Kava ☕ in čaj'],
    });
    expect(translate('sl', error.code, error.parameters)).toMatch(
      /^»Kava ☕ in čaj« vsebuje znak »☕«, ki ga koda UPN QR ne more zapisati/,
    );
    expect(translate('en-gb', error.code, error.parameters)).toMatch(
      /^“Kava ☕ in čaj” contains “☕”, a character the UPN QR code cannot hold/,
    );
    expect(upnError({ ...ORDER, recipientName: 'Euro € d.o.o.' }).parameters[0]).toBe('€');
  });

  it('takes a letter with a combining caron as the letter itself', () => {
    const fields = upnFields({ ...ORDER, recipientName: 'Zdravko Z\u030Cagar' });
    expect(fields.recipientName).toBe('Zdravko Žagar');
  });

  it.each(LOCALES)('has a %s message for every error code, with the same keys', (locale) => {
    const missing = UPN_ERROR_CODES.filter((code) => !catalogue[locale][code]);
    expect(missing).toEqual([]);
    const file = new URL(
      `../../translations/catalogue/${locale}/payments-upn.json`,
      import.meta.url,
    );
    const keys = Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object);
    expect(keys.sort()).toEqual([...UPN_ERROR_CODES].sort());
  });
});
