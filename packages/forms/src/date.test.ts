import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInMonth,
  formatDate,
  isIsoDate,
  mondayOf,
  parseDate,
  toIsoDate,
  WEEK_STARTS_ON,
} from './date';

const today = '2025-06-15';
const date = (value: string) => ({ value, invalid: false, future: false });
const INVALID = { value: null, invalid: true, future: false };

describe('parseDate (spec §5 date input, locale dd.mm.yyyy)', () => {
  it('reads the locale format with . / - or space and one- or two-digit parts', () => {
    expect(parseDate('05.03.2024', { today })).toEqual(date('2024-03-05'));
    expect(parseDate('5.3.2024', { today })).toEqual(date('2024-03-05'));
    expect(parseDate('5/3/2024', { today })).toEqual(date('2024-03-05'));
    expect(parseDate('5-3-2024', { today })).toEqual(date('2024-03-05'));
    expect(parseDate('5 3 2024', { today })).toEqual(date('2024-03-05'));
    expect(parseDate(' 5. 3. 2024. ', { today })).toEqual(date('2024-03-05'));
  });

  it('reads digits only as ddmmyyyy, ddmmyy or ddmm', () => {
    expect(parseDate('05032024', { today })).toEqual(date('2024-03-05'));
    expect(parseDate('050324', { today })).toEqual(date('2024-03-05'));
    expect(parseDate('0503', { today })).toEqual(date('2025-03-05'));
  });

  it('uses the current year when the year is left out', () => {
    expect(parseDate('5.3.', { today })).toEqual(date('2025-03-05'));
    expect(parseDate('5.3', { today })).toEqual(date('2025-03-05'));
  });

  it('forces two-digit years to four within a window ending 20 years ahead', () => {
    expect(parseDate('1.1.24', { today })).toEqual(date('2024-01-01'));
    expect(parseDate('1.1.45', { today })).toEqual(date('2045-01-01'));
    expect(parseDate('1.1.46', { today })).toEqual(date('1946-01-01'));
    expect(parseDate('1.1.99', { today })).toEqual(date('1999-01-01'));
    expect(parseDate('1.1.5', { today })).toEqual(date('2005-01-01'));
    expect(parseDate('1.1.05', { today: '2095-01-01' })).toEqual(date('2105-01-01'));
  });

  it('accepts ISO yyyy-mm-dd', () => {
    expect(parseDate('2024-03-05', { today })).toEqual(date('2024-03-05'));
    expect(parseDate('2024-3-5', { today })).toEqual(date('2024-03-05'));
  });

  it('flags impossible dates and other text', () => {
    const texts = [
      '31.02.2024',
      '29.02.2023',
      '32.1.2024',
      '1.13.2024',
      '0.1.2024',
      '1.1.202',
      '1.1.0999',
    ];
    for (const text of [
      ...texts,
      'abc',
      '1',
      '12345',
      '1.2.3.4',
      '2024-02-30',
      '1..',
      '5.3.2024x',
    ]) {
      expect(parseDate(text, { today }), text).toEqual(INVALID);
    }
    expect(parseDate('29.02.2024', { today })).toEqual(date('2024-02-29'));
  });

  it('refuses a birth date in the future (spec §5) and reads its two-digit year in the past', () => {
    expect(parseDate('16.06.2025', { today, isBirthDate: true })).toEqual({
      value: null,
      invalid: false,
      future: true,
    });
    expect(parseDate('15.06.2025', { today, isBirthDate: true })).toEqual(date('2025-06-15'));
    expect(parseDate('1.1.30', { today, isBirthDate: true })).toEqual(date('1930-01-01'));
    expect(parseDate('1.1.30', { today })).toEqual(date('2030-01-01'));
  });

  it('gives null without a flag for empty text, and defaults today to the local date', () => {
    expect(parseDate('  ')).toEqual({ value: null, invalid: false, future: false });
    expect(parseDate('1.1.')).toEqual(date(`${new Date().getFullYear()}-01-01`));
  });

  it('never throws on any text and returns a real ISO date or null', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc
        .array(fc.constantFrom('0', '1', '2', '3', '9', '.', '/', '-', ' '), { maxLength: 12 })
        .map((c) => c.join('')),
    );
    fc.assert(
      fc.property(text, fc.boolean(), (input, isBirthDate) => {
        const result = parseDate(input, { today, isBirthDate });
        if (result.value !== null) expect(isIsoDate(result.value)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('reads back every date formatDate wrote', () => {
    const anyDate = fc.date({
      min: new Date(1000, 0, 1),
      max: new Date(9999, 11, 31),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(anyDate, (value) => {
        const iso = toIsoDate(value);
        expect(parseDate(formatDate(iso), { today }).value).toBe(iso);
      }),
      { numRuns: 300 },
    );
  });
});

describe('formatDate and helpers', () => {
  it('formats yyyy-mm-dd as dd.mm.yyyy and anything else as empty', () => {
    expect(formatDate('2024-03-05')).toBe('05.03.2024');
    expect(formatDate('2024-02-30')).toBe('');
    expect(formatDate('2024-03-05T10:00:00Z')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
  });

  it('knows month lengths, the local ISO date and the Monday week start', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(toIsoDate(new Date(2024, 0, 9))).toBe('2024-01-09');
    expect(WEEK_STARTS_ON).toBe(1);
  });
});

describe('calendar days', () => {
  it('moves a day across month, year and leap-day ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-29', -365)).toBe('2025-11-29');
  });

  it("finds a day's Monday, a Monday being its own", () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across the year
  });
});
