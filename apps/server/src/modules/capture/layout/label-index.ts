import {
  LABEL_FIELDS,
  labelSource,
  labelsOf,
  titleAlternation,
  type LabelField,
} from '../text/invoice-labels';
import type { Phrase } from './layout-lines';

/**
 * Where labels stand in a page's phrases (issue 23): the labels of every language
 * (text/label-data), matched without regard to case and accents, each phrase read for all of
 * them at once. Where two labels overlap, the longer one is the label ("Invoice date" is no
 * "Invoice" followed by a date), whatever field it belongs to.
 */

export interface LabelHit {
  field: LabelField;
  phrase: Phrase;
  /** Character offsets of the label in the phrase's text. */
  start: number;
  end: number;
  /** Where its value may begin in the phrase's text: after the label's colon, "No." and the like. */
  valueStart: number;
  /** The label's own text as printed. */
  text: string;
  /** A label of one common word ("Total", "Date", "No.") is less telling than a longer one. */
  isWeak: boolean;
}

/** What may stand between a label and its value: a colon, "No.", "Nr.", "n°", "št.", "#". */
const AFTER_LABEL =
  /^[\s:.#°º*-]*(?:(?:no|nr|n|num|št|st|br|broj|number|nummer|numero)(?=[\s.°º:#])[.°º:#]?[\s:#]*)?(?:(?:le|am|on|by|until|bis|dne|do|du|vom|al|il|op|per|at)\s+)?/iu;

interface FieldPattern {
  field: LabelField;
  regex: RegExp;
}

/** A label of this many letters or fewer is one common word ("Total", "Datum", "Number"). */
const WEAK_LETTERS = 6;
/**
 * A label this short ("An", "De", "No") is a label only with its colon (or dot, for a
 * number's), or standing alone: inside a sentence it is a word.
 */
const SHORT_LETTERS = 3;
const PARTY_FIELDS: ReadonlySet<LabelField> = new Set(['seller', 'buyer']);
/** Fields whose short labels are words of a sentence too ("De", "An", "No"). */
const SHORT_NEEDS_MARK: ReadonlySet<LabelField> = new Set(['seller', 'buyer', 'invoiceNumber']);

let patterns: FieldPattern[] | undefined;

function fieldPatterns(): FieldPattern[] {
  patterns ??= LABEL_FIELDS.flatMap((field) => {
    // Longest first (labelsOf): an alternation takes the first alternative that matches.
    const labels = [...new Set(labelsOf(field).map((l) => l.text.trim()))].filter((l) =>
      /[\p{L}\p{N}]/u.test(l),
    );
    if (labels.length === 0) return [];
    const source = labels.map(labelSource).join('|');
    const regex = new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'giu');
    return [{ field, regex }];
  });
  return patterns;
}

/** The labels in a phrase, overlapping ones resolved to the longest. */
export function labelsIn(phrase: Phrase): LabelHit[] {
  const { text: printed } = phrase;
  const hits: LabelHit[] = [];
  for (const { field, regex } of fieldPatterns()) {
    regex.lastIndex = 0;
    for (let m = regex.exec(printed); m; m = regex.exec(printed)) {
      const start = m.index;
      const end = start + m[0].length;
      const rest = AFTER_LABEL.exec(printed.slice(end))?.[0] ?? '';
      const text = printed.slice(start, end);
      const letters = m[0].replace(/[^\p{L}\p{N}]/gu, '').length;
      const isAlone = printed.trim() === text.trim();
      const mark = PARTY_FIELDS.has(field) ? /^\s*:/u : /^\s*[:.#°º]/u;
      if (
        SHORT_NEEDS_MARK.has(field) &&
        letters <= SHORT_LETTERS &&
        !isAlone &&
        !mark.test(printed.slice(end))
      ) {
        if (m[0].length === 0) regex.lastIndex++;
        continue;
      }
      hits.push({
        field,
        phrase,
        start,
        end,
        valueStart: end + rest.length,
        text,
        isWeak: letters <= WEAK_LETTERS,
      });
      if (m[0].length === 0) regex.lastIndex++;
    }
  }
  hits.sort((p, q) => q.end - q.start - (p.end - p.start) || p.start - q.start);
  const kept: LabelHit[] = [];
  // A label inside brackets explains the one before it ("Netto (excl. USt.)"): no label.
  const brackets = [...printed.matchAll(/\([^)]*\)/gu)].map((m) => [
    m.index,
    m.index + m[0].length,
  ]);
  for (const hit of hits) {
    if (kept.some((k) => hit.start < k.end && k.start < hit.end)) continue;
    if (brackets.some(([from = 0, to = 0]) => hit.start > from && hit.end <= to)) continue;
    kept.push(hit);
  }
  return joinTotals(
    kept.sort((p, q) => p.start - q.start),
    printed,
  );
}

/**
 * Two labels side by side of which one is a bare total ("USt. Gesamt", "VAT total", "Total
 * VAT", "Net total"): one label, of the other's field.
 */
function joinTotals(hits: LabelHit[], printed: string): LabelHit[] {
  const joined: LabelHit[] = [];
  for (const hit of hits) {
    const last = joined[joined.length - 1];
    const isNext = last !== undefined && printed.slice(last.valueStart, hit.start).trim() === '';
    const isBareTotal = (h: LabelHit) => h.field === 'totalAmount' && h.isWeak;
    if (
      last &&
      isNext &&
      (isBareTotal(hit) || isBareTotal(last)) &&
      isBareTotal(hit) !== isBareTotal(last)
    ) {
      const field = isBareTotal(hit) ? last.field : hit.field;
      joined[joined.length - 1] = {
        ...last,
        field,
        end: hit.end,
        valueStart: hit.valueStart,
        text: printed.slice(last.start, hit.end),
        isWeak: false,
      };
    } else joined.push(hit);
  }
  return joined;
}

/** How long what stands between a label and its value is, at the start of `text`. */
export const afterLabel = (text: string): number | undefined => AFTER_LABEL.exec(text)?.[0].length;

let titles: RegExp | undefined;
/** German compounds of a title: Handelsrechnung, Beitragsrechnung, Warenrechnung. */
const COMPOUND_TITLE = /^\s*\p{L}{3,}rechnung(?![\p{L}\p{N}])/iu;

/** Where a document's title ("Invoice", "Rechnung", "Račun") that starts the text ends. */
export function titleAt(text: string): number | undefined {
  titles ??= new RegExp(`^\\s*${titleAlternation()}(?![\\p{L}\\p{N}])`, 'iu');
  const m = titles.exec(text) ?? COMPOUND_TITLE.exec(text);
  return m ? m[0].length : undefined;
}
