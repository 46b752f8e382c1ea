import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentSearchParts, PART_BYTES, searchQuery } from './search-document';
import { amountsOf, storedAmount, storedWords } from './search-words';

describe('search words', () => {
  it('folds accents and case, and adds each compound written together and as an amount', () => {
    expect(storedWords('Račun ŠT. 2026-0042, Đuro d.o.o.: 1.234,50 € (12,5)')).toEqual(
      ['racun', 'st', '2026', '0042', '20260042', 'duro', 'd', 'o', 'o', 'doo'].concat([
        '1',
        '234',
        '50',
        '123450',
        '1234.50',
        '12',
        '5',
        '125',
        '12.50',
      ]),
    );
  });

  it.each([
    ['1.234,50', ['1234,50']],
    ['1,234.50', ['1234,50']],
    ['1.234', ['1234,', '1,234']],
    ['1,234', ['1,234', '1234,']],
    ['12,5', ['12,5']],
    ['1234.5', ['1234,5']],
    ['1.234.567,8', ['1234567,8']],
    ['12.05.2026', []],
    ['1,2,3', []],
    ['1234.567,8', []],
  ])('reads %s as the amounts %j (whole,fraction)', (written, amounts) => {
    const read = amountsOf(written).map(({ whole, fraction }) => `${whole},${fraction}`);
    expect(read).toEqual(amounts);
  });

  it('stores an amount with at least two decimals and no zeros past them', () => {
    expect(storedAmount({ whole: '1234', fraction: '' })).toBe('1234.00');
    expect(storedAmount({ whole: '1234', fraction: '5' })).toBe('1234.50');
    expect(storedAmount({ whole: '1234', fraction: '5000' })).toBe('1234.50');
    expect(storedAmount({ whole: '0', fraction: '125' })).toBe('0.125');
  });

  it('leaves out words longer than 100 characters (hashes, base64)', () => {
    expect(storedWords(`kratka ${'a'.repeat(101)} ${'b'.repeat(100)}`)).toEqual([
      'kratka',
      'b'.repeat(100),
    ]);
  });
});

describe('document search parts', () => {
  it('weights number and partner (A), amounts and description (B), file text (C)', () => {
    const parts = documentSearchParts({
      number: '2026-0042',
      partnerName: 'Šumi d.o.o.',
      partnerCode: 'ŠUMI',
      amounts: ['1234.50', '12', '-7.5'],
      description: 'Pisarniški material',
      fileTexts: ['Račun št. 2026-0042', 'Znesek: 1.234,50 EUR'],
    });
    expect(parts).toEqual({
      a: '2026 0042 20260042 sumi d o o doo sumi',
      b: '1234.50 12.00 7.50 pisarniski material',
      c: 'racun st 2026 0042 20260042 znesek 1 234 50 123450 1234.50 eur',
    });
  });

  it('keeps every part within its bytes, cutting between words', () => {
    const full = documentSearchParts({ amounts: [], fileTexts: ['žaga '.repeat(100_000)] });
    expect(Buffer.byteLength(full.c)).toBe(PART_BYTES.c - 1);
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'ž', '😀', '1', '.', ',', ' ', '-') }), {
          maxLength: 4,
        }),
        fc.integer({ min: 1, max: 15_000 }),
        (texts, repeat) => {
          const long = texts.map((text) => `${text} `.repeat(repeat));
          const parts = documentSearchParts({
            number: long[0],
            partnerName: long[1],
            amounts: [],
            description: long[2],
            fileTexts: long,
          });
          for (const weight of ['a', 'b', 'c'] as const) {
            expect(Buffer.byteLength(parts[weight])).toBeLessThanOrEqual(PART_BYTES[weight]);
            expect(parts[weight]).toMatch(/^(?:[\p{L}\p{Nd}.]+(?: [\p{L}\p{Nd}.]+)*)?$/u);
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('search query', () => {
  it.each([
    ['Šumi', "'sumi':*"],
    ['  ŠUMI   d.o.o. ', "'sumi':* & ('d' <-> 'o' <-> 'o':* | 'doo':*)"],
    ['2026-0042', "('2026' <-> '0042':* | '20260042':*)"],
    ['1.234,50', "('1' <-> '234' <-> '50':* | '123450':* | '1234.50':*)"],
    ['1,234', "('1' <-> '234':* | '1234':* | '1.234':*)"],
    ['12,500', "('12' <-> '500':* | '12500':* | '12.50':*)"],
    ["x' | !y:* & (z) <-> \\w", "'x':* & 'y':* & 'z':* & 'w':*"],
    ["'; drop table doc; --", "'drop':* & 'table':* & 'doc':*"],
    ['šumi ŠUMI', "'sumi':*"],
  ])('makes %j into %j', (typed, query) => {
    expect(searchQuery(typed)).toBe(query);
  });

  it('has no query without a word', () => {
    for (const typed of ['', '   ', "&|!():*<->'\\", '— … €'])
      expect(searchQuery(typed)).toBeUndefined();
  });

  it('looks for the first 12 words only', () => {
    const words = Array.from({ length: 20 }, (_, n) => `w${n}`);
    expect(searchQuery(words.join(' '))?.split(' & ')).toHaveLength(12);
  });

  it('quotes only letters, digits and decimal points, with operators outside the quotes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (typed) => {
        const query = searchQuery(typed) ?? '';
        const lexemes = query.match(/'[^']*'/g) ?? [];
        for (const lexeme of lexemes) expect(lexeme).toMatch(/^'[\p{L}\p{Nd}]+(?:\.\d+)?'$/u);
        expect(query.replace(/'[^']*'/g, '')).toMatch(/^[ &|()<\->:*]*$/);
      }),
      { numRuns: 300 },
    );
  });
});
