import { checkBic, checkIban, isValidSlovenianVatId } from '@listina/forms';
import { checkReference, splitReference } from '../einvoice/payment-reference';
import { labelPattern } from './labels';
import { readSupplierName, type NameOptions } from './supplier-name';

/**
 * Invoice fields read from a document's text (issue 7, source 3: the PDF text layer; source
 * 4, OCR, gives the same kind of text). Each value is found next to a label Slovenian and
 * English invoices use, validated (IBAN and RF check digits, Slovenian VAT ID, real dates, net
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

/** `label` followed by what `value` matches, within a few characters. */
function after(text: string, labels: string, value: string): { match: string; at: number }[] {
  // Labels are read with or without their č, š, ž (labels.ts); the value's pattern as it is.
  const pattern = new RegExp(
    `${labelPattern(`(?:${labels})\\s*[:.]?\\s*(?:št\\.?|no\\.?|#)?`)}\\s*${value}`,
    'giu',
  );
  const found: { match: string; at: number }[] = [];
  // Each match is looked for from the character after the last one began, not after it
  // ended: a title taken for a label must not swallow the label after it (INVOICE Invoice
  // no. 95/2026). A value reached from two labels is found once.
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const match = m[1];
    const at = m.index + m[0].lastIndexOf(match ?? '');
    if (match !== undefined && !found.some((f) => f.at === at)) found.push({ match, at });
    pattern.lastIndex = m.index + 1;
  }
  return found;
}

const DATE = '(\\d{1,2}\\.\\s?\\d{1,2}\\.\\s?\\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}/\\d{4})';
const AMOUNT = '(-?\\d{1,3}(?:[.,\\s]\\d{3})*(?:[.,]\\d{2})|-?\\d+(?:[.,]\\d{2}))\\s*(?:€|EUR)?';

/** dd.mm.yyyy, yyyy-mm-dd or dd/mm/yyyy as yyyy-mm-dd, when it is a real date. */
export function isoDate(text: string): string | undefined {
  const compact = text.replace(/\s/g, '');
  let parts: [string, string, string] | undefined;
  const dotted = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(compact);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(compact);
  if (dotted) parts = [dotted[3] ?? '', dotted[2] ?? '', dotted[1] ?? ''];
  else if (iso) parts = [iso[1] ?? '', iso[2] ?? '', iso[3] ?? ''];
  if (!parts) return undefined;
  const [y, m, d] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return date.toISOString().slice(0, 10);
}

/** 1.234,56 / 1,234.56 / 1 234,56 / 1234.56 as 1234.56 (the last separator is the decimal one). */
export function decimalOf(text: string): string | undefined {
  const compact = text.replace(/[\s€]|EUR/g, '');
  const match = /^(-?)([\d.,]*?)[.,](\d{2})$/.exec(compact);
  if (!match) return /^-?\d+$/.test(compact) ? `${compact}.00` : undefined;
  const whole = (match[2] ?? '').replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole)) return undefined;
  return `${match[1] ?? ''}${String(Number(whole))}.${match[3] ?? ''}`;
}

