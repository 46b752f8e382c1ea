import { describe, expect, it } from 'vitest';
import { latin2, upnText, ZBS_PAYEE } from '../test-scans';
import { readPaymentQr } from './payment-qr';
import { QR_AS_TOTAL, QR_WRONG_VALUE, qrFields } from './qr-fields';

const BOX = { page: 1, x: 0.1, y: 0.8, width: 0.1, height: 0.07 };
const located = (bytes: Uint8Array) => {
  const payment = readPaymentQr(bytes);
  if (!payment) throw new Error('not a payment code');
  return { payment, box: BOX };
};

describe('UPN QR', () => {
  it('reads the payee of the ZBS example, whose control sum is 252', () => {
    const text = upnText(ZBS_PAYEE);
    expect(text.split('\n')[19]).toBe('252');
    const payment = readPaymentQr(latin2(text));
    expect(payment).toEqual({
      kind: 'upnqr',
      values: {
        totalAmount: '1268.74',
        currencyCode: 'EUR',
        iban: 'SI56020360253863406',
        referenceModel: 'SI08',
        reference: '1236-17-345679',
        purposeCode: 'CPYR',
        description: 'Plačilo računa 18/2016.',
        supplierName: 'Združenje bank Slovenije - GIZ',
      },
      problems: [],
    });
  });

  it('gives exact values with the box of the code, the due date as a date', () => {
    const bytes = latin2(
      upnText({ ...ZBS_PAYEE, dueDate: '16.12.2025', reference: 'RF18539007547034' }),
    );
    const { fields, codes } = qrFields([located(bytes)]);
    expect(fields.dueDate).toEqual({ value: '2025-12-16', confidence: 1, source: 'qr', box: BOX });
    expect(fields.referenceModel?.value).toBe('RF18');
    expect(fields.reference?.value).toBe('539007547034');
    expect(codes).toEqual([{ kind: 'upnqr', page: 1, problems: [] }]);
  });

  it('flags a wrong control sum and marks every value for review', () => {
    const bytes = latin2(upnText(ZBS_PAYEE, { controlSum: 251 }));
    const { fields, codes } = qrFields([located(bytes)]);
    expect(codes[0]?.problems).toEqual([
      { code: 'capture.qr.controlSum', parameters: ['251', '252'] },
    ]);
    expect(fields.iban?.confidence).toBeLessThan(0.9);
    expect(fields.totalAmount?.confidence).toBeLessThan(0.9);
  });

  it('flags an IBAN with wrong check digits and a reference with a wrong check digit', () => {
    const bytes = latin2(
      upnText({ ...ZBS_PAYEE, iban: 'SI56020360253863407', reference: 'SI081236-17-345678' }),
    );
    const { fields, codes } = qrFields([located(bytes)]);
    expect(codes[0]?.problems).toEqual([
      { field: 'iban', code: 'validation.iban.checksum', parameters: [] },
      {
        field: 'reference',
        code: 'capture.reference.checkDigit',
        parameters: ['SI08', '1236-17-345678'],
      },
    ]);
    expect(fields.iban).toMatchObject({ value: 'SI56020360253863407', confidence: QR_WRONG_VALUE });
    // The amount is what the code asks to be paid: the amount due, exact; as the invoice's
    // total it is for review, since a prepayment would make the two differ (issue 21).
    expect(fields.amountDue?.confidence).toBe(1);
    expect(fields.totalAmount?.confidence).toBe(QR_AS_TOTAL);
  });

  it('reads a code written in UTF-8 without saying so', () => {
    const payment = readPaymentQr(new TextEncoder().encode(upnText(ZBS_PAYEE)));
    expect(payment?.values.supplierName).toBe('Združenje bank Slovenije - GIZ');
  });

  it('leaves out an impossible due date and a zero amount, and says why', () => {
    const payment = readPaymentQr(
      latin2(upnText({ ...ZBS_PAYEE, amountCents: 0, dueDate: '31.02.2026' })),
    );
    expect(payment?.values.dueDate).toBeUndefined();
    expect(payment?.values.totalAmount).toBeUndefined();
    expect(payment?.problems).toEqual([
      { field: 'dueDate', code: 'capture.date.invalid', parameters: ['31.02.2026'] },
    ]);
  });

  it('uses nothing of a code without its twenty fields', () => {
    const bytes = latin2('UPNQR\n\n\n\n\n\n\n\n00000010000\n');
    expect(readPaymentQr(bytes)).toEqual({
      kind: 'upnqr',
      values: {},
      problems: [{ code: 'capture.qr.format', parameters: ['UPN QR'] }],
    });
    expect(qrFields([located(bytes)]).fields).toEqual({});
  });
});

describe('EPC QR', () => {
  const epc = (lines: string[]) => lines.join('\n');

  it('reads a version 002 code in UTF-8 with an RF reference', () => {
    const text = epc([
      'BCD',
      '002',
      '1',
      'SCT',
      'LJBASI2X',
      'Čistilni servis d.o.o.',
      'SI56 0203 6025 3863 406',
      'EUR1234.5',
      'GDSV',
      'RF18539007547034',
      '',
      'Hvala',
    ]);
    expect(readPaymentQr(new TextEncoder().encode(text))).toEqual({
      kind: 'epc',
      values: {
        bic: 'LJBASI2X',
        supplierName: 'Čistilni servis d.o.o.',
        iban: 'SI56020360253863406',
        totalAmount: '1234.50',
        currencyCode: 'EUR',
        purposeCode: 'GDSV',
        referenceModel: 'RF18',
        reference: '539007547034',
      },
      problems: [],
    });
  });

  it('reads the character set the code names (3: ISO 8859-2), with CR LF lines', () => {
    const text = epc([
      'BCD',
      '001',
      '3',
      'SCT',
      'LJBASI2X',
      'Žaga d.o.o.',
      'SI56020360253863406',
      'EUR10',
      '',
      '',
      'Račun 7/2026',
    ]);
    const payment = readPaymentQr(latin2(text.replace(/\n/g, '\r\n')));
    expect(payment?.values).toMatchObject({
      supplierName: 'Žaga d.o.o.',
      totalAmount: '10.00',
      description: 'Račun 7/2026',
    });
  });

  it('flags a wrong IBAN and an amount that is not in euros', () => {
    const text = epc(['BCD', '002', '1', 'SCT', '', 'X', 'DE89370400440532013001', 'USD5.00']);
    expect(readPaymentQr(new TextEncoder().encode(text))?.problems).toEqual([
      { field: 'iban', code: 'validation.iban.checksum', parameters: [] },
      { field: 'totalAmount', code: 'capture.amount.invalid', parameters: ['USD5.00'] },
    ]);
  });

  it('is not a payment code when it is something else', () => {
    expect(readPaymentQr(new TextEncoder().encode('https://example.com/racun/7'))).toBeUndefined();
    expect(readPaymentQr(new TextEncoder().encode('BCD\n009\n1\nSCT\n'))?.problems).toEqual([
      { code: 'capture.qr.format', parameters: ['EPC QR'] },
    ]);
  });
});
