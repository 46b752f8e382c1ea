import { centsOf, centsText, checkBic, checkIban, isValidSlovenianVatId } from '@listina/forms';
import { checkReference, splitReference } from '../einvoice/payment-reference';
import {
  findLabels,
  LABEL_FIELDS,
  LABEL_TAIL,
  LANGUAGES,
  likelyLanguages,
  titleAlternation,
  type LabelField,
  type Language,
} from './invoice-labels';
import { readSupplierName, type NameOptions } from './supplier-name';
import { parseAmount } from './amounts';
import { parseDate } from './dates';

/**
 * Invoice fields read from a document's text (issue 7, source 3: the PDF text layer; source
 * 4, OCR, gives the same kind of text). Each value is found next to one of its field's labels
 * in any language of the label data (label-data/, read by invoice-labels.ts), validated (IBAN and RF check digits, Slovenian VAT ID, real dates, net
 * + VAT = total), and given a confidence: high when its label and its check agree, lower when
 * it was only found by its shape or the sums do not add up.
 */

export type TextField =
  | 'supplierName'
  | 'invoiceNumber'
  | 'issueDate'
  | 'dueDate'
  | 'netAmount'
  | 'vatAmount'
  | 'totalAmount'
  | 'prepaidAmount'
  | 'roundingAmount'
  | 'amountDue'
  | 'currencyCode'
  | 'vatId'
  | 'iban'
  | 'bic'
  | 'referenceModel'
  | 'reference'
  | 'purposeCode';

/** Where capture read a value from, in the order issue 7 tries them. */
export type CaptureSource = 'einvoice' | 'qr' | 'text' | 'ocr';

/**
 * A rectangle on a page of the main file (the first page is 1), in fractions of the page's
 * width and height from its top left corner: the preview highlights it at any size.
 */
export interface PageBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FoundValue {
  value: string;
  confidence: number;
  source: CaptureSource;
  /** Text layer: where in the text it was found (character offset), for highlighting. */
  at?: number;
  /** QR codes and OCR: where on the page it was found. */
  box?: PageBox;
}

/** What readTextFields gives: values from a text, each with its offset in it. */
export type TextFoundValue = FoundValue & { source: 'text'; at: number };

export type TextFields = Partial<Record<TextField, TextFoundValue>>;

const LABELLED = 0.97;
const SHAPE_ONLY = 0.7;

interface Hit {
  match: string;
  at: number;
}

/** Label fields, and the document's title, which a number follows too ("RAČUN 2026-17"). */
type Labelled = LabelField | 'title';

/**
 * Where each field's labels stand in a text, and what follows them. The labels are the
 * invoice-label data of every language (label-data/), found as findLabels finds them: the
 * longest label wins where labels overlap, whatever its field ("Skupaj za plačilo" is what is
 * due, not a "Skupaj"; "ID za DDV" a VAT ID, not a "DDV"). Flat text has lost where words
 * stand, so only the labels of the text's own language (likelyLanguages; and English, which
 * invoices of every country mix in) are read: a Slovak "Daň" is a Slovenian "dan" (day) in a row of items.
 */
function labelledValues(text: string): (field: Labelled, value: string, before?: string) => Hit[] {
  const likely = likelyLanguages(text);
  const languages = likely.length > 0 ? [...new Set([...likely, 'en' as const])] : LANGUAGES;
  const labels = findLabels(text, LABEL_FIELDS, languages);
  const titles = findTitles(text, languages);
  return (field, value, before = '') => {
    const starts = field === 'title' ? titles : labels.filter((l) => l.field === field);
    const sticky = new RegExp(`\\s*[:.]?\\s*${before}${value}`, 'iyu');
    const found: Hit[] = [];
    for (const label of starts) {
      sticky.lastIndex = label.index + label.length;
      const m = sticky.exec(text);
      const match = m?.[1];
      if (!m || match === undefined) continue;
      const at = m.index + m[0].lastIndexOf(match);
      // A value reached from two labels (a title and a label of the same word) is found once.
      if (!found.some((f) => f.at === at)) found.push({ match, at });
    }
    return found.sort((a, b) => a.at - b.at);
  };
}

