import { LABEL_FIELDS, labelMatcher, type LabelField } from '../text/invoice-labels';
import type { CaptureSource, FoundValue } from '../text/text-fields';
import { parseFieldValue, type LayoutField } from './field-values';
import { linesOf, type Line, type Phrase } from './layout-lines';
import { boxOf, type LayoutPage, type LayoutWord } from './page-words';

/**
 * Learning a supplier's layout from one correction (issue 23, ADR 0018). When a user corrects
 * or fills a header field of a captured document, the value is looked for among the words of
 * its pages; where it stands is described by the label beside it (the anchor: the nearest
 * phrase of letters left of it on its line, else above it) and by its place from that label,
 * with its place on the page as a fallback. The supplier's next document is read there: the
 * same label found again (the one nearest where it was, if it is there more than once) and the
 * words at the same place from it, taken a little longer or shorter as values are.
 */

/** The header fields a layout is learned for. */
export const HINT_FIELDS = [
  'invoiceNumber',
  'issueDate',
  'dueDate',
  'netAmount',
  'vatAmount',
  'totalAmount',
  'amountDue',
  'currencyCode',
  'iban',
  'bic',
  'reference',
  'vatId',
  'supplierName',
] as const satisfies readonly LayoutField[];

export type HintField = (typeof HINT_FIELDS)[number];

export const isHintField = (name: string): name is HintField =>
  (HINT_FIELDS as readonly string[]).includes(name);

/** A rectangle in fractions of its page from the top left corner. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Where a field's value stood on a supplier's document (capture_layout_hint.hint). */
export interface LayoutHint {
  /** The label it stood by: its text normalised, its side of the value, where it stood. */
  anchor?: { text: string; side: 'left' | 'above'; page: number; box: Box };
  /** The value's box from the anchor's top left corner (dx, dy) and its size. */
  offset?: { dx: number; dy: number; width: number; height: number };
  /** The value's page and box: where it is looked for when the anchor is not found. */
  page: number;
  box: Box;
  /** What the value was printed glued to, before it (n° of n°562044387). */
  prefix?: string;
  /** The value was its phrase, whole (a name): it is read whole again, however long. */
  whole?: true;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isBox = (v: unknown): v is Box => {
  const b = v as Partial<Box> | null;
  return typeof b === 'object' && b !== null && [b.x0, b.y0, b.x1, b.y1].every(isNumber);
};

/** Whether a stored hint has the shape readByHint reads (capture_layout_hint.hint). */
export function isLayoutHint(value: unknown): value is LayoutHint {
  const hint = value as Partial<LayoutHint> | null;
  if (typeof hint !== 'object' || hint === null || !isNumber(hint.page) || !isBox(hint.box))
    return false;
  if (hint.prefix !== undefined && typeof hint.prefix !== 'string') return false;
  const { anchor, offset } = hint;
  if (anchor === undefined && offset === undefined) return true;
  return (
    typeof anchor === 'object' &&
    typeof anchor.text === 'string' &&
    (anchor.side === 'left' || anchor.side === 'above') &&
    isNumber(anchor.page) &&
    isBox(anchor.box) &&
    typeof offset === 'object' &&
    [offset.dx, offset.dy, offset.width, offset.height].every(isNumber)
  );
}

/** Confidence of a value read by a hint whose label was found again, and by its box alone. */
export const ANCHORED_CONFIDENCE = 0.97;
export const BOX_ONLY_CONFIDENCE = 0.8;

/** A value is looked for among runs of at most this many words of a phrase. */
const MAX_RUN = 8;
/** The label above a value stands within this many of the value's heights. */
const ABOVE_LINES = 3.5;
/** A label left of a value stands within this fraction of the page's width. */
const LEFT_REACH = 0.5;

const round = (v: number) => Math.round(v * 10_000) / 10_000;
const roundBox = (b: Box): Box => ({
  x0: round(b.x0),
  y0: round(b.y0),
  x1: round(b.x1),
  y1: round(b.y1),
});
const boxOfWords = (words: readonly LayoutWord[]): Box => ({
  x0: Math.min(...words.map((w) => w.x0)),
  y0: Math.min(...words.map((w) => w.y0)),
  x1: Math.max(...words.map((w) => w.x1)),
  y1: Math.max(...words.map((w) => w.y1)),
});
const middle = (b: { y0: number; y1: number }) => (b.y0 + b.y1) / 2;

/** A label's text as compared: without accents, case, punctuation and extra spaces. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A value as compared with another of its field (codes without spaces, any case). */
const compact = (text: string) => text.replace(/\s/g, '').toUpperCase();

/** Fields whose values are words as printed, not a number or date read into a form. */
const TEXT_FIELDS: ReadonlySet<HintField> = new Set([
  'invoiceNumber',
  'reference',
  'vatId',
  'supplierName',
  'currencyCode',
]);

/**
 * What a field's value is read as from a run of words: undefined when it holds none, or when
 * the value does not begin in its first word and reach its last (a shorter run holds it).
 */
function valueOf(field: HintField, words: readonly LayoutWord[]): string | undefined {
  const printed = words.map((w) => w.text).join(' ');
  // A currency printed Eur or € is one all the same.
  const text = field === 'currencyCode' ? printed.toUpperCase() : printed;
  const parsed =
    parseFieldValue(field, text) ?? (field === 'currencyCode' ? currencyOfAmount(text) : undefined);
  const first = words[0]?.text.length ?? 0;
  const lastStart = text.length - (words[words.length - 1]?.text.length ?? 0);
  if (!parsed || parsed.index >= first || parsed.index + parsed.length <= lastStart)
    return undefined;
  return field === 'vatId' || field === 'iban' || field === 'bic'
    ? compact(parsed.value)
    : parsed.value;
}

/** The currency an amount is printed with (12,00 €), as where the amount is. */
function currencyOfAmount(text: string) {
  const amount = parseFieldValue('totalAmount', text);
  return amount?.currency ? { ...amount, value: amount.currency } : undefined;
}

/**
 * A number or reference as printed, for one the parser does not take for one (the user typed
 * it, and it was learned by its text): a single word with a digit.
 */
function printedValueOf(field: HintField, words: readonly LayoutWord[]): string | undefined {
  if (field === 'vatId') {
    const id = compact(words.map((w) => w.text).join(''));
    return /^[A-Z]{2}[0-9A-Z]{8,12}$/u.test(id) && /\d{6}/u.test(id) ? id : undefined;
  }
  if ((field !== 'invoiceNumber' && field !== 'reference') || words.length !== 1) return undefined;
  const word = words[0]?.text.replace(/[.,;:)]+$/u, '') ?? '';
  return /\d/u.test(word) && !isLabel(word) ? word : undefined;
}

