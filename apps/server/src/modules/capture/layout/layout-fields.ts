import type { NameOptions } from '../text/supplier-name';
import type { FoundValue, TextField } from '../text/text-fields';
import { detectLanguage } from '../text/invoice-labels';
import type { LabelField } from '../text/invoice-labels';
import {
  LABELLED,
  PLACE_SCORE,
  SHAPE_ONLY,
  WEAK_LABEL,
  bestOf,
  confidenceOf,
  layoutOf,
  wordsAt,
  type Candidate,
  type Found,
  type PageLayout,
  type Place,
} from './candidates';
import { parseFieldValue, type LayoutField, type ValueHint } from './field-values';
import type { LabelHit } from './label-index';
import { readAmounts } from './layout-amounts';
import type { Phrase } from './layout-lines';
import { readParty } from './layout-party';
import { boxOf, type LayoutPage } from './page-words';

/**
 * Invoice fields read by where words stand (issue 23): each label of any language found on
 * the page (label-index.ts) is looked at for its value in the places layouts put it — after
 * it in the same phrase ("Invoice no.: 123"), in the next phrase right of it, in the phrase
 * below it (a header row over its values), and before it — and the value is read by the
 * field's own reader (field-values.ts: dates of every form, amounts of every locale, checked
 * IBANs and VAT IDs). A value found where its label says is kept with high confidence; one
 * found only by its shape, lower. Amounts are chosen together, by their labels and by net +
 * VAT = total. Every value keeps the box of its words, which the preview highlights.
 */

export type LayoutFields = Partial<Record<TextField, FoundValue>>;

/** How many lines below a label its value may stand, and how many phrases right of it. */
const LINES_BELOW = 3;
const PHRASES_RIGHT = 2;

/** The text fields a label leads to (the party labels lead to names, read apart). */
const VALUE_FIELDS: Partial<Record<LabelField, LayoutField>> = {
  invoiceNumber: 'invoiceNumber',
  issueDate: 'issueDate',
  dueDate: 'dueDate',
  netAmount: 'netAmount',
  vatAmount: 'vatAmount',
  totalAmount: 'totalAmount',
  amountDue: 'amountDue',
  prepaidAmount: 'prepaidAmount',
  currencyCode: 'currencyCode',
  iban: 'iban',
  bic: 'bic',
  reference: 'reference',
  vatId: 'vatId',
};

export function readLayoutFields(
  pages: readonly LayoutPage[],
  source: 'text' | 'ocr',
  options: NameOptions = {},
): LayoutFields {
  const layouts = layoutOf(pages);
  const allText = layouts
    .flatMap((l) => l.lines.map((line) => line.phrases.map((p) => p.text).join('  ')))
    .join('\n');
  const hint: ValueHint = { language: detectLanguage(allText) };
  const candidates = layouts.flatMap((layout) => labelledCandidates(layout, hint));
  const fields: LayoutFields = {};
  const put = (field: TextField, candidate: Candidate | undefined, confidence: number) => {
    if (!candidate) return;
    const box = boxOf(candidate.words);
    const least = Math.min(1, ...candidate.words.map((w) => w.confidence));
    fields[field] = {
      value: candidate.value,
      confidence: Math.round(confidence * least * 100) / 100,
      source,
      ...(box ? { box } : {}),
    };
  };

  const party = readParty(layouts, options);
  put('supplierName', party.name, party.nameConfidence);
  put('vatId', party.vatId, party.vatIdConfidence);
  // The supplier's country tells how its dates are written (05/06 in the US).
  hint.country = party.vatId?.value.slice(0, 2);

  for (const field of ['invoiceNumber', 'issueDate', 'dueDate', 'bic'] as const) {
    const best = bestOf(candidates, field);
    if (best) put(field, best, confidenceOf(best));
  }
  const iban = bestOf(candidates, 'iban') ?? shapeOnly(layouts, 'iban', hint);
  if (iban) put('iban', iban, iban.hit ? confidenceOf(iban) : LABELLED);
  if (!fields.issueDate) {
    // No labelled date: the first date on the first page, as many letterheads print it.
    const date = shapeOnly(layouts.slice(0, 1), 'issueDate', hint);
    put('issueDate', date, SHAPE_ONLY);
  }
  const reference = bestOf(candidates, 'reference');
  if (reference) {
    const model = /^(SI\d{2}|RF\d{2})\s?(.+)$/u.exec(reference.value.replace(/\s+/gu, ' '));
    if (model?.[1] && model[2]) {
      put('referenceModel', { ...reference, value: model[1] }, confidenceOf(reference));
      put(
        'reference',
        { ...reference, value: model[2].replace(/\s/gu, '') },
        confidenceOf(reference),
      );
    } else put('reference', reference, confidenceOf(reference) * WEAK_LABEL);
  }

  const amounts = readAmounts(candidates);
  for (const [field, found] of Object.entries(amounts.fields) as [TextField, Found][])
    put(field, found.candidate, found.confidence);
  const currency = bestOf(candidates, 'currencyCode');
  if (currency) put('currencyCode', currency, confidenceOf(currency));
  else if (amounts.currency) put('currencyCode', amounts.currency, LABELLED);
  return fields;
}

