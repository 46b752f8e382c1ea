import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from './decimal';
import { centsOf, centsText, compareDecimal, roundDecimal, toDecimalString } from './decimal-math';
import { formatCurrency, formatNumber } from './number-format';

const ok = (value: string) => ({
  value,
  invalid: false,
  tooManyPlaces: false,
  outOfBounds: false,
});

describe('parseDecimal (spec §5 decimal input)', () => {
  it('reads the decimal separator from the last dot or comma; the other groups thousands', () => {
    expect(parseDecimal('1234,5')).toEqual(ok('1234.50'));
    expect(parseDecimal('1234.5')).toEqual(ok('1234.50'));
    expect(parseDecimal('1.234,56')).toEqual(ok('1234.56'));
    expect(parseDecimal('1,234.56')).toEqual(ok('1234.56'));
    expect(parseDecimal('1.234.567,8')).toEqual(ok('1234567.80'));
    expect(parseDecimal(',5')).toEqual(ok('0.50'));
    expect(parseDecimal('7,')).toEqual(ok('7.00'));
  });

  it('treats a separator that occurs twice as thousands grouping', () => {
    expect(parseDecimal('1.234.567')).toEqual(ok('1234567.00'));
    expect(parseDecimal('1,234,567')).toEqual(ok('1234567.00'));
  });

  it('moves a trailing minus to the front', () => {
    expect(parseDecimal('12,50-')).toEqual(ok('-12.50'));
    expect(parseDecimal('-12,50')).toEqual(ok('-12.50'));
    expect(parseDecimal('-0,001')).toEqual({ ...ok('0.00'), tooManyPlaces: true });
  });

  it('keeps 2 places by default and 0 for integers, rounding half away from zero', () => {
    expect(parseDecimal('1,005')).toEqual({ ...ok('1.01'), tooManyPlaces: true });
    expect(parseDecimal('-1,005')).toEqual({ ...ok('-1.01'), tooManyPlaces: true });
    expect(parseDecimal('1,004')).toEqual({ ...ok('1.00'), tooManyPlaces: true });
    expect(parseDecimal('9,999')).toEqual({ ...ok('10.00'), tooManyPlaces: true });
    expect(parseDecimal('1,5', { isInteger: true })).toEqual({ ...ok('2'), tooManyPlaces: true });
    expect(parseDecimal('12,3456', { places: 4 })).toEqual(ok('12.3456'));
  });

  it('does not flag trailing zeros as too many places', () => {
    expect(parseDecimal('1,500')).toEqual(ok('1.50'));
  });

  it('reads 1.234 in an integer field as grouped thousands, in a decimal field as 1.234', () => {
    expect(parseDecimal('1.234', { isInteger: true })).toEqual(ok('1234'));
    expect(parseDecimal('1.234')).toEqual({ ...ok('1.23'), tooManyPlaces: true });
  });

  it('clamps to min and max and flags it', () => {
    expect(parseDecimal('5', { min: 10 })).toEqual({ ...ok('10.00'), outOfBounds: true });
    expect(parseDecimal('500', { max: '99.99' })).toEqual({ ...ok('99.99'), outOfBounds: true });
    expect(parseDecimal('-1', { min: 0, isInteger: true })).toEqual({
      ...ok('0'),
      outOfBounds: true,
    });
    expect(parseDecimal('50', { min: 10, max: 100 })).toEqual(ok('50.00'));
  });

  it('keeps every digit of big values', () => {
    expect(parseDecimal('123456789012345678901234567,895')).toEqual({
      ...ok('123456789012345678901234567.90'),
      tooManyPlaces: true,
    });
  });

  it('ignores whitespace and gives null for empty text', () => {
    expect(parseDecimal(' 1 234,50 ')).toEqual(ok('1234.50'));
    expect(parseDecimal('   ')).toEqual({ ...ok(''), value: null });
  });

  it('flags invalid text', () => {
    const invalid = { value: null, invalid: true, tooManyPlaces: false, outOfBounds: false };
    for (const text of [
      'abc',
      '12a',
      '-',
      ',',
      '1,,5',
      '--1',
      '-1-',
      '1-2',
      '1e5',
      '€5',
      '1,234.5,6',
    ]) {
      expect(parseDecimal(text), text).toEqual(invalid);
    }
  });

  it('never throws on any text and returns a canonical value or null', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc
        .array(fc.constantFrom('0', '1', '5', '9', '.', ',', '-', ' '), { maxLength: 20 })
        .map((c) => c.join('')),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 4 }), (input, places) => {
        const result = parseDecimal(input, { places });
        if (result.value !== null) {
          expect(result.value).toMatch(
            places === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${places}}$`),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads back what formatNumber wrote, with either separator convention', () => {
    const canonical = fc
      .tuple(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.integer({ min: 0, max: 4 }))
      .map(([scaled, places]) => {
        const negative = scaled < 0n;
        const digits = (negative ? -scaled : scaled).toString().padStart(places + 1, '0');
        const body = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
        return { value: negative && scaled !== 0n ? `-${body}` : body, places };
      });
    const separators = fc.constantFrom(
      { decimalSeparator: ',', thousandSeparator: '.' },
      { decimalSeparator: '.', thousandSeparator: ',' },
      { decimalSeparator: ',', thousandSeparator: '' },
    );
    fc.assert(
      fc.property(canonical, separators, ({ value, places }, locale) => {
        const text = formatNumber(value, { places, ...locale });
        expect(parseDecimal(text, { places }).value).toBe(value);
      }),
      { numRuns: 300 },
    );
  });
});

describe('decimal strings', () => {
  it('toDecimalString normalises numbers and decimal strings, refusing the rest', () => {
    expect(toDecimalString(12.5)).toBe('12.5');
    expect(toDecimalString(1e21)).toBe('1000000000000000000000');
    expect(toDecimalString('007.50')).toBe('7.50');
    expect(toDecimalString('-.5')).toBe('-0.5');
    expect(toDecimalString(Number.NaN)).toBeUndefined();
    expect(toDecimalString('1e5')).toBeUndefined();
    expect(toDecimalString('1,5')).toBeUndefined();
  });

  it('roundDecimal rounds half away from zero without float error', () => {
    expect(roundDecimal('1.005', 2)).toBe('1.01');
    expect(roundDecimal(1.005, 2)).toBe('1.01');
    expect(roundDecimal('-2.5', 0)).toBe('-3');
    expect(roundDecimal('-0.004', 2)).toBe('0.00');
    expect(roundDecimal('x', 2)).toBeUndefined();
    expect(() => roundDecimal('1', -1)).toThrow(RangeError);
  });

  it('compareDecimal compares exactly', () => {
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('-1', '0')).toBe(-1);
    expect(compareDecimal('10000000000000000000001', '10000000000000000000000')).toBe(1);
    expect(compareDecimal('a', '1')).toBeUndefined();
  });

  it('centsOf reads an amount as whole cents, rounded as roundDecimal rounds', () => {
    expect(centsOf('12.5')).toBe(1250n);
    expect(centsOf(7)).toBe(700n);
    expect(centsOf('0.005')).toBe(1n);
    expect(centsOf('-0.05')).toBe(-5n);
    expect(centsOf('99999999999999999999.99')).toBe(9999999999999999999999n);
    for (const refused of ['', ' ', '1,5', 'abc', null, undefined, Number.NaN, {}])
      expect(centsOf(refused)).toBeUndefined();
  });

  it('centsText writes whole cents with two places, and reads back as the same cents', () => {
    expect(centsText(12345n)).toBe('123.45');
    expect(centsText(-5n)).toBe('-0.05');
    expect(centsText(0n)).toBe('0.00');
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (cents) => {
        expect(centsOf(centsText(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatNumber (spec §5: two decimals, locale separators)', () => {
  it('uses comma decimals and dot thousands by default', () => {
    expect(formatNumber('1234.5')).toBe('1.234,50');
    expect(formatNumber(-1234567.891)).toBe('-1.234.567,89');
    expect(formatNumber(0)).toBe('0,00');
    expect(formatNumber('999', { places: 0 })).toBe('999');
    expect(formatNumber('1000', { places: 0 })).toBe('1.000');
    expect(formatNumber('-0.001')).toBe('0,00');
  });

  it('takes other separators and places', () => {
    expect(
      formatNumber('1234.5678', { places: 3, decimalSeparator: '.', thousandSeparator: ',' }),
    ).toBe('1,234.568');
    expect(formatNumber('1234.5', { thousandSeparator: '' })).toBe('1234,50');
  });

  it('shows nothing for no value and keeps text that is not a number', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('')).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatNumber('n/a')).toBe('n/a');
  });

  it('formatCurrency puts the currency after the amount (spec §9: €)', () => {
    expect(formatCurrency('1234.5')).toBe('1.234,50\u00a0€');
    expect(formatCurrency(10, 'USD')).toBe('10,00\u00a0USD');
    expect(formatCurrency(null)).toBe('');
  });
});
