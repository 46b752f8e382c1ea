import { nameSimilarity } from '../../tables/partner-suggestions';
import { labelRegExp } from './labels';

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

/** Legal forms, as printed and as OCR reads them (0 for o). */
const LEGAL_FORM =
  '(?:d\\.\\s?[o0]\\.\\s?[o0]\\.?|d\\.\\s?d\\.|s\\.\\s?p\\.|d\\.\\s?n\\.\\s?[o0]\\.|k\\.\\s?d\\.|' +
  'GmbH|AG|Ltd\\.?|Limited|LLC|Inc\\.|S\\.r\\.l\\.|S\\.p\\.A\\.|B\\.V\\.|s\\.r\\.o\\.|Kft\\.)';
/** A legal form ending a name: not inside a word, and followed by a break. */
const FORM_AT_END = new RegExp(`(?<![\\p{L}\\p{N}])${LEGAL_FORM}(?=[\\s,;·|)]|$)`, 'gu');

// "From" is a label only with its colon: "services from Acme Ltd" names no issuer.
// Labels are read with or without their č, š, ž (labels.ts).
const SUPPLIER_LABEL = labelRegExp(
  '(?:^|[\\s·|])(?:(?:Izdajatelj(?: računa)?|Dobavitelj|Prodajalec|Izvajalec|Supplier|Seller|' +
    'Vendor|Issuer)\\s*:?|From\\s*:)\\s*',
  'giu',
);
const BUYER_LABEL = labelRegExp(
  '(?:Kupec|Naročnik|Prejemnik računa|Plačnik|Bill to|Billed to|Invoice to|Buyer|Customer|' +
    'Sold to|Ship to)\\s*:?\\s*$',
  'iu',
);
/** Titles and labels a letterhead line does not start with. */
const NOT_A_NAME = labelRegExp(
  '^(?:RAČUN|PREDRAČUN|DOBROPIS|INVOICE|TAX INVOICE|CREDIT NOTE)\\b',
  'iu',
);

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

/** Words that label a party: a name in running text does not reach back over them. */
const LABEL_WORDS: ReadonlySet<string> = new Set(
  (
    'kupec narocnik prejemnik placnik dobavitelj izdajatelj prodajalec izvajalec ' +
    'supplier seller vendor issuer from to buyer customer'
  ).split(' '),
);

const plain = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

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

function candidates(text: string): { value: string; at: number; isLabelled: boolean }[] {
  const found: { value: string; at: number; isLabelled: boolean }[] = [];
  for (const form of text.matchAll(FORM_AT_END)) {
    const end = (form.index ?? 0) + form[0].length;
    const lineStart = text.lastIndexOf('\n', form.index ?? 0) + 1;
    const line = text.slice(lineStart, end);
    // After a supplier label on its line: the name is what follows the label.
    const labels = [...line.matchAll(SUPPLIER_LABEL)];
    const label = labels[labels.length - 1];
    let start = label ? lineStart + (label.index ?? 0) + label[0].length : undefined;
    if (start === undefined || end - start > MAX_NAME_LENGTH)
      start = startOf(text, form.index ?? 0, lineStart);
    const value = text
      .slice(start, end)
      .replace(/^[\s,;·|-]+/u, '')
      .replace(/\s+/gu, ' ');
    const at = end - value.length;
    // A legal form alone, or a title before the name (RAČUN Tiskarna d.o.o.), is no name.
    const name = value.replace(NOT_A_NAME, '').trim();
    if (!/\p{L}{2,}.*\s/u.test(name)) continue;
    if (BUYER_LABEL.test(text.slice(Math.max(0, at - 40), at).trimEnd())) continue;
    found.push({ value: name, at: end - name.length, isLabelled: label !== undefined });
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
