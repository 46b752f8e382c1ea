import { searchNormalise } from '../../../lib/search-normalise';

/**
 * The words full-text search stores and looks for (issue 5), made here rather than by
 * PostgreSQL so that PostgreSQL 15 and PGlite see the same words: there is no Slovenian
 * dictionary, PGlite opens without unaccent, and the default parser has rules of its own
 * (2026-0042 becomes 2026 and -0042; 1.234,50 becomes 1.234 and 50). Text is folded (lower
 * case, no marks) and cut into words the parser keeps whole: runs of letters and digits, and
 * plain decimals such as 1234.50.
 */

/** Longer words are hashes, keys and base64: nothing anyone types into a search box. */
export const MAX_WORD_LENGTH = 100;

const PART = /[\p{L}\p{Nd}]+/gu;
/** Digits with dots or commas between them: an amount, or a date or a version. */
const NUMBER = /\d[\d.,]*\d/g;
/** A no-break or thin space between digit groups, as in 1 234,50; it groups thousands. */
const GROUP_SPACE = /(\d)[\u00a0\u2009\u202f](?=\d{3}(?!\d))/g;

/** Slovenian writes 1.234,50 and English 1,234.50; a number may read either way. */
const CONVENTIONS = [
  { group: '.', decimal: ',' },
  { group: ',', decimal: '.' },
] as const;

/** A run of text without spaces: 2026-0042, d.o.o., 1.234,50 or a single word. */
export interface Compound {
  /** Its words in order: 2026 and 0042. */
  parts: string[];
  /** The numbers in it that may be amounts, as whole and fraction digits. */
  amounts: Amount[];
}

export interface Amount {
  whole: string;
  fraction: string;
}

/** The compounds of a text, folded; a text of only punctuation has none. */
export function compoundsOf(text: string): Compound[] {
  const compounds: Compound[] = [];
  for (const chunk of searchNormalise(text).replace(GROUP_SPACE, '$1.').split(/\s+/)) {
    const parts = (chunk.match(PART) ?? []).filter((part) => part.length <= MAX_WORD_LENGTH);
    if (parts.length === 0) continue;
    const amounts = parts.length > 1 ? (chunk.match(NUMBER) ?? []).flatMap(amountsOf) : [];
    compounds.push({ parts, amounts });
  }
  return compounds;
}

/**
 * The values a number written with separators may stand for, under either convention:
 * 1.234,50 is 1234.50; 1,234 is 1234 or 1.234; 12.05.2026 is no amount at all.
 */
export function amountsOf(written: string): Amount[] {
  const amounts: Amount[] = [];
  for (const { group, decimal } of CONVENTIONS) {
    const [whole = '', fraction = '', ...rest] = written.split(decimal);
    if (rest.length > 0 || fraction.includes(group)) continue;
    const isGrouped = whole.includes(group);
    if (isGrouped && !new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})+$`).test(whole)) continue;
    if (!/^\d+$/.test(whole.replaceAll(group, '')) || (!isGrouped && fraction === '')) continue;
    const amount = { whole: whole.replaceAll(group, ''), fraction };
    if (!amounts.some((a) => a.whole === amount.whole && a.fraction === amount.fraction)) {
      amounts.push(amount);
    }
  }
  return amounts;
}

/**
 * An amount as stored: at least two decimals, no zeros beyond them (1234.5 and 1234.500 are
 * 1234.50), so that what a user types finds it by prefix (1234, 1234,5 and 1.234,50 all do).
 */
export function storedAmount({ whole, fraction }: Amount): string {
  return `${whole}.${trimZeros(fraction.padEnd(2, '0'))}`;
}

/** An amount as searched for: as typed, but for zeros beyond two decimals; a prefix. */
export function searchedAmount({ whole, fraction }: Amount): string {
  return fraction === '' ? whole : `${whole}.${trimZeros(fraction)}`;
}

const trimZeros = (fraction: string) => fraction.slice(0, 2) + fraction.slice(2).replace(/0+$/, '');

/**
 * The words a text is found by: each compound's parts, the parts written together (2026-0042
 * is also 20260042) and the amounts it may stand for. Order follows the text, so the parts of
 * a compound stand next to each other for phrase queries.
 */
export function storedWords(text: string): string[] {
  return compoundsOf(text).flatMap(({ parts, amounts }) => {
    if (parts.length === 1) return parts;
    const joined = parts.join('');
    const together = joined.length <= MAX_WORD_LENGTH ? [joined] : [];
    return [...parts, ...together, ...amounts.map(storedAmount)];
  });
}

/** An amount given as a value (numeric text such as 1234.50) rather than as written. */
export function storedAmountWords(value: string): string[] {
  const plain = /^-?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!plain) return storedWords(value);
  return [storedAmount({ whole: plain[1] ?? '', fraction: plain[2] ?? '' })];
}
