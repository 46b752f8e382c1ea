import { describe, expect, it } from 'vitest';
import { slovenianSortKey } from './collation';

/** Sorts as PostgreSQL does with collation "C": by UTF-8 bytes of the key. */
const bytewise = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const sorted = (words: string[]) =>
  [...words].sort((a, b) => bytewise(slovenianSortKey(a), slovenianSortKey(b)));

describe('Slovenian sort key', () => {
  it('puts č, š and ž right after c, s and z', () => {
    expect(sorted(['Dom', 'Čebela', 'Cena'])).toEqual(['Cena', 'Čebela', 'Dom']);
    expect(sorted(['Žaba', 'Zebra', 'Šum', 'Sova'])).toEqual(['Sova', 'Šum', 'Zebra', 'Žaba']);
    expect(sorted(['Czar', 'Čas', 'Ćevap', 'Dan', 'Đak', 'Dz'])).toEqual([
      'Czar',
      'Čas',
      'Ćevap',
      'Dan',
      'Dz',
      'Đak',
    ]);
  });

  it('ignores case, and sorts other accented letters with their base letter', () => {
    expect(slovenianSortKey('ČEBELA')).toBe(slovenianSortKey('čebela'));
    expect(sorted(['Austria', 'Åland Islands', 'Albania', 'Bahamas'])).toEqual([
      'Åland Islands',
      'Albania',
      'Austria',
      'Bahamas',
    ]);
    expect(slovenianSortKey('Curaçao')).toBe('curacao');
    expect(slovenianSortKey('Réunion')).toBe('reunion');
    expect(slovenianSortKey('Øresund Straße')).toBe('oresund strasse');
  });

  it('keeps digits and spaces, so a shorter name sorts before a longer one', () => {
    expect(slovenianSortKey('Šumi 2 d.o.o.')).toBe('s{umi 2 d.o.o.');
    expect(sorted(['Cena 10', 'Cenaa', 'Cena', 'Cena 2'])).toEqual([
      'Cena',
      'Cena 10',
      'Cena 2',
      'Cenaa',
    ]);
  });

  it('treats a decomposed č (c and a combining caron) as the letter č', () => {
    expect(slovenianSortKey('c\u030Cebela')).toBe(slovenianSortKey('čebela'));
  });
});
