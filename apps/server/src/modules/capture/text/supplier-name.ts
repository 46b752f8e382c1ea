import { nameSimilarity } from '../../tables/partner-suggestions';
import { labelSource, labelsOf, titleAlternation } from './invoice-labels';
import { LEGAL_FORM_ANY_CASE, LEGAL_FORM_CAPITALS } from './legal-forms';

/**
 * The supplier's name read from an invoice's text (issue 7: text layer and OCR), which unlike
 * an e-invoice or a payment QR code does not say which name is the supplier's. An invoice's
 * issuer is the name after a supplier label (Dobavitelj, Supplier, …), else the letterhead:
 * the first company name of the text, one with its legal form (d.o.o., GmbH, Ltd, …). The
 * buyer's name is never it: neither a name after a buyer label (Kupec, Bill to, …) nor the
 * organisation's own name, which is the buyer of the invoices it captures.
 *
 * A name has no check digits: its confidence stays below the labelled fields' (the partner it
 * names is only ever suggested, never set, on the strength of a name).
 */

/** After a supplier label. */
export const LABELLED_NAME = 0.85;
/** The letterhead, or the first company name that is not the buyer's. */
export const LETTERHEAD_NAME = 0.8;

/** A legal form ending a name: not inside a word, and followed by a break. */
const FORM_END = '(?=[\\s,;·|)]|$)';
const FORMS_AT_END = [
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${LEGAL_FORM_ANY_CASE})${FORM_END}`, 'giu'),
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${LEGAL_FORM_CAPITALS})${FORM_END}`, 'gu'),
];

/**
 * A label of this many letters or fewer ("From", "Von", "To", "An") is a label only with its
 * colon: "services from Acme Ltd" names no issuer.
 */
const SHORT_LABEL_LETTERS = 4;

/** A party's labels of every language (label-data/), as regular expression alternations. */
function partyLabels(field: 'seller' | 'buyer'): { long: string; short: string } {
  const labels = [...new Set(labelsOf(field).map((l) => l.text.trim()))];
  const isShort = (label: string) =>
    label.replace(/[^\p{L}\p{N}]/gu, '').length <= SHORT_LABEL_LETTERS;
  const alternation = (list: string[]) => list.map(labelSource).join('|') || '(?!)';
  return {
    long: alternation(labels.filter((l) => !isShort(l))),
    short: alternation(labels.filter(isShort)),
  };
}

const SELLER = partyLabels('seller');
const BUYER = partyLabels('buyer');
/** A label starts the text, or follows a space or a column's mark: not inside an address (info@dobavitelj.si). */
const WORD_START = '(?<=^|[\\s·|(])';
const WORD_END = '(?![\\p{L}\\p{N}])';
/** A supplier label and what follows it up to the name. */
const SUPPLIER_LABEL = new RegExp(
  `${WORD_START}(?:(?:${SELLER.long})${WORD_END}\\s*:?|(?:${SELLER.short})\\s*:)\\s*`,
  'giu',
);
/** A party label right before a name (at the end of the text before it). */
const labelBefore = ({ long, short }: { long: string; short: string }) =>
  new RegExp(`${WORD_START}(?:(?:${long})${WORD_END}\\s*:?|(?:${short})\\s*:)\\s*$`, 'iu');
const BUYER_BEFORE = labelBefore(BUYER);
const SELLER_BEFORE = labelBefore(SELLER);
/** Titles a letterhead line does not start with (RAČUN, INVOICE, RECHNUNG…). */
const NOT_A_NAME = new RegExp(`^${titleAlternation()}${WORD_END}`, 'iu');

/** How far back from its legal form a name in running text may begin. */
const MAX_NAME_WORDS = 7;
const MAX_NAME_LENGTH = 90;

export interface FoundName {
  value: string;
  confidence: number;
  /** Its character offset in the text. */
  at: number;
}

export interface NameOptions {
  /** The organisation's own name: the buyer, never the supplier. */
  buyerName?: string;
}

