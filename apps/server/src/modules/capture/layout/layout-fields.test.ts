import { describe, expect, it } from 'vitest';
import { readLayoutFields } from './layout-fields';
import type { LayoutPage, LayoutWord } from './page-words';

/**
 * Where the layout reader looks for a value below its label (issue 23): under the label, line
 * by line, but not past words that stand there and are not the value. The supplier invoice of
 * e2e/support/supplier-invoices.ts: its number under "Belegkennung", a label the reader does
 * not know, and its title "RECHNUNG" over a table whose first column is the lines' numbers.
 */

/** An A4 page's points: 595 × 842, text 10 points high, letters about half as wide. */
const WIDTH = 595;
const HEIGHT = 842;

/** A line of phrases, each at its x in points, on the line whose baseline is y points up. */
function line(y: number, ...phrases: [x: number, text: string][]): LayoutWord[] {
  return phrases.flatMap(([x, text]) => {
    let at = x;
    return text.split(' ').map((word) => {
      const x0 = at;
      const x1 = at + word.length * 5.5;
      at = x1 + 2.8;
      const top = HEIGHT - y - 10;
      return {
        text: word,
        page: 1,
        x0: x0 / WIDTH,
        x1: x1 / WIDTH,
        y0: top / HEIGHT,
        y1: (top + 10) / HEIGHT,
        confidence: 1,
      };
    });
  });
}

const page = (...lines: LayoutWord[][]): LayoutPage[] => [
  { page: 1, aspect: WIDTH / HEIGHT, words: lines.flat() },
];

const HEADER = [
  line(790, [50, 'Brennholz Kupfer GmbH']),
  line(760, [50, 'USt-IdNr. DE136695976']),
  line(700, [330, 'Belegkennung'], [450, 'BK-2026-0417']),
  line(684, [330, 'Rechnungsdatum'], [450, '14.11.2026']),
];

describe('a value below its label', () => {
  it('is not read past a table header that stands under a title: the line number is no invoice number', () => {
    const fields = readLayoutFields(
      page(
        ...HEADER,
        line(610, [50, 'RECHNUNG']),
        line(592, [50, 'Pos.'], [90, 'Bezeichnung'], [490, 'Betrag EUR']),
        line(576, [50, '1'], [90, 'Brennholz Buche, ofenfertig gespalten'], [500, '1.000,00']),
      ),
      'text',
    );
    expect(fields.invoiceNumber).toBeUndefined();
    expect(fields.issueDate?.value).toBe('2026-11-14');
  });

  it('is read under its label, also a line further down with nothing between', () => {
    const under = readLayoutFields(
      page(...HEADER, line(610, [50, 'Rechnungsnummer']), line(594, [50, 'BK-2026-0417'])),
      'text',
    );
    expect(under.invoiceNumber?.value).toBe('BK-2026-0417');
    const further = readLayoutFields(
      page(...HEADER, line(610, [50, 'Rechnungsnummer']), line(578, [50, 'BK-2026-0417'])),
      'text',
    );
    expect(further.invoiceNumber?.value).toBe('BK-2026-0417');
  });
});
