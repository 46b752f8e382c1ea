import { describe, expect, it } from 'vitest';
import { amount, captureFields } from './captured-fields';
import { parseEInvoice } from './einvoice';
import { fixture } from './test-invoices';

describe('amount', () => {
  it('writes an xsd:decimal with a dot and at least two places, exactly', () => {
    expect(amount('1234.5')).toBe('1234.50');
    expect(amount('+7')).toBe('7.00');
    expect(amount('0100.000')).toBe('100.00');
    expect(amount('10.125')).toBe('10.125');
    expect(amount('-12.30')).toBe('-12.30');
    expect(amount('-0.00')).toBe('0.00');
    expect(amount('.5')).toBe('0.50');
    expect(amount('12345678901234567890.12')).toBe('12345678901234567890.12');
  });

  it('is undefined for text that is not a decimal', () => {
    for (const text of ['1e5', '1,5', '12 EUR', '', 'NaN']) expect(amount(text)).toBeUndefined();
  });
});

describe('captureFields', () => {
  it('writes a VAT ID as partners keep it: upper case, without spaces, with its prefix', () => {
    // As the XRechnung test suite's 01.01a writes it in UBL and CII (the conformance corpus).
    const spaced = captureFields({ ibans: [], vatId: 'DE 123456789', supplierCountry: 'DE' }, 1);
    expect(spaced.fields.vatId).toEqual({
      value: 'DE123456789',
      confidence: 1,
      source: 'einvoice',
    });
    expect(spaced.problems.filter((p) => p.field === 'vatId')).toEqual([]);
    const bare = captureFields({ ibans: [], vatId: ' 5022 3054 ', supplierCountry: 'si' }, 1);
    expect(bare.fields.vatId?.value).toBe('SI50223054');
    expect(bare.problems.filter((p) => p.field === 'vatId')).toEqual([]);
    const lower = captureFields({ ibans: [], vatId: 'si 50223055' }, 1);
    expect(lower.fields.vatId?.value).toBe('SI50223055');
    expect(lower.problems).toContainEqual({
      field: 'vatId',
      code: 'validation.vatId',
      parameters: [],
    });
  });

  it('checks net + VAT = total exactly, even past the cent', () => {
    const { problems } = captureFields(
      { ibans: [], netAmount: '0.10', vatAmount: '0.20', totalAmount: '0.30' },
      1,
    );
    expect(problems.filter((p) => p.field === 'totalAmount')).toEqual([]);
    const off = captureFields(
      {
        ibans: [],
        netAmount: '99999999999999.99',
        vatAmount: '0.01',
        totalAmount: '99999999999999.99',
      },
      1,
    );
    expect(off.problems).toContainEqual({
      field: 'totalAmount',
      code: 'capture.totals.mismatch',
      parameters: ['99999999999999.99', '0.01', '99999999999999.99', '100000000000000.00'],
    });
  });

  it('keeps an amount that is not one, with a problem', () => {
    const { fields, problems } = captureFields({ ibans: [], totalAmount: '12,50' }, 1);
    expect(fields.totalAmount?.value).toBe('12,50');
    expect(problems).toContainEqual({
      field: 'totalAmount',
      code: 'capture.amount.invalid',
      parameters: ['12,50'],
    });
  });

  it('takes the date of an xsd:date with a time zone', () => {
    const { fields } = captureFields({ ibans: [], issueDate: '2019-01-25+01:00' }, 1);
    expect(fields.issueDate?.value).toBe('2019-01-25');
  });

  it('writes IBAN and BIC compact in upper case', () => {
    const { fields } = captureFields({ ibans: ['si56 0201 7001 4356 205'], bic: ' ljbasi2x ' }, 1);
    expect(fields.iban?.value).toBe('SI56020170014356205');
    expect(fields.bic?.value).toBe('LJBASI2X');
  });
});

describe('a UBL credit note', () => {
  it('is read like an invoice', async () => {
    const invoice = fixture('ubl-tc434-example1.xml').toString('utf8');
    const creditNote = invoice
      .replace(
        'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
        'xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"',
      )
      .replace(/<Invoice /, '<CreditNote ')
      .replace('</Invoice>', '</CreditNote>')
      .replace(/\s*<cbc:DueDate>2015-01-09<\/cbc:DueDate>/, '')
      .replace(
        '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
        '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>',
      )
      .replaceAll('cac:InvoiceLine>', 'cac:CreditNoteLine>')
      .replaceAll('cbc:InvoicedQuantity', 'cbc:CreditedQuantity');
    const result = await parseEInvoice(Buffer.from(creditNote, 'utf8'));
    expect(result.schemaErrors).toEqual([]);
    expect(result).toMatchObject({ format: 'ubl', valid: true });
    expect(result.fields.invoiceNumber?.value).toBe('12115118');
    expect(result.fields.totalAmount?.value).toBe('250.33');
    expect(result.fields.dueDate).toBeUndefined();
  });
});