const plain = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/**
 * Words that label a party (its labels of one word, in every language): a name in running
 * text does not reach back over them.
 */
const LABEL_WORDS: ReadonlySet<string> = new Set(
  (['seller', 'buyer'] as const)
    .flatMap((field) => labelsOf(field))
    .map((l) => l.text.trim())
    .filter((text) => !/\s/.test(text))
    .map(plain),
);

/** The buyer's own name: as alike as a partner found by name (partner-match.ts). */
const OWN_NAME_SCORE = 0.85;

/** Where the name that ends with a legal form at `end` begins, in the same line. */
function startOf(text: string, end: number, lineStart: number): number {
  // The words before it, back to the line's start, a label's colon, a digit, or a limit.
  let start = end;
  let words = 0;
  const before = text.slice(lineStart, end);
  const tokens = [...before.matchAll(/\S+/gu)].reverse();
  for (const token of tokens) {
    const word = token[0];
    if (/[:\d]/u.test(word) || words >= MAX_NAME_WORDS || LABEL_WORDS.has(plain(word))) break;
    if (end - (lineStart + (token.index ?? 0)) > MAX_NAME_LENGTH) break;
    start = lineStart + (token.index ?? 0);
    words++;
  }
  return start;
}

/**
 * Whether a buyer's label stands right before a name: the longer label wins where a seller's
 * ends there too ("Remit to:" is the seller's, not a "To:").
 */
function isAfterBuyerLabel(before: string): boolean {
  const buyer = BUYER_BEFORE.exec(before)?.[0].length ?? 0;
  const seller = SELLER_BEFORE.exec(before)?.[0].length ?? 0;
  return buyer > seller;
}

function candidates(text: string): { value: string; at: number; isLabelled: boolean }[] {
  const found: { value: string; at: number; isLabelled: boolean }[] = [];
  const forms = FORMS_AT_END.flatMap((pattern) => [...text.matchAll(pattern)]).sort(
    (a, b) => (a.index ?? 0) - (b.index ?? 0),
  );
  for (const form of forms) {
    const end = (form.index ?? 0) + form[0].length;
    const lineStart = text.lastIndexOf('\n', form.index ?? 0) + 1;
    const line = text.slice(lineStart, end);
    // After a supplier label on its line: the name is what follows the label.
    const labels = [...line.matchAll(SUPPLIER_LABEL)];
    const label = labels[labels.length - 1];
    const afterLabel = label ? lineStart + (label.index ?? 0) + label[0].length : undefined;
    // A label farther back than a name is long labels something else.
    const isLabelled = afterLabel !== undefined && end - afterLabel <= MAX_NAME_LENGTH;
    const start = isLabelled ? afterLabel : startOf(text, form.index ?? 0, lineStart);
    const value = text
      .slice(start, end)
      .replace(/^[\s,;·|-]+/u, '')
      .replace(/\s+/gu, ' ');
    const at = end - value.length;
    // A legal form alone, or a title before the name (RAČUN Tiskarna d.o.o.), is no name.
    const name = value.replace(NOT_A_NAME, '').trim();
    if (!/\p{L}{2,}.*\s/u.test(name)) continue;
    if (isAfterBuyerLabel(text.slice(Math.max(0, at - 40), at))) continue;
    found.push({ value: name, at: end - name.length, isLabelled });
  }
  return found;
}

/** The supplier's name in an invoice's text, when one is found. */
export function readSupplierName(text: string, options: NameOptions = {}): FoundName | undefined {
  const own = options.buyerName?.trim() ?? '';
  const names = candidates(text).filter(
    (c) => own === '' || nameSimilarity(c.value, own) < OWN_NAME_SCORE,
  );
  const labelled = names.find((c) => c.isLabelled);
  const chosen = labelled ?? names[0];
  if (!chosen) return undefined;
  return {
    value: chosen.value,
    confidence: labelled ? LABELLED_NAME : LETTERHEAD_NAME,
    at: chosen.at,
  };
}
