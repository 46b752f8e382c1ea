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
import { afterLabel, titleAt, type LabelHit } from './label-index';
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

/** A value in a party's block is worth this much of one elsewhere. */
const PARTY_BLOCK = 0.8;

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
  const language = detectLanguage(allText);
  const party = readParty(layouts, { ...options, language });
  // The supplier's country tells how its dates are written (05/06 in the US).
  const hint: ValueHint = {
    language,
    country: party.vatId?.value.slice(0, 2) ?? party.ibanCountry,
  };
  const candidates = layouts
    .flatMap((layout) => [
      ...labelledCandidates(layout, hint),
      ...titleCandidates(layout, hint),
      ...letterDates(layout, hint),
    ])
    // A number or a date in a party's block is the party's (its customer number), not the
    // invoice's.
    .map((c) =>
      c.hit && party.isInPartyBlock(c.hit.phrase) ? { ...c, score: c.score * PARTY_BLOCK } : c,
    );
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

  put('supplierName', party.name, party.nameConfidence);
  put('vatId', party.vatId, party.vatIdConfidence);

  for (const field of ['invoiceNumber', 'issueDate', 'dueDate'] as const) {
    const best = bestOf(candidates, field);
    if (best) put(field, best, confidenceOf(best));
  }
  const iban = paidAccount(layouts, candidates, hint);
  if (iban) put('iban', iban, iban.hit ? confidenceOf(iban) : LABELLED);
  // The BIC printed with the account paid to ("IBAN: SI56 … BIC: LJBASI2X"), else the best.
  const ibanWord = iban?.words[0];
  const bic =
    candidates.find(
      (c) =>
        c.field === 'bic' &&
        ibanWord !== undefined &&
        c.words[0]?.page === ibanWord.page &&
        Math.abs((c.words[0]?.y0 ?? 0) - ibanWord.y0) < 0.005,
    ) ?? bestOf(candidates, 'bic');
  if (bic) put('bic', bic, confidenceOf(bic));
  if (!fields.issueDate) {
    // No labelled date: the first date on the first page, as many letterheads print it.
    const date = shapeOnly(layouts.slice(0, 1), 'issueDate', hint);
    put('issueDate', date, SHAPE_ONLY);
  }
  const reference = bestOf(candidates, 'reference');
  if (reference) {
    // "Pri plačilu navedite model 00 in sklic: 1090010602": the model said before its label.
    const said = reference.hit
      ? /\bmodel\w*\s*:?\s*(\d{2})\b/iu.exec(
          reference.hit.phrase.text.slice(0, reference.hit.start),
        )
      : null;
    const printed =
      said?.[1] && /^\d/u.test(reference.value)
        ? `SI${said[1]} ${reference.value}`
        : reference.value;
    const model = /^(SI\d{2}|RF\d{2})\s?(.+)$/u.exec(printed.replace(/\s+/gu, ' '));
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
  else put('currencyCode', printedCurrency(layouts), WEAK_LABEL);
  return fields;
}

