import type { FoundValue, PageBox } from '../capture-api';

/**
 * Where a captured value shows on the preview's pages (issue 7: selecting a field highlights
 * where it was found). QR codes and OCR give a box; a value read from the text layer is found
 * again among the page's text items (pdf.js getTextContent), its offset choosing between two
 * places that read the same.
 */

/** What highlighting needs of a pdf.js text item. */
export interface TextItemLike {
  str: string;
  /** [a, b, c, d, e, f]: the item's baseline origin is (e, f) in PDF user space. */
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

/** PDF user space [x1, y1, x2, y2] → the page at scale 1 ([x1, y1, x2, y2], top left origin). */
export type ToViewport = (rect: number[]) => number[];

export interface PageText {
  items: readonly TextItemLike[];
  /** The page's size at scale 1. */
  width: number;
  height: number;
  toViewport: ToViewport;
}

/** The highlight: rectangles on one page, in fractions of its width and height. */
export type Highlight = PageBox[];

const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** Ways an invoice writes a value capture keeps normalised: 2026-03-05, 1234.50, SI56… */
export function valueSpellings(value: string): string[] {
  const spellings = [value];
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (date) {
    const [, year = '', month = '', day = ''] = date;
    const days = [day, String(Number(day))];
    const months = [month, String(Number(month))];
    for (const separator of ['.', '/', '-'])
      for (const d of days) for (const m of months) spellings.push([d, m, year].join(separator));
  }
  const amount = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (amount) {
    const [, sign = '', whole = '', cents = ''] = amount;
    const grouped = (separator: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
    for (const [group, decimal] of [
      ['.', ','],
      ['', ','],
      [',', '.'],
      [' ', ','],
    ] as const)
      spellings.push(`${sign}${grouped(group)}${decimal}${cents}`);
  }
  return [...new Set(spellings.map(compact).filter((spelling) => spelling !== ''))];
}

interface CharAt {
  item: number;
  /** The character's index in the item's own text. */
  index: number;
  /** Where it is in the file's text as the server reads it (pages joined by a line break). */
  offset: number;
}

/** A page's text without spaces, each character knowing its item. */
function charsOf(items: readonly TextItemLike[], pageOffset: number) {
  let text = '';
  const chars: CharAt[] = [];
  let offset = pageOffset;
  items.forEach((item, itemIndex) => {
    [...item.str].forEach((char, index) => {
      if (!/\s/.test(char)) {
        text += char.toUpperCase();
        chars.push({ item: itemIndex, index, offset: offset + index });
      }
    });
    offset += item.str.length + (item.hasEOL ? 1 : 0);
  });
  return { text, chars, length: offset - pageOffset };
}

/** Item i's characters from..to as a rectangle on its page, in fractions. */
function rectOf(page: PageText, pageNumber: number, item: TextItemLike, from: number, to: number) {
  const [, , c = 0, d = 0, e = 0, f = 0] = item.transform;
  const size = item.height || Math.hypot(c, d);
  const length = Math.max(item.str.length, 1);
  const x1 = e + (item.width * from) / length;
  const x2 = e + (item.width * to) / length;
  // From a little under the baseline (descenders) to the font's height above it.
  const [a1 = 0, b1 = 0, a2 = 0, b2 = 0] = page.toViewport([x1, f - size * 0.2, x2, f + size]);
  return {
    page: pageNumber,
    x: Math.min(a1, a2) / page.width,
    y: Math.min(b1, b2) / page.height,
    width: Math.abs(a2 - a1) / page.width,
    height: Math.abs(b2 - b1) / page.height,
  };
}

/**
 * The rectangles of the text items that spell the value, on the page where it is nearest its
 * offset `at`; empty when no page has it.
 */
export function findTextHighlight(
  pages: readonly PageText[],
  value: string,
  at: number | undefined,
): Highlight {
  const spellings = valueSpellings(value);
  let best: { page: number; chars: CharAt[]; distance: number } | null = null;
  let pageOffset = 0;
  pages.forEach((page, pageIndex) => {
    const { text, chars, length } = charsOf(page.items, pageOffset);
    for (const spelling of spellings) {
      for (let i = text.indexOf(spelling); i !== -1; i = text.indexOf(spelling, i + 1)) {
        const found = chars.slice(i, i + spelling.length);
        const distance = at === undefined ? 0 : Math.abs((found[0]?.offset ?? 0) - at);
        if (!best || distance < best.distance) best = { page: pageIndex, chars: found, distance };
      }
    }
    pageOffset += length + 1;
  });
  const chosen = best as { page: number; chars: CharAt[] } | null;
  if (!chosen) return [];
  const page = pages[chosen.page];
  if (!page) return [];
  // One rectangle for each item the value runs through.
  const spans = new Map<number, { from: number; to: number }>();
  for (const char of chosen.chars) {
    const span = spans.get(char.item);
    if (span) span.to = char.index + 1;
    else spans.set(char.item, { from: char.index, to: char.index + 1 });
  }
  return [...spans].flatMap(([itemIndex, span]) => {
    const item = page.items[itemIndex];
    return item ? [rectOf(page, chosen.page + 1, item, span.from, span.to)] : [];
  });
}

/** The boxes a found value gives at once (QR, OCR); null when its text must be looked for. */
export function boxHighlight(found: FoundValue): Highlight | null {
  return found.box ? [found.box] : null;
}

/** A highlight's rectangle over its page, in percent: it scales with the page drawn. */
export function highlightStyle(rect: { x: number; y: number; width: number; height: number }) {
  const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;
  return {
    position: 'absolute',
    left: percent(rect.x),
    top: percent(rect.y),
    width: percent(rect.width),
    height: percent(rect.height),
    background: 'rgba(255, 213, 0, 0.35)',
    outline: '2px solid rgba(237, 108, 2, 0.9)',
    borderRadius: '2px',
    pointerEvents: 'none',
  } as const;
}

/**
 * Brings a highlight into view inside the preview's own scrolling box only: the page around
 * it, with the field being typed in, stays where it is (scrollIntoView would move it too).
 */
export function scrollIntoPanel(mark: Element) {
  for (let box = mark.parentElement; box; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if (box.scrollHeight <= box.clientHeight || !/(auto|scroll)/.test(overflowY)) continue;
    const markRect = mark.getBoundingClientRect();
    const boxRect = box.getBoundingClientRect();
    if (markRect.top < boxRect.top || markRect.bottom > boxRect.bottom)
      box.scrollTop += markRect.top - boxRect.top - box.clientHeight / 3;
    return;
  }
}
