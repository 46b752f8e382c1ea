import { describe, expect, it } from 'vitest';
import {
  findTextHighlight,
  valueSpellings,
  type PageText,
  type TextItemLike,
} from './page-highlight';

/** An item of text at (x, y) in PDF user space, 12 points high, 6 points a character. */
const item = (str: string, x: number, y: number, hasEOL = true): TextItemLike => ({
  str,
  transform: [12, 0, 0, 12, x, y],
  width: str.length * 6,
  height: 12,
  hasEOL,
});

/** A 600 × 800 page: PDF user space has its origin at the bottom left. */
const page = (items: TextItemLike[]): PageText => ({
  items,
  width: 600,
  height: 800,
  toViewport: ([x1 = 0, y1 = 0, x2 = 0, y2 = 0]) => [x1, 800 - y1, x2, 800 - y2],
});

describe('finding a captured value on the page', () => {
  it('spells dates and amounts as invoices write them', () => {
    expect(valueSpellings('2026-03-05')).toContain('5.3.2026');
    expect(valueSpellings('2026-03-05')).toContain('05.03.2026');
    expect(valueSpellings('1234.50')).toEqual(
      expect.arrayContaining(['1234.50', '1.234,50', '1234,50', '1,234.50']),
    );
  });

  it('marks the part of the item that holds the value, in fractions of the page', () => {
    const rects = findTextHighlight(
      [page([item('RAČUN', 60, 700), item('Znesek: 1.234,50 EUR', 60, 600)])],
      '1234.50',
      undefined,
    );
    expect(rects).toHaveLength(1);
    const [rect] = rects;
    expect(rect?.page).toBe(1);
    // "Znesek: " is 8 characters of 20: the value starts 48 points further right.
    expect(rect?.x).toBeCloseTo((60 + 48) / 600);
    expect(rect?.width).toBeCloseTo((8 * 6) / 600);
    expect(rect?.y).toBeCloseTo((800 - 612) / 800);
  });

  it('joins a value split over items (an IBAN in groups), and ignores spaces', () => {
    const rects = findTextHighlight(
      [
        page([
          item('IBAN:', 60, 500, false),
          item('SI56 1920', 100, 500, false),
          item('0123 4567 892', 160, 500),
        ]),
      ],
      'SI56192001234567892',
      undefined,
    );
    expect(rects.map((rect) => rect.x * 600)).toEqual([100, 160]);
  });

  it('chooses the place nearest the offset capture gave, on a later page too', () => {
    const first = page([item('Total 121,00', 60, 700)]);
    const second = page([item('Skupaj 121,00', 60, 400)]);
    const near = (at: number) => findTextHighlight([first, second], '121.00', at)[0]?.page;
    expect(near(0)).toBe(1);
    // The first page's text is 13 characters and a line break long.
    expect(near(20)).toBe(2);
  });

  it('marks nothing when the page does not have the value', () => {
    expect(findTextHighlight([page([item('Nothing here', 60, 700)])], 'SI56', 0)).toEqual([]);
  });
});
