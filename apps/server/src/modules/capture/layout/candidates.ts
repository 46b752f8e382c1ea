import type { LabelHit } from './label-index';
import { labelsIn } from './label-index';
import { linesOf, type Line, type Phrase } from './layout-lines';
import type { LayoutField } from './field-values';
import type { LayoutPage, LayoutWord } from './page-words';

/**
 * What the layout reader's parts share (issue 23): a page's lines with the labels on them,
 * and the values found for a field with what they are worth.
 */

/** Confidence of a value its label names, in the best of places. */
export const LABELLED = 0.97;
/** A value found by its shape alone. */
export const SHAPE_ONLY = 0.7;
/** A label of one common word ("Total", "Date") makes a value a little less certain. */
export const WEAK_LABEL = 0.95;

/** Where a value stood relative to its label, and how much that says. */
export const PLACE_SCORE = { rest: 1, right: 0.98, below: 0.95, left: 0.85 } as const;
export type Place = keyof typeof PLACE_SCORE;

export interface Candidate {
  field: LayoutField;
  value: string;
  words: LayoutWord[];
  /** 0–1: the label's and the place's worth. */
  score: number;
  hit?: LabelHit;
  place?: Place;
  /** For amounts: the currency printed with it. */
  currency?: string;
}

export interface Found {
  candidate: Candidate;
  confidence: number;
}

export interface PageLayout {
  lines: Line[];
  hits: LabelHit[];
}

/** The lines of each page and the labels on them. */
export function layoutOf(pages: readonly LayoutPage[]): PageLayout[] {
  return pages.map((page) => {
    const lines = linesOf(page);
    const hits = lines.flatMap((line) => line.phrases.flatMap(labelsIn));
    return { lines, hits };
  });
}

/** A candidate's confidence: its score (which has its label's and place's worth) if labelled. */
export const confidenceOf = (c: Candidate): number => (c.hit ? LABELLED * c.score : SHAPE_ONLY);

/** The candidate of the field with the best score; the first on the page on a tie. */
export function bestOf(
  candidates: readonly Candidate[],
  field: LayoutField,
): Candidate | undefined {
  let best: Candidate | undefined;
  for (const c of candidates) {
    if (c.field !== field) continue;
    if (!best || c.score > best.score + 1e-9) best = c;
  }
  return best;
}

/** The words of a phrase that the characters from..to of its text belong to. */
export function wordsAt(phrase: Phrase, from: number, to: number): LayoutWord[] {
  const words: LayoutWord[] = [];
  let at = 0;
  for (const word of phrase.words) {
    const end = at + word.text.length;
    if (end > from && at < to) words.push(word);
    at = end + 1;
  }
  return words;
}