/** The document's titles in a text ("RAČUN", "INVOICE", "DOBROPIS"), with their tails. */
function findTitles(
  text: string,
  languages: readonly Language[],
): { index: number; length: number }[] {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${titleAlternation(languages)}(?![\\p{L}\\p{N}])${LABEL_TAIL}`,
    'giu',
  );
  const found: { index: number; length: number }[] = [];
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    found.push({ index: m.index, length: m[0].length });
    // From the character after this one began: a title must not swallow a label after it
    // ("INVOICE Invoice no. 95/2026").
    pattern.lastIndex = m.index + 1;
  }
  return found;
}

const DATE = '(\\d{1,2}\\.\\s?\\d{1,2}\\.\\s?\\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}/\\d{4})';
const AMOUNT = '(-?\\d{1,3}(?:[.,\\s]\\d{3})*(?:[.,]\\d{2})|-?\\d+(?:[.,]\\d{2}))\\s*(?:€|EUR)?';

/** A found amount (always a decimal: amountOf wrote it) in whole cents. */
const cents = (decimal: string) => centsOf(decimal) ?? 0n;

/** An ISO 11649 creditor reference (RF) with its check digits right. */
export function isValidRfReference(value: string): boolean {
  const split = splitReference(value);
  return split.model.startsWith('RF') && checkReference(split) === undefined;
}

function first(
  found: { match: string; at: number }[],
  confidence: number,
  clean = (v: string) => v,
) {
  const hit = found[0];
  return hit
    ? { value: clean(hit.match), confidence, source: 'text' as const, at: hit.at }
    : undefined;
}

export function readTextFields(text: string, options: NameOptions = {}): TextFields {
  const fields: TextFields = {};
  const put = (name: TextField, value: TextFoundValue | undefined) => {
    if (value && value.value !== '') fields[name] = value;
  };
  const name = readSupplierName(text, options);
  if (name) put('supplierName', { ...name, source: 'text' });

  const after = labelledValues(text);
  const NUMBER = '([A-Z0-9][A-Z0-9\\-/.]{0,30}[A-Z0-9])';
  const numbers = [...after('invoiceNumber', NUMBER), ...after('title', NUMBER)].sort(
    (a, b) => a.at - b.at,
  );
  put(
    'invoiceNumber',
    first(
      numbers.filter((f, i) => /\d/.test(f.match) && numbers.findIndex((g) => g.at === f.at) === i),
      LABELLED,
    ),
  );

  const date = (field: LabelField) => {
    const hit = after(field, DATE).find((f) => parseDate(f.match) !== undefined);
    return hit
      ? {
          value: parseDate(hit.match) ?? '',
          confidence: LABELLED,
          source: 'text' as const,
          at: hit.at,
        }
      : undefined;
  };
  put('issueDate', date('issueDate'));
  put('dueDate', date('dueDate'));

  // Net and VAT per rate (Osnova za DDV 22 %, DDV 22 %) add up; the total is one figure.
  const RATE = '(?:\\d{1,2}(?:[.,]\\d{1,2})?\\s*%\\s*:?\\s*)?';
  const amounts = (field: LabelField) =>
    after(field, AMOUNT, RATE)
      .map((f) => ({ ...f, value: parseAmount(f.match)?.value }))
      .filter((f): f is { match: string; at: number; value: string } => f.value !== undefined);
  const nets = amounts('netAmount');
  const vats = amounts('vatAmount').filter((f) => !nets.some((n) => n.at === f.at));
  // The invoice's total and what is to be paid apart (issue 21): after a prepayment or a
  // rounding they differ; an invoice that prints only what is to be paid has it as its total.
  const dues = amounts('amountDue');
  const totals = amounts('totalAmount').filter((f) => !dues.some((d) => d.at === f.at));
  const sum = (list: { value: string }[]) => list.reduce((s, f) => s + cents(f.value), 0n);
  const due = dues[dues.length - 1];
  const total = totals[totals.length - 1] ?? due;
  if (total)
    put('totalAmount', { value: total.value, confidence: LABELLED, source: 'text', at: total.at });
  if (due) put('amountDue', { value: due.value, confidence: LABELLED, source: 'text', at: due.at });
  const prepaid = amounts('prepaidAmount')[0];
  if (prepaid)
    put('prepaidAmount', {
      value: prepaid.value.replace(/^-/, ''),
      confidence: LABELLED,
      source: 'text',
      at: prepaid.at,
    });
  const rounding = amounts('roundingAmount')[0];
  if (rounding)
    put('roundingAmount', {
      value: rounding.value,
      confidence: LABELLED,
      source: 'text',
      at: rounding.at,
    });
  if (nets.length > 0)
    put('netAmount', {
      value: centsText(sum(nets)),
      confidence: LABELLED,
      source: 'text',
      at: nets[0]?.at ?? 0,
    });
  if (vats.length > 0)
    put('vatAmount', {
      value: centsText(sum(vats)),
      confidence: LABELLED,
      source: 'text',
      at: vats[0]?.at ?? 0,
    });
  const { netAmount, vatAmount, totalAmount } = fields;
  if (
    netAmount &&
    vatAmount &&
    totalAmount &&
    cents(netAmount.value) + cents(vatAmount.value) !== cents(totalAmount.value)
  ) {
    // The sums disagree: none of the three is trusted as read.
    for (const f of [netAmount, vatAmount, totalAmount]) f.confidence = SHAPE_ONLY;
  }
  if (/€|\bEUR\b/.test(text))
    put('currencyCode', {
      value: 'EUR',
      confidence: LABELLED,
      source: 'text',
      at: text.search(/€|\bEUR\b/),
    });

  // The supplier's VAT ID comes first on an invoice (its letterhead); the buyer's later.
  const vatIds = after('vatId', '(SI\\s?\\d{8})')
    .map((f) => ({ ...f, match: f.match.replace(/\s/g, '') }))
    .filter((f) => isValidSlovenianVatId(f.match));
  put('vatId', first(vatIds, LABELLED));

  const ibans = after('iban', '([A-Z]{2}\\d{2}(?:\\s?[A-Z0-9]{4}){2,7}(?:\\s?[A-Z0-9]{1,3})?)')
    .map((f) => ({ ...f, match: f.match.replace(/\s/g, '') }))
    .filter((f) => checkIban(f.match) === undefined);
  put('iban', first(ibans, LABELLED));
  const bics = after('bic', '([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\\b').filter(
    (f) => checkBic(f.match) === undefined,
  );
  put('bic', first(bics, LABELLED));

  const references = after(
    'reference',
    '((?:SI\\d{2}\\s?[\\d-]{1,22})|(?:RF\\d{2}\\s?[A-Z0-9 ]{1,25}?))(?=\\s|$)',
  );
  const reference = references.find(
    (f) => !f.match.startsWith('RF') || isValidRfReference(f.match),
  );
  if (reference) {
    const compact = reference.match.replace(/\s/g, '');
    const model = compact.slice(0, 4);
    put('referenceModel', { value: model, confidence: LABELLED, source: 'text', at: reference.at });
    put('reference', {
      value: compact.slice(4),
      confidence: LABELLED,
      source: 'text',
      at: reference.at + 4,
    });
  }
  put('purposeCode', first(after('purposeCode', '([A-Z]{4})\\b'), LABELLED));
  return fields;
}
