import type { LayoutPage, LayoutWord } from './page-words';

/**
 * A page's words as lines, and each line as phrases: the words that stand close together.
 * A gap wider than about a letter's height parts two phrases (a label and its value in the
 * next column, or two columns of a letterhead); a phrase is what the layout reader takes as a
 * label or as a value. Distances are in page heights: a horizontal one is a fraction of the
 * width times the page's aspect.
 */

export interface Phrase {
  page: number;
  words: LayoutWord[];
  /** The words joined by single spaces. */
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Index of its line on the page, top first. */
  line: number;
}

export interface Line {
  page: number;
  aspect: number;
  phrases: Phrase[];
  y0: number;
  y1: number;
}

/** A gap between words wider than this many word heights parts phrases. */
const PHRASE_GAP = 0.9;

const middle = (w: { y0: number; y1: number }) => (w.y0 + w.y1) / 2;

export function linesOf(page: LayoutPage): Line[] {
  const words = [...page.words].sort((p, q) => middle(p) - middle(q) || p.x0 - q.x0);
  const groups: LayoutWord[][] = [];
  for (const word of words) {
    // The line whose middle this word's middle lies within half a height of.
    const group = groups.find((g) => {
      const last = g[g.length - 1];
      return (
        last !== undefined &&
        Math.abs(middle(last) - middle(word)) < Math.min(last.y1 - last.y0, word.y1 - word.y0) * 0.5
      );
    });
    if (group) group.push(word);
    else groups.push([word]);
  }
  const lines = groups
    .map((group) => group.sort((p, q) => p.x0 - q.x0))
    .sort((p, q) => middle(p[0] ?? { y0: 0, y1: 0 }) - middle(q[0] ?? { y0: 0, y1: 0 }));
  return lines.map((group, index) => {
    const phrases: Phrase[] = [];
    let current: LayoutWord[] = [];
    const close = () => {
      if (current.length > 0) phrases.push(phraseOf(page.page, current, index));
      current = [];
    };
    for (const word of group) {
      const last = current[current.length - 1];
      const height = Math.max(word.y1 - word.y0, last ? last.y1 - last.y0 : 0);
      if (last && (word.x0 - last.x1) * page.aspect > height * PHRASE_GAP) close();
      current.push(word);
    }
    close();
    return {
      page: page.page,
      aspect: page.aspect,
      phrases,
      y0: Math.min(...group.map((w) => w.y0)),
      y1: Math.max(...group.map((w) => w.y1)),
    };
  });
}

export function phraseOf(page: number, words: LayoutWord[], line: number): Phrase {
  return {
    page,
    words,
    text: words.map((w) => w.text).join(' '),
    x0: Math.min(...words.map((w) => w.x0)),
    y0: Math.min(...words.map((w) => w.y0)),
    x1: Math.max(...words.map((w) => w.x1)),
    y1: Math.max(...words.map((w) => w.y1)),
    line,
  };
}
