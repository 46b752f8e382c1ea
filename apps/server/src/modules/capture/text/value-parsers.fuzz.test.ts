import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAmounts, parseAmount } from './amounts';
import { findDates, parseDate } from './dates';
import {
  detectLanguage,
  findLabels,
  foldText,
  LABEL_FIELDS,
  labelMatcher,
  labelsOf,
} from './invoice-labels';
import { looksLikeInvoiceNumber } from './invoice-number';
import { findVatIds, isValidVatId, normaliseVatId } from './vat-ids';

/** The value parsers read any text without throwing, and read back what they are printed from (two-digit years are 20yy: dates from 2000). */

describe('value parsers on any text', () => {
  it('never throw', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (s) => {
        parseAmount(s);
        findAmounts(s);
        parseDate(s);
        findDates(s, { country: 'US' });
        looksLikeInvoiceNumber(s);
        isValidVatId(s);
        normaliseVatId(s);
        findVatIds(s, { country: 'IT' });
        detectLanguage(s);
        findLabels(s);
      }),
      { numRuns: 300 },
    );
  });
});

describe('amounts in every locale', () => {
  const group = (digits: string, mark: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, mark);

  it('reads back an amount printed with any grouping and currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -99_999_999_99, max: 99_999_999_99 }),
        fc.constantFrom(
          ['.', ','],
          [',', '.'],
          [' ', ','],
          ['\u00a0', ','],
          ['\u202f', ','],
          ["'", '.'],
          ['', '.'],
          ['', ','],
        ),
        fc.constantFrom(
          ['', '', undefined],
          ['€ ', '', 'EUR'],
          ['', ' EUR', 'EUR'],
          ['$', '', 'USD'],
          ['', ' kn', 'HRK'],
          ['CHF ', '', 'CHF'],
        ),
        (cents, [thousands, decimal], [before, after, currency]) => {
          const abs = Math.abs(cents);
          const whole = group(String(Math.floor(abs / 100)), thousands);
          const printed = `${cents < 0 ? '-' : ''}${before}${whole}${decimal}${String(abs % 100).padStart(2, '0')}${after}`;
          const value = `${cents < 0 ? '-' : ''}${(abs / 100).toFixed(2)}`;
          expect(parseAmount(printed)).toEqual(currency ? { value, currency } : { value });
          expect(findAmounts(`Total ${printed} `).map((a) => a.value)).toEqual([value]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('dates', () => {
  it('reads back any day printed in the numeric forms', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          const [y = '', m = '', d = ''] = iso.split('-');
          const day = String(Number(d));
          const month = String(Number(m));
          for (const printed of [
            iso,
            `${d}.${m}.${y}`,
            `${day}. ${month}. ${y}`,
            `${d}/${m}/${y}`,
            `${day}.${month}.${y.slice(2)}`,
          ])
            expect(parseDate(printed)).toBe(iso);
          expect(parseDate(`${m}/${d}/${y}`, { country: 'US' })).toBe(iso);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('labels', () => {
  it('every label matches itself, in capitals and without its marks', () => {
    for (const field of LABEL_FIELDS) {
      const matcher = labelMatcher(field);
      for (const { text, language } of labelsOf(field)) {
        for (const form of [text, text.toUpperCase(), foldText(text)]) {
          matcher.lastIndex = 0;
          const m = matcher.exec(`: ${form} `);
          expect(m?.index, `${language} ${field} "${form}"`).toBe(2);
        }
      }
    }
  });
});
