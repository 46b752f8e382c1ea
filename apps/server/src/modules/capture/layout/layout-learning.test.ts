import { describe, expect, it } from 'vitest';
import {
  ANCHORED_CONFIDENCE,
  BOX_ONLY_CONFIDENCE,
  compactPages,
  isLayoutHint,
  layoutPages,
  learnHint,
  readByHint,
} from './layout-learning';
import type { LayoutPage, LayoutWord } from './page-words';

/**
 * Learning where a supplier prints a field from one correction (issue 23): the hint learned
 * from the first invoice's words reads the next one's, by its label found again or by its box.
 */

const ASPECT = 210 / 297;
/** A letter's width and a line's height, in fractions of the page. */
const CHAR = 0.008;
const HEIGHT = 0.012;

/** Phrases placed on a line: [x, text], each text's words a space apart. */
function line(y: number, ...phrases: [number, string][]): LayoutWord[] {
  return phrases.flatMap(([x, text]) => {
    let at = x;
    return text.split(' ').map((word) => {
      const placed = {
        text: word,
        page: 1,
        x0: at,
        y0: y,
        x1: at + word.length * CHAR,
        y1: y + HEIGHT,
      };
      at = placed.x1 + CHAR;
      return { ...placed, confidence: 1 };
    });
  });
}

const page = (...lines: LayoutWord[][]): LayoutPage[] => [
  { page: 1, aspect: ASPECT, words: lines.flat() },
];

/** A letterhead and a buyer block, as every page of the supplier has them. */
const head = (down = 0) => [
  line(0.05 + down, [0.1, 'Muster Handel GmbH'], [0.6, 'Rechnung']),
  line(0.08 + down, [0.1, 'Hauptstraße 1, 10115 Berlin']),
  line(0.12 + down, [0.1, 'Kupec d.o.o.']),
];

