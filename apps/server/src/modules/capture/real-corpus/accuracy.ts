import { nameSimilarity } from '../../tables/partner-suggestions';
import { HINT_FIELDS, type HintField } from '../layout/layout-learning';
import type { FoundFields } from '../read-main-file';
import { normaliseVatId } from '../text/vat-ids';

/**
 * Whether capture read a real invoice's header values as written by hand from the file
 * (issue 23): one verdict per expected field, and tallies by field and by language. A value is
 * right when it is the same value, however it was printed: an invoice number without regard
 * to case and spaces, an amount to the cent, an IBAN or VAT ID without its spaces, a name alike
 * as a partner found by name is.
 */

/** The header fields the figures count: those a layout is learned for. */
export const HEADER_FIELDS = HINT_FIELDS;
export type HeaderField = HintField;

const compact = (value: string) => value.replace(/[\s\u00a0]/gu, '').toUpperCase();
const NAME_ALIKE = 0.85;

export function isRight(field: HeaderField, expected: string, found: string | undefined): boolean {
  if (found === undefined) return false;
  switch (field) {
    case 'supplierName':
      return (
        nameSimilarity(expected, found) >= NAME_ALIKE ||
        nameWords(expected).join(' ') === nameWords(found).join(' ') ||
        isLeadingPart(expected, found)
      );
    case 'vatId':
      return normaliseVatId(expected) === normaliseVatId(found);
    case 'netAmount':
    case 'vatAmount':
    case 'totalAmount':
    case 'amountDue':
      return Math.round(Number(expected) * 100) === Math.round(Number(found) * 100);
    default:
      return compact(expected) === compact(found);
  }
}

/** Legal forms written short and long are one form ("Pvt. Ltd." and "Private Limited"). */
const LONG_FORM: Readonly<Record<string, string>> = {
  pvt: 'private',
  ltd: 'limited',
  inc: 'incorporated',
  corp: 'corporation',
  co: 'company',
};

const nameWords = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map((w) => LONG_FORM[w] ?? w);

/**
 * A name read as the leading words of the legal name, or with more after it ("MD Solutions,
 * obrt" of "MD Solutions, obrt za računalne djelatnosti"; "Rohstoff AG Salzgitter"): it names
 * the same supplier, as a partner search by name finds it. Two words at least.
 */
function isLeadingPart(expected: string, found: string): boolean {
  const [a, b] = [nameWords(expected), nameWords(found)];
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length >= 2 && shorter.every((word, i) => longer[i] === word);
}

export interface Verdict {
  field: HeaderField;
  expected: string;
  found: string | undefined;
  right: boolean;
}

/** The verdict on each expected header field; a reference is compared with its model. */
export function judge(expected: Record<string, string>, found: FoundFields): Verdict[] {
  return HEADER_FIELDS.flatMap((field) => {
    const value = expected[field];
    if (value === undefined) return [];
    let got = found[field]?.value;
    if (field === 'reference' && got !== undefined && found.referenceModel)
      got = `${found.referenceModel.value}${got}`;
    return [{ field, expected: value, found: got, right: isRight(field, value, got) }];
  });
}

export interface Tally {
  right: number;
  all: number;
}

/** Verdicts counted by a key (field, language, …). */
export function tally<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  isRightOf: (item: T) => boolean,
) {
  const tallies = new Map<string, Tally>();
  for (const item of items) {
    const key = keyOf(item);
    const cell = tallies.get(key) ?? { right: 0, all: 0 };
    cell.all += 1;
    if (isRightOf(item)) cell.right += 1;
    tallies.set(key, cell);
  }
  return tallies;
}

export const percent = ({ right, all }: Tally): string =>
  all === 0 ? '—' : `${((100 * right) / all).toFixed(1)} %`;