/** Each label's value in each of the places a layout may put it. */
export function labelledCandidates(layout: PageLayout, hint: ValueHint): Candidate[] {
  const found: Candidate[] = [];
  for (const hit of layout.hits) {
    const field = VALUE_FIELDS[hit.field];
    if (!field) continue;
    // Words after the label in its phrase ("Gesamtbetrag der Zuschläge"): the label is only
    // a part of a longer caption, which may mean another thing.
    const caption = hit.phrase.text
      .slice(hit.valueStart)
      .replace(/\([^)]*\)|[A-Z]{3}\b|[€$£:]/gu, '')
      .trim();
    const weight = (hit.isWeak ? WEAK_LABEL : 1) * (caption === '' ? 1 : LONGER_CAPTION);
    const take = (place: Place, phrase: Phrase, from = 0, penalty = 1) => {
      const read = readIn(field, phrase, from, hint);
      if (!read) return false;
      const isZeroTotal = field === 'totalAmount' && Number(read.value) === 0;
      found.push({
        ...read,
        field,
        score:
          PLACE_SCORE[place] *
          (place === 'rest' ? (hit.isWeak ? WEAK_LABEL : 1) : weight) *
          penalty *
          (isZeroTotal ? ZERO_TOTAL : 1),
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
    const isAmount = AMOUNT_FIELDS.has(field);
    // A column's header over a table: its value in the row of the table's total.
    if (isAmount) {
      const cell = totalRowCell(layout, hit);
      if (cell && take('rest', cell)) continue;
    }
    // A currency standing alone between a label and its figure ("Subtotaal | Eur | 319,03").
    const right = line.phrases.filter(
      (p) => p.x0 >= phrase.x1 - 1e-6 && !/^(?:[A-Z]{3}|[A-Z][a-z]{2}|[€$£])$/u.test(p.text),
    );
    // A row's label with several figures right of it ("Total | 24.99 | 5.00 | 29.99"): which
    // is its own, the columns say; the first is only likely.
    const figures = right.filter((p) => parseFieldValue('totalAmount', p.text) !== undefined);
    const rowPenalty = isAmount && figures.length > 1 ? ROW_OF_FIGURES : 1;
    let isRead = false;
    for (const [i, next] of right.slice(0, PHRASES_RIGHT).entries()) {
      // A phrase that is itself a label of another field ends the search to the right.
      if (startsWithLabel(layout, next)) break;
      if (take('right', next, 0, (1 - i * 0.05) * rowPenalty)) {
        isRead = true;
        // Each further figure of the row is a candidate too, less likely (a VAT row's base,
        // rate and tax): the sums choose.
        if (isAmount && figures.length > 1)
          for (const [j, more] of figures.filter((p) => p.x0 > next.x0).entries())
            take('right', more, 0, rowPenalty * (0.9 - j * 0.02));
        break;
      }
    }
    if (isRead) continue;
    // Under an amount's column header stand the lines' own amounts, not the invoice's.
    const belowPenalty = isAmount ? LINE_ITEM : 1;
    if (isAmount) {
      const sum = summingCell(layout, hit);
      if (sum && take('below', sum)) continue;
    }
    if (readBelow(layout, hit, (p, penalty) => take('below', p, 0, penalty * belowPenalty)))
      continue;
    const left = line.phrases.filter((p) => p.x1 <= phrase.x0 + 1e-6).pop();
    if (left && !startsWithLabel(layout, left)) take('left', left);
  }
  return found;
}

const AMOUNT_FIELDS: ReadonlySet<LayoutField> = new Set([
  'netAmount',
  'vatAmount',
  'totalAmount',
  'amountDue',
  'prepaidAmount',
]);
/** A label that is only the start of its caption; a total of nothing. */
const LONGER_CAPTION = 0.75;
const ZERO_TOTAL = 0.5;
/** A figure in a row of several right of its label, or in a column under its header. */
const ROW_OF_FIGURES = 0.9;
const LINE_ITEM = 0.85;
/** How many lines under a column's header the table's total row may stand. */
const TABLE_LINES = 40;

/**
 * The phrase in a header label's column on the row a total label starts ("Total facture",
 * "Summe", "Skupaj"): where a table of amounts keeps the invoice's own.
 */
function totalRowCell(layout: PageLayout, hit: LabelHit): Phrase | undefined {
  const { phrase } = hit;
  const words = wordsAt(phrase, hit.start, hit.end);
  const x0 = Math.min(...words.map((w) => w.x0));
  const x1 = Math.max(...words.map((w) => w.x1));
  const line = layout.lines[phrase.line];
  // A header: the label stands alone, among other phrases on its line.
  if (!line || line.phrases.length < 2 || hit.start !== 0 || hit.valueStart < phrase.text.length)
    return undefined;
  for (let n = phrase.line + 1; n < Math.min(layout.lines.length, phrase.line + TABLE_LINES); n++) {
    const row = layout.lines[n];
    const first = row?.phrases[0];
    if (!row || !first || first.x1 > x0) continue;
    const isTotalRow = layout.hits.some(
      (h) =>
        h.phrase === first &&
        h.start === 0 &&
        (h.field === 'totalAmount' || h.field === 'netAmount' || h.field === 'amountDue'),
    );
    if (!isTotalRow) continue;
    const cell = row.phrases.find((p) => p !== first && p.x0 < x1 && p.x1 > x0);
    if (cell) return cell;
  }
  return undefined;
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
    let isCovered = false;
    for (const p of under) {
      if (startsWithLabel(layout, p)) continue;
      // Columns of a header row: the phrase nearest under the label's start.
      if (take(p, 1 - (n - 1) * 0.03)) return true;
      isCovered = true;
    }
    // Words under the label that are not its value (a title over a table's header row,
    // "RECHNUNG" over "Pos."): what stands below them is theirs (the line's number "1").
    if (isCovered) return false;
  }
  return false;
}

/** How many figures under a column's header are looked at for the one that sums the others. */
const COLUMN_FIGURES = 8;

/**
 * Under a column's header, the figure that is the sum of the ones above it (a VAT summary's
 * row of each rate, then their total): the invoice's own.
 */
function summingCell(layout: PageLayout, hit: LabelHit): Phrase | undefined {
  const { phrase } = hit;
  const words = wordsAt(phrase, hit.start, hit.end);
  const x0 = Math.min(...words.map((w) => w.x0));
  const x1 = Math.max(...words.map((w) => w.x1));
  const height = phrase.y1 - phrase.y0;
  const column: { phrase: Phrase; cents: number }[] = [];
  for (let n = phrase.line + 1; n < layout.lines.length && column.length < COLUMN_FIGURES; n++) {
    const line = layout.lines[n];
    const cell = line?.phrases.find((p) => p.x0 < x1 + height && p.x1 > x0 - height);
    const value = cell && parseFieldValue('totalAmount', cell.text);
    if (!cell || !value || value.index > 2) break;
    column.push({ phrase: cell, cents: Math.round(Number(value.value) * 100) });
  }
  if (column.length < 3) return undefined;
  const last = column[column.length - 1];
  const others = column.slice(0, -1).reduce((sum, c) => sum + c.cents, 0);
  return last && last.cents === others ? last.phrase : undefined;
}

/** A rate before an amount (VAT 22 %: 12,34; MwSt. (19%) 4,20): passed over. */
const RATE = /^\s*\(?\d{1,2}(?:[.,]\d{1,2})?\s*%\)?\s*[:=]?\s*/u;

/**
 * The number and date a document's title carries: "HANDELSRECHNUNG (380) Nr. 471102 vom
 * 05.03.2018", "Facture n°562044387 du 02 Juillet 2015", "Invoice # RE-2019/507 issued at
 * 2019-06-10".
 */
function titleCandidates(layout: PageLayout, hint: ValueHint): Candidate[] {
  const found: Candidate[] = [];
  for (const line of layout.lines)
    for (const phrase of line.phrases) {
      const title = titleAt(phrase.text);
      if (title === undefined) continue;
      const after = /^\s*(?:\(\d+\)\s*)?/u.exec(phrase.text.slice(title))?.[0].length ?? 0;
      const from = title + after;
      const labelEnd = from + (afterLabel(phrase.text.slice(from)) ?? 0);
      const hit: LabelHit = {
        field: 'invoiceNumber',
        phrase,
        start: 0,
        end: title,
        valueStart: labelEnd,
        text: phrase.text.slice(0, title),
        isWeak: false,
      };
      const number = readIn('invoiceNumber', phrase, labelEnd, hint);
      if (!number || !/\d/u.test(number.value)) continue;
      found.push({
        ...number,
        field: 'invoiceNumber',
        score: PLACE_SCORE.rest,
        hit,
        place: 'rest',
      });
      const end =
        labelEnd + phrase.text.slice(labelEnd).indexOf(number.value) + number.value.length;
      const date = parseFieldValue('issueDate', phrase.text.slice(end), hint);
      if (!date) continue;
      const words = wordsAt(phrase, end + date.index, end + date.index + date.length);
      if (words.length > 0)
        found.push({
          field: 'issueDate',
          value: date.value,
          words,
          score: PLACE_SCORE.right,
          hit: { ...hit, field: 'issueDate' },
          place: 'rest',
        });
    }
  return found;
}

/** A letter's place and date: "München, den 01.11.2024", "Ljubljana, dne 31.01.2026". */
const PLACE_AND = /^\p{Lu}[\p{L} .'-]{1,30},\s*(?:(?:den|dne|le|am|il|dana|on)(?:\s+|$))?/u;
/** Worth of a letter's date as the issue date: above a bare "Datum", below a full label. */
const LETTER_DATE = 0.96;

function letterDates(layout: PageLayout, hint: ValueHint): Candidate[] {
  return layout.lines.flatMap((line) =>
    line.phrases.flatMap((phrase) => {
      const place = PLACE_AND.exec(phrase.text);
      if (!place) return [];
      // The date after the place, or in the next phrase ("München, den | 01.11.2024").
      const next = line.phrases[line.phrases.indexOf(phrase) + 1];
      const date =
        readIn('issueDate', phrase, place[0].length, hint) ??
        (place[0].length === phrase.text.length && next
          ? readIn('issueDate', next, 0, hint)
          : undefined);
      if (!date) return [];
      const hit: LabelHit = {
        field: 'issueDate',
        phrase,
        start: 0,
        end: place[0].length,
        valueStart: place[0].length,
        text: place[0],
        isWeak: false,
      };
      return [
        { ...date, field: 'issueDate' as const, score: LETTER_DATE, hit, place: 'rest' as const },
      ];
    }),
  );
}

/** A field's value at the start of a phrase's text from `from` (after a label, or all of it). */
function readIn(field: LayoutField, phrase: Phrase, start: number, hint: ValueHint) {
  const rate =
    field === 'vatAmount' || field === 'netAmount' || field === 'totalAmount'
      ? (RATE.exec(phrase.text.slice(start))?.[0].length ?? 0)
      : 0;
  const from = start + rate;
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

/**
 * The account to pay to: of the supplier's accounts the one printed most often (a payment
 * slip repeats it), then the best labelled; an unlabelled one when no label names any.
 */
function paidAccount(
  layouts: readonly PageLayout[],
  candidates: readonly Candidate[],
  hint: ValueHint,
): Candidate | undefined {
  const printed = new Map<string, number>();
  for (const layout of layouts)
    for (const line of layout.lines)
      for (const phrase of line.phrases) {
        const found = parseFieldValue('iban', phrase.text, hint);
        if (found) printed.set(found.value, (printed.get(found.value) ?? 0) + 1);
      }
  const labelled = candidates.filter((c) => c.field === 'iban');
  if (labelled.length === 0) return shapeOnly(layouts, 'iban', hint);
  const times = (c: Candidate) => printed.get(c.value) ?? 0;
  return [...labelled].sort((a, b) => times(b) - times(a) || b.score - a.score)[0];
}

/** A currency code or sign standing alone ("Eur", "€", "CZK"), the one printed most often. */
const CURRENCY_WORD =
  /(?<![\p{L}\p{N}])(EUR|USD|GBP|CHF|CZK|HUF|PLN|HRK|SEK|DKK|NOK|INR|RON|BGN|€|\$|£|₹|Kč|Ft|zł)(?![\p{L}\p{N}])/iu;
const CURRENCY_OF_SIGN: Readonly<Record<string, string>> = {
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  KČ: 'CZK',
  RS: 'INR',
  'RS.': 'INR',
  FT: 'HUF',
  ZŁ: 'PLN',
};

function printedCurrency(layouts: readonly PageLayout[]): Candidate | undefined {
  const seen = new Map<string, Candidate & { count: number }>();
  for (const layout of layouts)
    for (const line of layout.lines)
      for (const phrase of line.phrases) {
        const m = CURRENCY_WORD.exec(phrase.text);
        if (!m?.[1]) continue;
        const printed = m[1].toUpperCase();
        const code = CURRENCY_OF_SIGN[printed] ?? printed;
        const known = seen.get(code);
        if (known) known.count++;
        else
          seen.set(code, {
            field: 'currencyCode',
            value: code,
            words: wordsAt(phrase, m.index, m.index + m[1].length),
            score: 0.5,
            count: 1,
          });
      }
  return [...seen.values()].sort((a, b) => b.count - a.count)[0];
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