describe('a hint learned from one correction', () => {
  it('reads a value right of its label on the next invoice', () => {
    const first = page(...head(), line(0.2, [0.1, 'Belegkennung:'], [0.3, 'X7-2026/17']));
    const hint = learnHint(first, 'invoiceNumber', 'X7-2026/17');
    expect(hint?.anchor).toMatchObject({ text: 'belegkennung', side: 'left' });
    const next = page(...head(), line(0.2, [0.1, 'Belegkennung:'], [0.3, 'X7-2026/18']));
    const read = hint && readByHint(next, 'invoiceNumber', hint);
    expect(read).toMatchObject({
      value: 'X7-2026/18',
      confidence: ANCHORED_CONFIDENCE,
      source: 'text',
      box: { page: 1, x: 0.3, y: 0.2 },
    });
  });

  it('reads a value below its label, parsed as the field is kept', () => {
    const first = page(...head(), line(0.2, [0.6, 'Fällig am']), line(0.22, [0.6, '15.12.2026']));
    const hint = learnHint(first, 'dueDate', '2026-12-15');
    expect(hint?.anchor).toMatchObject({ text: 'fallig am', side: 'above' });
    const next = page(...head(), line(0.2, [0.6, 'Fällig am']), line(0.22, [0.6, '31.01.2027']));
    expect(hint && readByHint(next, 'dueDate', hint)).toMatchObject({
      value: '2027-01-31',
      confidence: ANCHORED_CONFIDENCE,
    });
  });

  it('finds its label again further down the page', () => {
    const first = page(...head(), line(0.2, [0.1, 'Belegkennung:'], [0.3, 'X7-17']));
    const hint = learnHint(first, 'invoiceNumber', 'X7-17');
    const next = page(
      ...head(0.15),
      line(0.3, [0.1, 'Ihre Bestellung vom 2.11.2026']),
      line(0.35, [0.1, 'Belegkennung:'], [0.3, 'X7-18']),
    );
    expect(hint && readByHint(next, 'invoiceNumber', hint)).toMatchObject({
      value: 'X7-18',
      confidence: ANCHORED_CONFIDENCE,
      box: { y: 0.35 },
    });
  });

  it('takes a longer value whole, and not the column after it', () => {
    const first = page(
      line(0.2, [0.1, 'Belegkennung:'], [0.3, 'R-1'], [0.6, 'Kunde:'], [0.7, 'K-77']),
    );
    const hint = learnHint(first, 'invoiceNumber', 'R-1');
    const next = page(
      line(0.2, [0.1, 'Belegkennung:'], [0.3, 'R-2026-000123'], [0.6, 'Kunde:'], [0.7, 'K-77']),
    );
    expect(hint && readByHint(next, 'invoiceNumber', hint)).toMatchObject({
      value: 'R-2026-000123',
    });
  });

  it('reads a value in the same phrase as its label', () => {
    const first = page(...head(), line(0.2, [0.1, 'Belegkennung: X7-17']));
    const hint = learnHint(first, 'invoiceNumber', 'X7-17');
    expect(hint?.anchor).toMatchObject({ text: 'belegkennung', side: 'left' });
    const next = page(...head(), line(0.25, [0.1, 'Belegkennung: X7-123']));
    expect(hint && readByHint(next, 'invoiceNumber', hint)).toMatchObject({
      value: 'X7-123',
      confidence: ANCHORED_CONFIDENCE,
    });
  });

  it('reads by the box alone, less sure, when the label is gone', () => {
    const first = page(...head(), line(0.2, [0.1, 'Belegkennung:'], [0.3, '1.234,56 EUR']));
    const hint = learnHint(first, 'totalAmount', '1234.56');
    expect(hint).toMatchObject({ anchor: { text: 'belegkennung' }, page: 1 });
    const next = page(...head(), line(0.2, [0.1, 'Summe:'], [0.3, '987,00 EUR']));
    expect(hint && readByHint(next, 'totalAmount', hint)).toMatchObject({
      value: '987.00',
      confidence: BOX_ONLY_CONFIDENCE,
    });
  });

  it('takes the label nearest where it was, when the page has it twice', () => {
    const first = page(
      ...head(),
      line(0.2, [0.1, 'Datum:'], [0.3, '01.12.2026']),
      line(0.5, [0.1, 'Zahlbar bis']),
      line(0.52, [0.1, 'Datum:'], [0.3, '15.12.2026']),
    );
    const hint = learnHint(first, 'dueDate', '2026-12-15');
    expect(hint?.anchor).toMatchObject({ text: 'datum', side: 'left' });
    const next = page(
      ...head(),
      line(0.22, [0.1, 'Datum:'], [0.3, '02.01.2027']),
      line(0.5, [0.1, 'Zahlbar bis']),
      line(0.54, [0.1, 'Datum:'], [0.3, '16.01.2027']),
    );
    expect(hint && readByHint(next, 'dueDate', hint)).toMatchObject({
      value: '2027-01-16',
      confidence: ANCHORED_CONFIDENCE,
    });
  });

  it('learns the place of a value printed twice by its label, not the bare one', () => {
    const first = page(
      line(0.3, [0.1, '2 x Beratung'], [0.7, '500,00']),
      line(0.6, [0.5, 'Gesamtbetrag'], [0.7, '500,00']),
    );
    const hint = learnHint(first, 'totalAmount', '500.00');
    expect(hint).toMatchObject({ anchor: { text: 'gesamtbetrag' }, box: { y0: 0.6 } });
  });

  it('reads a number printed glued to its sign, without the sign', () => {
    const first = page(...head(), line(0.2, [0.1, 'Facture n°562044387 du 02 Juillet 2015']));
    const hint = learnHint(first, 'invoiceNumber', '562044387');
    expect(hint).toMatchObject({ prefix: 'n°', anchor: { text: 'facture', side: 'left' } });
    const next = page(...head(), line(0.2, [0.1, 'Facture n°562051230 du 02 Août 2015']));
    expect(hint && readByHint(next, 'invoiceNumber', hint)).toMatchObject({
      value: '562051230',
      confidence: ANCHORED_CONFIDENCE,
    });
  });

  it('takes a label’s words without the digits that change (a period, an account)', () => {
    const first = page(
      ...head(),
      line(0.3, [0.1, 'DE75123456780000001234, BIC WELADED1MST, Sparkasse Ost']),
      line(0.4, [0.1, 'Leistung vom 01.01.2026 bis'], [0.4, '31.01.2026']),
    );
    const bic = learnHint(first, 'bic', 'WELADED1MST');
    expect(bic?.anchor).toMatchObject({ text: 'bic', side: 'left' });
    const until = learnHint(first, 'dueDate', '2026-01-31');
    expect(until?.anchor).toMatchObject({ text: 'bis', side: 'left' });
    const next = page(
      ...head(),
      line(0.32, [0.1, 'DE75123456780000001234, BIC WELADED1MST, Sparkasse Ost']),
      line(0.42, [0.1, 'Leistung vom 01.02.2026 bis'], [0.4, '28.02.2026']),
    );
    expect(bic && readByHint(next, 'bic', bic)).toMatchObject({
      value: 'WELADED1MST',
      confidence: ANCHORED_CONFIDENCE,
    });
    expect(until && readByHint(next, 'dueDate', until)).toMatchObject({
      value: '2026-02-28',
      confidence: ANCHORED_CONFIDENCE,
    });
  });

  it('reads a name whole, however long, when it was its phrase', () => {
    const first = page(line(0.05, [0.1, 'Muster Handel GmbH'], [0.6, 'Rechnung']));
    const hint = learnHint(first, 'supplierName', 'Muster Handel GmbH');
    expect(hint).toMatchObject({ whole: true });
    const next = page(
      line(0.05, [0.1, 'Muster Handel und Söhne GmbH & Co. KG'], [0.6, 'Rechnung']),
    );
    expect(hint && readByHint(next, 'supplierName', hint)?.value).toBe(
      'Muster Handel und Söhne GmbH & Co. KG',
    );
  });

  it('says a value read from OCR words came from OCR', () => {
    const scanned = (words: LayoutWord[][]) =>
      page(...words).map((p) => ({
        ...p,
        words: p.words.map((w) => ({ ...w, confidence: 0.93 })),
      }));
    const first = scanned([...head(), line(0.2, [0.1, 'Belegkennung:'], [0.3, 'X7-17'])]);
    const hint = learnHint(first, 'invoiceNumber', 'X7-17');
    const next = scanned([...head(), line(0.2, [0.1, 'Belegkennung:'], [0.3, 'X7-18'])]);
    expect(hint && readByHint(next, 'invoiceNumber', hint)).toMatchObject({
      value: 'X7-18',
      source: 'ocr',
    });
  });

  it('learns a value printed twice by the label invoices print for its field', () => {
    const first = page(
      line(0.3, [0.1, 'Rb'], [0.2, 'Opis']),
      line(0.32, [0.1, '1'], [0.2, 'Izrada web stranice']),
      line(0.6, [0.1, 'Napomena: oslobođeno PDV-a temeljem članka 90. st. 1 Zakona o PDV-u']),
      line(0.7, [0.1, 'Poziv na broj:'], [0.4, '1']),
    );
    expect(learnHint(first, 'reference', '1')).toMatchObject({
      anchor: { text: 'poziv na broj', side: 'left' },
      box: { y0: 0.7 },
    });
  });

  it('learns nothing for a value that is not on the pages', () => {
    expect(learnHint(page(...head()), 'invoiceNumber', 'R-404')).toBeUndefined();
  });

  it('knows the shape of a stored hint', () => {
    const first = page(...head(), line(0.2, [0.1, 'Belegkennung:'], [0.3, 'X7-17']));
    const hint = learnHint(first, 'invoiceNumber', 'X7-17');
    expect(isLayoutHint(JSON.parse(JSON.stringify(hint)))).toBe(true);
    expect(isLayoutHint({ page: 1, box: { x0: 0, y0: 0, x1: 1, y1: 1 } })).toBe(true);
    expect(isLayoutHint({ page: 1, box: [0, 0, 1, 1] })).toBe(false);
    expect(isLayoutHint({ ...hint, offset: undefined })).toBe(false);
    expect(isLayoutHint(null)).toBe(false);
  });

  it('keeps words compact and reads them back', () => {
    const pages = page(...head(), line(0.2, [0.1, 'Belegkennung:'], [0.3, 'X7-17']));
    const kept = JSON.parse(JSON.stringify(compactPages(pages))) as unknown;
    expect((kept as { words: unknown[][] }[])[0]?.words[0]).toEqual([
      'Muster',
      0.1,
      0.05,
      0.148,
      0.062,
    ]);
    const back = layoutPages(kept);
    const hint = learnHint(back, 'invoiceNumber', 'X7-17');
    expect(hint && readByHint(back, 'invoiceNumber', hint)?.value).toBe('X7-17');
    expect(layoutPages(null)).toEqual([]);
  });
});
