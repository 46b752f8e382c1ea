import { getDocument, type PDFPageProxy } from '../../../lib/pdfjs';
import { PDF_TEXT_OPTIONS } from '../../documents/text/pdf-text';
import type { OcrPage } from '../ocr/ocr-fields';
import type { PageBox } from '../text/text-fields';

/**
 * The words of a page with where they stand (issue 23): what the layout reader looks at to
 * find a value right of, below or before its label. A PDF's words come from pdf.js's text
 * items, which carry a position and a width; OCR's from Tesseract's word boxes. Either way a
 * word's box is in fractions of its page from the top left corner, as the preview highlights.
 */

export interface LayoutWord {
  text: string;
  /** 1 for the first page. */
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** How sure the reader is of the word, 0–1 (1 for a text layer). */
  confidence: number;
}

export interface LayoutPage {
  page: number;
  /** Width over height, to compare horizontal with vertical distances. */
  aspect: number;
  words: LayoutWord[];
}

export interface PdfWordLimits {
  maxPages: number;
  /** No page is begun after this instant (Date.now()). */
  deadline: number;
}

/** The words of a PDF's first pages; none for a PDF pdf.js cannot open or a scanned page. */
export async function readPdfWords(bytes: Buffer, limits: PdfWordLimits): Promise<LayoutPage[]> {
  const task = getDocument({ ...PDF_TEXT_OPTIONS, data: new Uint8Array(bytes) });
  const pages: LayoutPage[] = [];
  try {
    const pdf = await task.promise;
    const count = Math.min(pdf.numPages, limits.maxPages);
    for (let n = 1; n <= count && Date.now() < limits.deadline; n++) {
      const page = await pdf.getPage(n).catch(() => undefined);
      if (!page) continue;
      try {
        pages.push(await wordsOfPage(page, n));
      } catch {
        // A damaged page: the others may still have words.
      } finally {
        page.cleanup();
      }
    }
  } catch {
    // Not a PDF pdf.js opens: capture reads it by its other sources.
  } finally {
    await task.destroy();
  }
  return pages;
}

/** A run of text pdf.js placed, in page units from the top left. */
interface Run {
  text: string;
  x0: number;
  x1: number;
  /** The baseline. */
  base: number;
  size: number;
}

async function wordsOfPage(page: PDFPageProxy, n: number): Promise<LayoutPage> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: Run[] = [];
  const [va = 1, vb = 0, vc = 0, vd = -1, ve = 0, vf = 0] = viewport.transform;
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    // The item's matrix on the page as shown (a page turned by /Rotate turns its text back).
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform as number[];
    const ta = va * a + vc * b;
    const tb = vb * a + vd * b;
    const tc = va * c + vc * d;
    const td = vb * c + vd * d;
    // Text set upright only: a vertical margin note is no label and no value.
    if (ta <= 0 || Math.abs(tb) > ta * 0.2) continue;
    const size = Math.hypot(tc, td) || item.height || 1;
    const x0 = va * e + vc * f + ve;
    const base = vb * e + vd * f + vf;
    const length = item.width || size * item.str.length * 0.5;
    runs.push({ text: item.str, x0, x1: x0 + length, base, size });
  }
  const { width, height } = viewport;
  const words = wordsOfRuns(runs).map((w) => ({
    text: w.text,
    page: n,
    x0: w.x0 / width,
    x1: w.x1 / width,
    y0: (w.base - w.size * 0.8) / height,
    y1: (w.base + w.size * 0.2) / height,
    confidence: 1,
  }));
  return { page: n, aspect: width / height, words };
}

interface PlacedWord {
  text: string;
  x0: number;
  x1: number;
  base: number;
  size: number;
}

/**
 * Runs on one baseline joined and cut into words: some PDFs place each letter on its own,
 * others a whole line with its spaces. A gap wider than a fifth of the letters' height parts
 * two words even without a space between them.
 */
export function wordsOfRuns(runs: readonly Run[]): PlacedWord[] {
  const sorted = [...runs].sort((p, q) => p.base - q.base || p.x0 - q.x0);
  const lines: Run[][] = [];
  for (const run of sorted) {
    const line = lines.find((l) => {
      const first = l[0];
      return (
        first !== undefined &&
        Math.abs(first.base - run.base) < Math.min(first.size, run.size) * 0.4
      );
    });
    if (line) line.push(run);
    else lines.push([run]);
  }
  const words: PlacedWord[] = [];
  for (const line of lines) {
    line.sort((p, q) => p.x0 - q.x0);
    let current: PlacedWord | undefined;
    const close = () => {
      if (current && current.text.trim() !== '') words.push(current);
      current = undefined;
    };
    for (const run of line) {
      if (current && run.x0 - current.x1 > Math.max(run.size, current.size) * 0.2) close();
      const step = (run.x1 - run.x0) / Math.max(1, run.text.length);
      [...run.text].forEach((char, i) => {
        const x0 = run.x0 + step * i;
        if (/\s/u.test(char)) {
          close();
          return;
        }
        if (current) {
          current.text += char;
          current.x1 = x0 + step;
          current.size = Math.max(current.size, run.size);
        } else current = { text: char, x0, x1: x0 + step, base: run.base, size: run.size };
      });
    }
    close();
  }
  return words;
}

/** The box around words, as the preview highlights it. */
export function boxOf(words: readonly LayoutWord[]): PageBox | undefined {
  const [first] = words;
  if (!first) return undefined;
  const x0 = Math.min(...words.map((w) => w.x0));
  const y0 = Math.min(...words.map((w) => w.y0));
  const x1 = Math.max(...words.map((w) => w.x1));
  const y1 = Math.max(...words.map((w) => w.y1));
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  return {
    page: first.page,
    x: round(x0),
    y: round(y0),
    width: round(x1 - x0),
    height: round(y1 - y0),
  };
}

/** The words OCR read on a page, placed on it as a text layer's are. */
export function ocrLayoutPage(page: OcrPage): LayoutPage {
  const words = page.lines.flat().flatMap((word) => {
    const text = word.text.trim();
    if (text === '') return [];
    const box = page.toPageBox(word);
    return [
      {
        text,
        page: page.page,
        x0: box.x,
        y0: box.y,
        x1: box.x + box.width,
        y1: box.y + box.height,
        confidence: Math.max(0, Math.min(1, word.confidence / 100)),
      },
    ];
  });
  return { page: page.page, aspect: page.aspect ?? 210 / 297, words };
}