/** Each label's value in each of the places a layout may put it. */
function labelledCandidates(layout: PageLayout, hint: ValueHint): Candidate[] {
  const found: Candidate[] = [];
  for (const hit of layout.hits) {
    const field = VALUE_FIELDS[hit.field];
    if (!field) continue;
    const weight = hit.isWeak ? WEAK_LABEL : 1;
    const take = (place: Place, phrase: Phrase, from = 0, penalty = 1) => {
      const read = readIn(field, phrase, from, hint);
      if (!read) return false;
      found.push({
        ...read,
        field,
        score: PLACE_SCORE[place] * weight * penalty,
        hit,
        place,
      });
      return true;
    };
    const { phrase } = hit;
    // After the label in its own phrase.
    if (hit.valueStart < phrase.text.length && take('rest', phrase, hit.valueStart)) continue;
    // Other labels after it in the phrase: the value is not here.
    if (layout.hits.some((h) => h.phrase === phrase && h.start >= hit.end)) continue;
    const line = layout.lines[phrase.line];
    if (!line) continue;
    const right = line.phrases.filter((p) => p.x0 >= phrase.x1 - 1e-6);
    let isRead = false;
    for (const [i, next] of right.slice(0, PHRASES_RIGHT).entries()) {
      // A phrase that is itself a label of another field ends the search to the right.
      if (startsWithLabel(layout, next)) break;
      if (take('right', next, 0, 1 - i * 0.05)) {
        isRead = true;
        break;
      }
    }
    if (isRead) continue;
    if (readBelow(layout, hit, (p, penalty) => take('below', p, 0, penalty))) continue;
    const left = line.phrases.filter((p) => p.x1 <= phrase.x0 + 1e-6).pop();
    if (left && !startsWithLabel(layout, left)) take('left', left);
  }
  return found;
}

function startsWithLabel(layout: PageLayout, phrase: Phrase): boolean {
  return layout.hits.some((h) => h.phrase === phrase && h.start === 0);
}

/** The phrases under a label's words, line by line, until one is read. */
function readBelow(
  layout: PageLayout,
  hit: LabelHit,
  take: (phrase: Phrase, penalty: number) => boolean,
): boolean {
  const { phrase } = hit;
  const labelWords = wordsAt(phrase, hit.start, hit.end);
  const x0 = Math.min(...labelWords.map((w) => w.x0));
  const x1 = Math.max(...labelWords.map((w) => w.x1));
  const height = phrase.y1 - phrase.y0;
  for (let n = 1; n <= LINES_BELOW; n++) {
    const line = layout.lines[phrase.line + n];
    if (!line || line.y0 - phrase.y1 > height * (LINES_BELOW + 1)) return false;
    const under = line.phrases.filter((p) => p.x0 < x1 + height && p.x1 > x0 - height);
    for (const p of under) {
      if (startsWithLabel(layout, p)) continue;
      // Columns of a header row: the phrase nearest under the label's start.
      if (take(p, 1 - (n - 1) * 0.03)) return true;
    }
  }
  return false;
}

/** A field's value at the start of a phrase's text from `from` (after a label, or all of it). */
function readIn(field: LayoutField, phrase: Phrase, from: number, hint: ValueHint) {
  const text = phrase.text.slice(from);
  const parsed = parseFieldValue(field, text, hint);
  if (!parsed) return undefined;
  // The value starts the text: what stands further on is another thing.
  if (
    text
      .slice(0, parsed.index)
      .trim()
      .replace(/^[:#(]/u, '')
      .trim() !== ''
  )
    return undefined;
  const words = wordsAt(phrase, from + parsed.index, from + parsed.index + parsed.length);
  if (words.length === 0) return undefined;
  return { value: parsed.value, words, currency: parsed.currency };
}

/** A field's value found by its shape alone, anywhere on the pages: the first one. */
function shapeOnly(
  layouts: readonly PageLayout[],
  field: LayoutField,
  hint: ValueHint,
): Candidate | undefined {
  for (const layout of layouts)
    for (const line of layout.lines)
      for (const phrase of line.phrases) {
        const parsed = parseFieldValue(field, phrase.text, hint);
        if (!parsed) continue;
        const words = wordsAt(phrase, parsed.index, parsed.index + parsed.length);
        if (words.length > 0) return { field, value: parsed.value, words, score: 0.5 };
      }
  return undefined;
}