const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const euros = (value: number) => (value / 100).toFixed(2);

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

  put(
    'invoiceNumber',
    first(
      after(
        text,
        'RAČUN|RACUN|Račun|Številka računa|PREDRAČUN|DOBROPIS|Invoice(?:\\s+(?:number|no\\.?))?|INVOICE|Credit note',
        '([A-Z0-9][A-Z0-9\\-/.]{0,30}[A-Z0-9])',
      ).filter((f) => /\d/.test(f.match)),
      LABELLED,
    ),
  );

  const date = (labels: string) => {
    const hit = after(text, labels, DATE).find((f) => isoDate(f.match) !== undefined);
    return hit
      ? {
          value: isoDate(hit.match) ?? '',
          confidence: LABELLED,
          source: 'text' as const,
          at: hit.at,
        }
      : undefined;
  };
  put(
    'issueDate',
    date('Datum izdaje|Datum računa|Datum dokumenta|Issue date|Invoice date|Date of issue'),
  );
  put('dueDate', date('Rok plačila|Datum zapadlosti|Zapadlost|Valuta|Due date|Payment due'));

  const amounts = (labels: string) =>
    after(text, labels, AMOUNT)
      .map((f) => ({ ...f, value: decimalOf(f.match) }))
      .filter((f): f is { match: string; at: number; value: string } => f.value !== undefined);
  // Net and VAT per rate (Osnova za DDV 22 %, DDV 22 %) add up; the total is one figure.
  const rate = '(?:\\s*\\d{1,2}(?:[.,]\\d)?\\s*%)?';
  const nets = amounts(
    `Osnova za DDV${rate}|Znesek brez DDV|Net amount${rate}|Subtotal|Total excl\\.? VAT`,
  );
  const vats = amounts(
    `(?<!za |brez |ID za |z )DDV${rate}|VAT${rate}(?! ?(?:ID|No|number))`,
  ).filter((f) => !nets.some((n) => n.at === f.at));
  // The invoice's total and what is to be paid apart (issue 21): after a prepayment or a
  // rounding they differ; an invoice that prints only what is to be paid has it as its total.
  const dues = amounts(
    'Znesek za plačilo|Skupaj za plačilo|Za plačilo|Amount due|Total due|Balance due|Amount payable',
  );
  const totals = amounts(
    'Skupaj z DDV|Znesek z DDV|Skupaj dobropis|Skupaj|Grand total|Invoice total|Total',
  ).filter((f) => !dues.some((d) => d.at === f.at));
  const sum = (list: { value: string }[]) => list.reduce((s, f) => s + cents(f.value), 0);
  const due = dues[dues.length - 1];
  const total = totals[totals.length - 1] ?? due;
  if (total)
    put('totalAmount', { value: total.value, confidence: LABELLED, source: 'text', at: total.at });
  if (due) put('amountDue', { value: due.value, confidence: LABELLED, source: 'text', at: due.at });
  const prepaid = amounts('Predplačilo|Avans|Prepaid|Prepayment|Paid in advance|Already paid')[0];
  if (prepaid)
    put('prepaidAmount', {
      value: prepaid.value.replace(/^-/, ''),
      confidence: LABELLED,
      source: 'text',
      at: prepaid.at,
    });
  const rounding = amounts('Zaokrožitev|Rounding')[0];
  if (rounding)
    put('roundingAmount', {
      value: rounding.value,
      confidence: LABELLED,
      source: 'text',
      at: rounding.at,
    });
  if (nets.length > 0)
    put('netAmount', {
      value: euros(sum(nets)),
      confidence: LABELLED,
      source: 'text',
      at: nets[0]?.at ?? 0,
    });
  if (vats.length > 0)
    put('vatAmount', {
      value: euros(sum(vats)),
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
  const vatIds = after(
    text,
    'ID za DDV|Identifikacijska številka za DDV|VAT ID|VAT No\\.?|VAT number',
    '(SI\\s?\\d{8})',
  )
    .map((f) => ({ ...f, match: f.match.replace(/\s/g, '') }))
    .filter((f) => isValidSlovenianVatId(f.match));
  put('vatId', first(vatIds, LABELLED));

  const ibans = after(
    text,
    'IBAN|TRR|Račun|Account',
    '([A-Z]{2}\\d{2}(?:\\s?[A-Z0-9]{4}){2,7}(?:\\s?[A-Z0-9]{1,3})?)',
  )
    .map((f) => ({ ...f, match: f.match.replace(/\s/g, '') }))
    .filter((f) => checkIban(f.match) === undefined);
  put('iban', first(ibans, LABELLED));
  const bics = after(text, 'BIC|SWIFT', '([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\\b').filter(
    (f) => checkBic(f.match) === undefined,
  );
  put('bic', first(bics, LABELLED));

  const references = after(
    text,
    'Referenca|Sklic|Reference|Ref\\.',
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
  put(
    'purposeCode',
    first(after(text, 'Koda namena|Purpose code|Purpose', '([A-Z]{4})\\b'), LABELLED),
  );
  return fields;
}
