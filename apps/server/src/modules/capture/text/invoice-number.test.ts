import { describe, expect, it } from 'vitest';
import { looksLikeInvoiceNumber } from './invoice-number';

describe('looksLikeInvoiceNumber', () => {
  it.each([
    '95/2026',
    '2025-00123',
    'R1/2025/17',
    'INV_0042',
    'INV-2024-0017',
    'FA.2024.117',
    '#1042',
    'No#17',
    '1-POSL1-1',
    '1/1/1',
    '25-100-000123',
    '12345',
    '00012345',
    '1000',
    'F2024000123',
    'RE.2024.0815',
    'SI-24-0001',
    '2024/12.5',
  ])('%s looks like an invoice number', (token) => {
    expect(looksLikeInvoiceNumber(token)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['Invoice', 'no digit'],
    ['INV 2024', 'a space'],
    ['2024:17', 'a colon'],
    ['-17', 'starts with a dash'],
    ['2024/', 'ends with a slash'],
    ['2025', 'a year'],
    ['19.04.2014', 'a date'],
    ['2014-04-19', 'an ISO date'],
    ['28/11/2022', 'a date with slashes'],
    ['3-Aug-14', 'a date with a month name'],
    ['12.50', 'an amount'],
    ['1.234,56', 'an amount with thousands'],
    ['1,234.56', 'an amount with thousands'],
    ['2024.01', 'an amount, by the rule'],
    ['SI56191000000123438', 'an IBAN'],
    ['DE89370400440532013000', 'an IBAN'],
    ['LJBASI2X', 'a BIC with a digit'],
    ['DE136695976', 'a VAT ID'],
    ['SI52205606', 'a VAT ID'],
    ['CHE-116.281.710', 'a Swiss UID'],
    ['+386-1-2345678', 'a phone number'],
    ['00386/1/2345678', 'a phone number'],
    ['01/234-56-78', 'a phone number'],
    ['22%', 'a percentage'],
    ['x'.repeat(38) + '123', 'too long'],
  ])('%s is not (%s)', (token) => {
    expect(looksLikeInvoiceNumber(token)).toBe(false);
  });
});
