import { describe, expect, it } from 'vitest';
import { decimalOfNumber, findAmounts, parseAmount } from './amounts';

describe('parseAmount', () => {
  it.each([
    ['1234.56', '1234.56', undefined],
    ['1.234,56', '1234.56', undefined],
    ['1,234.56', '1234.56', undefined],
    ['1 234,56', '1234.56', undefined],
    ['1\u00a0234,56', '1234.56', undefined],
    ['1\u202f234,56', '1234.56', undefined],
    ["1'234.50", '1234.50', undefined],
    ['1’234.50', '1234.50', undefined],
    ['1.234.567,89', '1234567.89', undefined],
    ['1,234,567.89', '1234567.89', undefined],
    ['12,5', '12.50', undefined],
    ['0,99', '0.99', undefined],
    ['12', '12.00', undefined],
    ['1.234', '1234.00', undefined],
    ['1,234', '1234.00', undefined],
    ['1.234.567', '1234567.00', undefined],
    ['1 234', '1234.00', undefined],
    ['0,125', '0.125', undefined],
    ['1234,567', '1234.567', undefined],
    ['12,-', '12.00', undefined],
    ['12.–', '12.00', undefined],
    ['€ 1.234,56', '1234.56', 'EUR'],
    ['€1,234.56', '1234.56', 'EUR'],
    ['1.234,56 €', '1234.56', 'EUR'],
    ['1.234,56 EUR', '1234.56', 'EUR'],
    ['EUR 1.234,56', '1234.56', 'EUR'],
    ['$1,234.56', '1234.56', 'USD'],
    ['US$ 1,234.56', '1234.56', 'USD'],
    ['USD 1,234.56', '1234.56', 'USD'],
    ['£12.00', '12.00', 'GBP'],
    ['GBP 12.00', '12.00', 'GBP'],
    ['₹1,23,456.00', '123456.00', 'INR'],
    ['Rs. 1,23,456.00', '123456.00', 'INR'],
    ['INR 12,34,56,789.00', '123456789.00', 'INR'],
    ["CHF 1'234.50", '1234.50', 'CHF'],
    ["Fr. 1'234.50", '1234.50', 'CHF'],
    ['1.234,56 kn', '1234.56', 'HRK'],
    ['HRK 1.234,56', '1234.56', 'HRK'],
    ['1 234,56 kr', '1234.56', 'SEK'],
    ['1.234,56 DKK', '1234.56', 'DKK'],
    ['1 234,56 NOK', '1234.56', 'NOK'],
    ['12,50 zł', '12.50', 'PLN'],
    ['1 234,56 PLN', '1234.56', 'PLN'],
    ['1 234,56 Kč', '1234.56', 'CZK'],
    ['12 345 Ft', '12345.00', 'HUF'],
    ['12,50 lei', '12.50', 'RON'],
    ['12,50 лв', '12.50', 'BGN'],
    ['-12,50', '-12.50', undefined],
    ['− 12,50 €', '-12.50', 'EUR'],
    ['-€12.50', '-12.50', 'EUR'],
    ['€ -12.50', '-12.50', 'EUR'],
    ['(12.50)', '-12.50', undefined],
    ['(€ 1,234.50)', '-1234.50', 'EUR'],
    ['123,45-', '-123.45', undefined],
    ['-0,00', '0.00', undefined],
  ])('%s → %s %s', (text, value, currency) => {
    expect(parseAmount(text)).toEqual(currency ? { value, currency } : { value });
  });

  it('reads $ and kr by the country', () => {
    expect(parseAmount('$12.00', { country: 'CA' })).toEqual({ value: '12.00', currency: 'CAD' });
    expect(parseAmount('$12.00', { country: 'US' })).toEqual({ value: '12.00', currency: 'USD' });
    expect(parseAmount('12,00 kr', { country: 'DK' })).toEqual({ value: '12.00', currency: 'DKK' });
    expect(parseAmount('12,00 kr.', { country: 'NO' })).toEqual({
      value: '12.00',
      currency: 'NOK',
    });
  });

  it.each([
    '',
    'abc',
    '12.34.56',
    '1.23,45',
    '1,2345',
    '12.3456',
    '1 23,45',
    '1.234 567,00',
    '19.04.2014',
    '2014-04-19',
    '(12.50',
    '--12',
    '-12,50-',
    '€ 12,50 EUR',
    'Total 12,50',
    '12,50 EURO',
    'SI56 0201 0001',
  ])('%s is no amount', (text) => {
    expect(parseAmount(text)).toBeUndefined();
  });
});

describe('decimalOfNumber', () => {
  it('keeps three printed decimals and pads one', () => {
    expect(decimalOfNumber('1.5')).toBe('1.50');
    expect(decimalOfNumber('0.125')).toBe('0.125');
    expect(decimalOfNumber('007,10')).toBe('7.10');
    expect(decimalOfNumber('1.2345')).toBeUndefined();
  });
});

describe('findAmounts', () => {
  it('finds amounts with decimals or a currency, with where they are printed', () => {
    const text =
      'Qty 2 Unit 1.234,50 Net 2.469,00 € VAT 22 % 543,18 EUR\nTotal: EUR 3.012,18 Paid (100.00) Rest $ 12';
    const found = findAmounts(text);
    expect(found.map((f) => [f.value, f.currency])).toEqual([
      ['1234.50', undefined],
      ['2469.00', 'EUR'],
      ['543.18', 'EUR'],
      ['3012.18', 'EUR'],
      ['-100.00', undefined],
      ['12.00', 'USD'],
    ]);
    expect(found.map((f) => text.slice(f.index, f.index + f.length))).toEqual([
      '1.234,50',
      '2.469,00 €',
      '543,18 EUR',
      'EUR 3.012,18',
      '(100.00)',
      '$ 12',
    ]);
  });

  it('skips dates, IBANs, phone numbers, postcodes and numbers inside words', () => {
    const text =
      'Datum 19.04.2014 IBAN SI56 0201 0001 2345 678 Tel +386 1 234 56 78 1000 Ljubljana INV2024.17 v1.2.3';
    expect(findAmounts(text)).toEqual([]);
  });

  it('takes a spaced hyphen or dash for a separator, not a minus', () => {
    expect(
      findAmounts('Skupaj - 12,00 Total – 13,00 Rabatt -1,00 Popust − 2,00').map((f) => f.value),
    ).toEqual(['12.00', '13.00', '-1.00', '-2.00']);
  });

  it('skips rates', () => {
    expect(findAmounts('DDV 9,50 % 12,35 DDV 22% 1,00').map((f) => f.value)).toEqual([
      '12.35',
      '1.00',
    ]);
    expect(parseAmount('9,50 %')).toBeUndefined();
  });

  it('finds Swiss and Indian groupings and amounts without cents', () => {
    expect(
      findAmounts("Total CHF 1'234.50, Betrag 99,– Summe ₹1,23,456.00").map((f) => f.value),
    ).toEqual(['1234.50', '99.00', '123456.00']);
  });
});