/** Whether two values of a field are the same (as learnHint finds a saved one). */
export function isSameValue(field: HintField, a: string, b: string): boolean {
  if (a === b) return true;
  if (field === 'supplierName') return normalise(a) === normalise(b);
  if (TEXT_FIELDS.has(field) || field === 'iban' || field === 'bic')
    return compact(a) === compact(b);
  const [p, q] = [a, b].map(Number);
  return ['netAmount', 'vatAmount', 'totalAmount', 'amountDue'].includes(field) &&
    p !== undefined &&
    q !== undefined &&
    Number.isFinite(p) &&
    Number.isFinite(q)
    ? p === q
    : false;
}

/** A phrase that reads as a label: letters, more of them than digits, and mostly no value. */
export function isLabel(text: string): boolean {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const digits = (text.match(/\p{N}/gu) ?? []).length;
  if (letters < 2 || digits >= letters) return false;
  return !(['issueDate', 'totalAmount', 'iban'] as const).some(
    (field) => (parseFieldValue(field, text)?.length ?? 0) >= text.trim().length * 0.6,
  );
}

interface Run {
  page: number;
  aspect: number;
  words: LayoutWord[];
  box: Box;
  text: string;
  phrase: Phrase;
  /** Index of the run's first word in its phrase. */
  start: number;
}

/** Every run of up to MAX_RUN words of each phrase of the lines. */
function runsOf(lines: readonly Line[]): Run[] {
  return lines.flatMap((line) =>
    line.phrases.flatMap((phrase) =>
      phrase.words.flatMap((_, start) =>
        phrase.words.slice(start, start + MAX_RUN).map((__, i) => {
          const words = phrase.words.slice(start, start + i + 1);
          return {
            page: line.page,
            aspect: line.aspect,
            words,
            box: boxOfWords(words),
            text: words.map((w) => w.text).join(' '),
            phrase,
            start,
          };
        }),
      ),
    ),
  );
}

