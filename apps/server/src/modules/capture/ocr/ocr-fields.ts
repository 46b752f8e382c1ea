import {
  readTextFields,
  type FoundValue,
  type PageBox,
  type TextField,
  type TextFoundValue,
} from '../text/text-fields';
import { checkReference } from '../einvoice/payment-reference';
import type { NameOptions } from '../text/supplier-name';
import type { OcrWord } from './ocr-engine';
import { readableWords } from './ocr-words';

/**
 * Invoice fields from the words OCR read (issue 7, source 4): the words become a text, line by
 * line and then column by column, which the text-layer reader reads as it reads a PDF's
 * (readTextFields: the same labels and checks). Each value then gets the box of the words it was read from, and its confidence
 * is lowered by Tesseract's confidence in the least certain of those words: a value read from
 * a smudged word is marked for review even when its label was clear.
 */

export interface OcrPage {
  page: number;
  /** The page's width over its height. */
  aspect?: number;
  lines: OcrWord[][];
  /** A box on the image Tesseract read, as a box on the page. */
  toPageBox(box: { x0: number; y0: number; x1: number; y1: number }): PageBox;
}

interface Span {
  start: number;
  end: number;
  word: OcrWord;
  /** The word as it is in the text. */
  text: string;
  page: OcrPage;
}

/** A value is not looked for over more words than this (an IBAN in groups of four has 5–9). */
const MAX_WORDS = 9;
/** How sure a value is whose check digits passed, at the least. */
const CHECKED_CERTAINTY = 0.95;
/** SI00 has no check digit; SI99 has no reference. */
const UNCHECKED_MODELS: ReadonlySet<string> = new Set(['SI00', 'SI99', '']);
/** A gap between words wider than this many line heights separates columns. */
const COLUMN_GAP = 3;

type Fields = Partial<Record<TextField, FoundValue>>;

export function ocrFields(pages: readonly OcrPage[], options: NameOptions = {}): Fields {
  // Line by line first, as Tesseract reads; then column by column, for what a line across
  // two columns hides (a title on the right, its number on the next line under it).
  const fields = fieldsOf(
    layout(pages, (page) => page.lines),
    options,
  );
  const columns = fieldsOf(layout(pages, columnsOf), options);
  for (const [field, value] of Object.entries(columns) as [TextField, FoundValue][]) {
    fields[field] ??= value;
  }
  return fields;
}

function fieldsOf({ text, spans }: { text: string; spans: Span[] }, options: NameOptions): Fields {
  const fields: Fields = {};
  const read = readTextFields(text, options);
  const checked = checkedFields(read);
  for (const [field, value] of Object.entries(read) as [TextField, TextFoundValue][]) {
    const words = wordsOf(spans, value.at, field === 'currencyCode' ? '' : value.value);
    const [first] = words;
    if (!first) continue;
    const least = Math.min(...words.map((span) => span.word.confidence)) / 100;
    const certainty = checked.has(field) ? Math.max(least, CHECKED_CERTAINTY) : least;
    fields[field] = {
      value: value.value,
      confidence: Math.round(value.confidence * Math.max(0, certainty) * 100) / 100,
      source: 'ocr',
      box: unionBox(words.map((span) => first.page.toPageBox(span.word))),
    };
  }
  return fields;
}

/**
 * The values whose own check digits passed: the IBAN and VAT ID (the reader takes only those),
 * and a reference whose model has check digits that agree. A misread character would have
 * failed them, however unsure Tesseract was of the word.
 */
function checkedFields(read: Partial<Record<TextField, TextFoundValue>>): Set<TextField> {
  const checked = new Set<TextField>(['iban', 'vatId']);
  const model = read.referenceModel?.value ?? '';
  const reference = { model, reference: read.reference?.value ?? '' };
  if (!UNCHECKED_MODELS.has(model) && checkReference(reference) === undefined) {
    checked.add('referenceModel');
    checked.add('reference');
  }
  return checked;
}

/**
 * The pages' words as one text, a line of it for each line `linesOf` gives, words apart by a
 * space, and where each word is in it; specks left out and confusions undone (readableWords).
 */
function layout(
  pages: readonly OcrPage[],
  linesOf: (page: OcrPage) => OcrWord[][],
): { text: string; spans: Span[] } {
  const spans: Span[] = [];
  let text = '';
  for (const page of pages) {
    for (const line of linesOf(page)) {
      readableWords(line).forEach(({ word, text: written }, i) => {
        if (i > 0) text += ' ';
        spans.push({
          start: text.length,
          end: text.length + written.length,
          word,
          text: written,
          page,
        });
        text += written;
      });
      text += '\n';
    }
  }
  return { text, spans };
}

/**
 * Each line cut where a gap wider than COLUMN_GAP line heights parts its words; the pieces
 * that start in the page's left half first, then the others, each in their order.
 */
function columnsOf(page: OcrPage): OcrWord[][] {
  const pieces = page.lines.flatMap((line) => {
    const heights = line.map((word) => word.y1 - word.y0).sort((a, b) => a - b);
    const gap = COLUMN_GAP * (heights[heights.length >> 1] ?? 0);
    const cut: OcrWord[][] = [];
    line.forEach((word, i) => {
      const before = line[i - 1];
      const piece = cut[cut.length - 1];
      if (!before || !piece || word.x0 - before.x1 > gap) cut.push([word]);
      else piece.push(word);
    });
    return cut;
  });
  const isLeft = (piece: OcrWord[]) => {
    const [first] = piece;
    return first !== undefined && page.toPageBox(first).x < 0.5;
  };
  return [...pieces.filter(isLeft), ...pieces.filter((piece) => !isLeft(piece))];
}

const alphanumerics = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').length;

/**
 * The words a value was read from: from the word at its offset, as many as hold as many
 * letters and digits as the value (a date read as 01.12.2025 is 2025-12-01: both have 8),
 * on one page.
 */
function wordsOf(spans: readonly Span[], at: number, value: string): Span[] {
  const index = spans.findIndex((span) => span.end > at);
  const first = spans[index];
  if (!first) return [];
  const wanted = alphanumerics(value);
  const words = [first];
  let counted = alphanumerics(first.text.slice(Math.max(0, at - first.start)));
  for (let i = index + 1; counted < wanted && words.length < MAX_WORDS; i++) {
    const next = spans[i];
    if (!next || next.page !== first.page) break;
    words.push(next);
    counted += alphanumerics(next.text);
  }
  return words;
}

function unionBox(boxes: readonly PageBox[]): PageBox {
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  const round = (fraction: number) => Math.round(fraction * 10_000) / 10_000;
  return {
    page: boxes[0]?.page ?? 1,
    x: round(left),
    y: round(top),
    width: round(right - left),
    height: round(bottom - top),
  };
}