interface Anchor {
  text: string;
  side: 'left' | 'above';
  box: Box;
  words: LayoutWord[];
  /** How far it stands from the value, in page heights. */
  distance: number;
}

/** Words of a label are at most this many: a sentence's last few words before the value. */
const MAX_LABEL_WORDS = 4;

const hasDigit = (w: LayoutWord) => /\p{N}/u.test(w.text);

/**
 * The words of a phrase that label a value: the whole phrase when it is short and has no
 * digit; else its last words without a digit, when a value is right of it ("…, BIC" of
 * "DE75…, BIC"), or its longest run of such words ("Osnova za DDV" of "Osnova za DDV 22 %
 * 17,17"); else the whole phrase when it reads as a label. A label's digits may change from
 * one invoice to the next (a period, a rate, an amount); its words do not.
 */
function labelWords(
  words: readonly LayoutWord[],
  side: 'left' | 'above',
  isAnchor: (words: readonly LayoutWord[]) => boolean,
): readonly LayoutWord[] | undefined {
  if (words.length <= MAX_LABEL_WORDS + 2 && !words.some(hasDigit))
    return isAnchor(words) ? words : undefined;
  const runs: LayoutWord[][] = [[]];
  for (const word of words) {
    if (hasDigit(word)) runs.push([]);
    else runs[runs.length - 1]?.push(word);
  }
  const last = words[words.length - 1];
  const trailing = last && !hasDigit(last) ? (runs[runs.length - 1] ?? []) : [];
  const longest = [...runs]
    .sort((p, q) => q.length - p.length)
    .map((r) => r.slice(0, MAX_LABEL_WORDS));
  const candidates = side === 'left' ? [trailing.slice(-MAX_LABEL_WORDS), ...longest] : longest;
  const chosen = candidates.find((c) => c.length > 0 && isAnchor(c));
  if (chosen) return chosen;
  return isAnchor(words) ? words : undefined;
}

/** The label a run of words stands by: left of it on its line, else above it. */
function anchorOf(
  run: Run,
  lines: readonly Line[],
  isValue: (words: readonly LayoutWord[]) => boolean,
): Anchor | undefined {
  const { box, aspect, phrase } = run;
  // A label, and not a value of the field itself (the currency over a column of amounts).
  const isAnchor = (words: readonly LayoutWord[]) =>
    isLabel(words.map((w) => w.text).join(' ')) && !isValue(words);
  const anchor = (words: readonly LayoutWord[], side: 'left' | 'above', distance: number) => ({
    text: normalise(words.map((w) => w.text).join(' ')),
    side,
    box: boxOfWords(words),
    words: [...words],
    distance,
  });
  // The words before it in its own phrase ("Belegkennung: R-17"), when they read as a label.
  const before = labelWords(phrase.words.slice(0, run.start), 'left', isAnchor);
  if (before && before.length > 0) {
    return anchor(before, 'left', Math.max(0, box.x0 - boxOfWords(before).x1) * aspect);
  }
  const height = box.y1 - box.y0;
  const line = lines[phrase.line];
  const nearestLeft = (line?.phrases ?? [])
    .filter((p) => p !== phrase && p.x1 <= box.x0 + 0.001 && box.x0 - p.x1 <= LEFT_REACH)
    .sort((p, q) => q.x1 - p.x1)
    .map((p) => labelWords(p.words, 'left', isAnchor))
    .find((words) => words !== undefined && words.length > 0);
  if (nearestLeft)
    return anchor(nearestLeft, 'left', (box.x0 - boxOfWords(nearestLeft).x1) * aspect);
  // Above: a label over the value's column, within a few of its heights.
  const above = lines
    .filter(
      (l, i) =>
        i < phrase.line && box.y0 - l.y1 <= height * ABOVE_LINES && l.y1 <= box.y0 + height * 0.3,
    )
    .flatMap((l) => l.phrases)
    .filter((p) => p.x0 < box.x1 + 0.02 && p.x1 > box.x0 - 0.02)
    .flatMap((p) => {
      const words = labelWords(p.words, 'above', isAnchor);
      if (!words || words.length === 0) return [];
      const b = boxOfWords(words);
      return [
        { words, distance: Math.max(0, box.y0 - b.y1) + Math.abs(b.x0 - box.x0) * aspect * 0.5 },
      ];
    })
    .sort((a, b) => a.distance - b.distance)[0];
  if (above) return anchor(above.words, 'above', above.distance);
  return undefined;
}

/**
 * Where the saved value of a field stands on the pages, as a hint to read the supplier's next
 * document by; undefined when it is nowhere on them.
 */
export function learnHint(
  pages: readonly LayoutPage[],
  field: HintField,
  savedValue: string,
): LayoutHint | undefined {
  const isValue = (words: readonly LayoutWord[]) => valueOf(field, words) !== undefined;
  const laid = pages.map((page) => ({ lines: linesOf(page) }));
  const placesOf = (isSaved: (run: Run) => boolean) =>
    laid.flatMap(({ lines }) => {
      const matches = runsOf(lines).filter(isSaved);
      // The shortest run of each place: "1.234,56" rather than "1.234,56 EUR" as well.
      const shortest = matches.filter(
        (run) =>
          !matches.some(
            (other) => other !== run && other.words.every((w) => run.words.includes(w)),
          ),
      );
      return shortest.map((run) => ({ run, anchor: anchorOf(run, lines, isValue) }));
    });
  let prefix: string | undefined;
  let found = placesOf((run) => {
    const value = valueOf(field, run.words);
    return (
      (value !== undefined && isSameValue(field, value, savedValue)) ||
      (TEXT_FIELDS.has(field) && isSameValue(field, run.text, savedValue))
    );
  });
  // A number printed glued to its sign (n°562044387, Nr.17): learned with what precedes it.
  if (found.length === 0 && GLUED_FIELDS.has(field)) {
    const saved = compact(savedValue);
    found = placesOf((run) => {
      const word = run.words[0]?.text ?? '';
      const glued = gluedPrefix(word, saved);
      if (run.words.length !== 1 || glued === undefined) return false;
      prefix ??= glued;
      return glued === prefix;
    });
  }
  // Nearest its label; by a label invoices print for the field before others (labelBias); a
  // value that words of a sentence follow ("… st. 1 Zakona o PDV-u") after one that ends its
  // phrase ("Poziv na broj: 1").
  const base = ({ run, anchor }: (typeof found)[number]) =>
    anchor === undefined ? Infinity : anchor.distance + (isInSentence(run) ? IN_SENTENCE : 0);
  // Only those a label's bias may bring first are looked up among the labels.
  const reach = Math.min(...found.map(base)) + OTHER_LABEL - OWN_LABEL;
  const scored = found.map((place) => {
    const distance = base(place);
    return {
      place,
      distance:
        place.anchor && distance <= reach
          ? distance + labelBias(field, place.anchor.words)
          : distance,
    };
  });
  const best = scored.sort((a, b) => a.distance - b.distance)[0]?.place;
  if (!best) return undefined;
  const { run, anchor } = best;
  const box = roundBox(run.box);
  return {
    ...(prefix !== undefined && { prefix }),
    ...(field === 'supplierName' && isWholePhrase(run, anchor?.words ?? []) && { whole: true }),
    ...(anchor && {
      anchor: { text: anchor.text, side: anchor.side, page: run.page, box: roundBox(anchor.box) },
      offset: {
        dx: round(run.box.x0 - anchor.box.x0),
        dy: round(run.box.y0 - anchor.box.y0),
        width: round(run.box.x1 - run.box.x0),
        height: round(run.box.y1 - run.box.y0),
      },
    }),
    page: run.page,
    box,
  };
}

/** The field's name among the labels invoices print (text/invoice-labels.ts). */
const LABEL_FIELD: Record<HintField, LabelField> = {
  invoiceNumber: 'invoiceNumber',
  issueDate: 'issueDate',
  dueDate: 'dueDate',
  netAmount: 'netAmount',
  vatAmount: 'vatAmount',
  totalAmount: 'totalAmount',
  amountDue: 'amountDue',
  currencyCode: 'currencyCode',
  iban: 'iban',
  bic: 'bic',
  reference: 'reference',
  vatId: 'vatId',
  supplierName: 'seller',
};
/** How much nearer a field's own label counts, and how much further another field's. */
const OWN_LABEL = -0.2;
const OTHER_LABEL = 0.1;

/** Each field's label matcher, made once (not global: test keeps no lastIndex). */
const matchers = new Map<LabelField, RegExp>();
function matcherOf(field: LabelField): RegExp {
  let matcher = matchers.get(field);
  if (!matcher) {
    matcher = new RegExp(labelMatcher(field).source, 'iu');
    matchers.set(field, matcher);
  }
  return matcher;
}

/** How much nearer or further than it stands a label counts: by whose label it is. */
function labelBias(field: HintField, words: readonly LayoutWord[]): number {
  const text = words.map((w) => w.text).join(' ');
  const isLabelOf = (f: LabelField) => matcherOf(f).test(text);
  if (isLabelOf(LABEL_FIELD[field])) return OWN_LABEL;
  const others = LABEL_FIELDS.filter((f) => f !== LABEL_FIELD[field] && f !== 'buyer');
  return others.some(isLabelOf) ? OTHER_LABEL : 0;
}

/** How much further than its label a value in a sentence counts as standing (page heights). */
const IN_SENTENCE = 0.1;

/** Whether words with letters follow the run in its phrase. */
const isInSentence = (run: Run) =>
  run.phrase.words.slice(run.start + run.words.length).some((w) => /\p{L}{2}/u.test(w.text));

/** Fields whose value may be printed glued to a sign before it. */
const GLUED_FIELDS: ReadonlySet<HintField> = new Set(['invoiceNumber', 'reference']);

/** What a word has before the value it ends with (a few signs, no digit), if it does. */
function gluedPrefix(word: string, value: string): string | undefined {
  const cut = word.length - value.length;
  if (cut < 1 || cut > 6 || word.slice(cut).toUpperCase() !== value) return undefined;
  const prefix = word.slice(0, cut);
  return /\d/u.test(prefix) ? undefined : prefix;
}

/** A run's words with the glued prefix taken off its first word (undefined: not printed so). */
function withoutPrefix(
  words: readonly LayoutWord[],
  prefix: string | undefined,
): readonly LayoutWord[] | undefined {
  const [first, ...rest] = words;
  if (prefix === undefined || !first) return words;
  if (!first.text.startsWith(prefix) || first.text.length <= prefix.length) return undefined;
  return [{ ...first, text: first.text.slice(prefix.length) }, ...rest];
}

/** The pages' source: words a text layer placed are sure, OCR's carry their own confidence. */
const sourceOf = (pages: readonly LayoutPage[]): CaptureSource =>
  pages.some((p) => p.words.some((w) => w.confidence < 1)) ? 'ocr' : 'text';

/**
 * A field of a supplier's new document read where the hint says its value stood: by the
 * anchor found again (ANCHORED_CONFIDENCE), else by the box on the page (BOX_ONLY_CONFIDENCE).
 */
export function readByHint(
  pages: readonly LayoutPage[],
  field: HintField,
  hint: LayoutHint,
  source: CaptureSource = sourceOf(pages),
): FoundValue | undefined {
  const laid = pages.map((page) => ({ page, lines: linesOf(page) }));
  const { anchor, offset } = hint;
  if (anchor && offset) {
    const anchors = laid
      .flatMap(({ page, lines }) =>
        runsOf(lines)
          .filter((run) => normalise(run.text) === anchor.text)
          .map((run) => ({ run, page, lines })),
      )
      .map((a) => ({
        ...a,
        distance:
          (a.page.page === anchor.page ? 0 : 10) +
          Math.hypot((a.run.box.x0 - anchor.box.x0) * a.page.aspect, a.run.box.y0 - anchor.box.y0),
      }))
      .sort((a, b) => a.distance - b.distance);
    for (const { run, page, lines } of anchors.slice(0, 5)) {
      const expected = {
        x0: run.box.x0 + offset.dx,
        y0: run.box.y0 + offset.dy,
        x1: run.box.x0 + offset.dx + offset.width,
        y1: run.box.y0 + offset.dy + offset.height,
      };
      const value = valueAt(lines, page.aspect, field, expected, {
        side: anchor.side,
        after: anchor.side === 'left' ? run.box.x1 : undefined,
        exclude: run.words,
        prefix: hint.prefix,
        whole: hint.whole,
      });
      if (value)
        return {
          value: value.value,
          confidence: ANCHORED_CONFIDENCE,
          source,
          box: boxOf(value.words),
        };
    }
  }
  const page = laid.find((p) => p.page.page === hint.page);
  if (!page) return undefined;
  const value = valueAt(page.lines, page.page.aspect, field, hint.box, {
    side: anchor?.side ?? 'above',
    exclude: [],
    prefix: hint.prefix,
    whole: hint.whole,
  });
  return value
    ? { value: value.value, confidence: BOX_ONLY_CONFIDENCE, source, box: boxOf(value.words) }
    : undefined;
}

/** A run that is its phrase, whole: from its start (or its label) to its end. */
function isWholePhrase(run: Run, exclude: readonly LayoutWord[]): boolean {
  const before = run.phrase.words[run.start - 1];
  return (
    run.start + run.words.length === run.phrase.words.length &&
    (before === undefined || exclude.includes(before))
  );
}

/**
 * The value of a field among the words at a place: on the line of the expected box, over or
 * near it, and for a value right of its label anywhere further right (a longer value). The
 * run nearest the box's left or right edge (left- or right-aligned values), of the most alike
 * width, is taken.
 */
function valueAt(
  lines: readonly Line[],
  aspect: number,
  field: HintField,
  expected: Box,
  place: {
    side: 'left' | 'above';
    after?: number;
    exclude: readonly LayoutWord[];
    prefix?: string;
    whole?: true;
  },
): { value: string; words: LayoutWord[] } | undefined {
  const height = expected.y1 - expected.y0;
  const width = expected.x1 - expected.x0;
  const slack = Math.max(0.03, width);
  const reachRight = place.side === 'left' ? 1 : expected.x1 + slack;
  const candidates = runsOf(
    lines.filter(
      (line) =>
        Math.abs(middle(line) - middle(expected)) < Math.max(height, line.y1 - line.y0) * 0.6,
    ),
  ).filter(
    (run) =>
      run.box.x1 > expected.x0 - slack &&
      run.box.x0 < reachRight &&
      (place.after === undefined || run.box.x0 >= place.after - 0.002) &&
      !run.words.some((w) => place.exclude.includes(w)) &&
      Math.abs(middle(run.box) - middle(expected)) <
        Math.max(height, run.box.y1 - run.box.y0) * 0.6 &&
      (!place.whole || isWholePhrase(run, place.exclude)),
  );
  let best: { value: string; words: LayoutWord[]; score: number } | undefined;
  for (const run of candidates) {
    const words = withoutPrefix(run.words, place.prefix);
    if (!words) continue;
    const value = valueOf(field, words) ?? printedValueOf(field, words);
    if (value === undefined) continue;
    const edge = Math.min(Math.abs(run.box.x0 - expected.x0), Math.abs(run.box.x1 - expected.x1));
    const score =
      edge * aspect +
      Math.abs(run.box.x1 - run.box.x0 - width) * aspect * 0.3 +
      Math.abs(middle(run.box) - middle(expected));
    if (!best || score < best.score) best = { value, words: run.words, score };
  }
  return best && { value: best.value, words: best.words };
}

/** The words as capture_layout keeps them: per page, [text, x0, y0, x1, y1] to 4 decimals. */
export interface CompactPage {
  page: number;
  aspect: number;
  words: [string, number, number, number, number][];
}

export function compactPages(pages: readonly LayoutPage[]): CompactPage[] {
  return pages.map((page) => ({
    page: page.page,
    aspect: round(page.aspect),
    words: page.words.map((w) => [w.text, round(w.x0), round(w.y0), round(w.x1), round(w.y1)]),
  }));
}

/** The words capture_layout kept, as pages again (a kept word is as sure as a text layer's). */
export function layoutPages(kept: unknown): LayoutPage[] {
  if (!Array.isArray(kept)) return [];
  return kept.flatMap((raw: unknown) => {
    const page = raw as Partial<CompactPage> | null;
    if (!page || typeof page.page !== 'number' || !Array.isArray(page.words)) return [];
    const n = page.page;
    const words = page.words.flatMap((w: unknown) => {
      if (!Array.isArray(w) || w.length < 5 || typeof w[0] !== 'string') return [];
      const [text, x0, y0, x1, y1] = w as [string, number, number, number, number];
      return [{ text, page: n, x0, y0, x1, y1, confidence: 1 }];
    });
    return [{ page: n, aspect: typeof page.aspect === 'number' ? page.aspect : 210 / 297, words }];
  });
}
