import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, SAFE_PDFJS_OPTIONS, type PDFDocumentProxy } from '../../../lib/pdfjs';

/**
 * The text layer of a PDF with pdfjs-dist (stack.md: the legacy build in Node). pdfjs runs in
 * this thread with its fake worker, reads nothing but the bytes given and the CMaps it ships,
 * and loads no fonts: text needs none. A scanned page has no text layer and gives ''.
 */

const require = createRequire(import.meta.url);

/** Character maps of CJK fonts, read from the package's folder, never fetched. */
const CMAP_DIR = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'cmaps')}/`;

/** The text layer is read with pdf.js's own character maps (CJK fonts), nothing else. */
export const PDF_TEXT_OPTIONS = {
  ...SAFE_PDFJS_OPTIONS,
  cMapUrl: CMAP_DIR,
  cMapPacked: true,
};

export interface PdfLimits {
  maxChars: number;
  /** Reading stops at this instant (Date.now()); the pages read so far are kept. */
  deadline: number;
}

/**
 * The text of the pages in order, until maxChars or the deadline; '' for a PDF that does not
 * open (damaged, or encrypted with a password). A page that fails to read is passed over.
 */
export async function pdfText(content: Buffer, limits: PdfLimits): Promise<string> {
  // A copy: pdfjs may take over (detach) the buffer it is given.
  const task = getDocument({ ...PDF_TEXT_OPTIONS, data: new Uint8Array(content) });
  const texts: string[] = [];
  try {
    const pdf = await beforeDeadline(task.promise, limits.deadline);
    let length = 0;
    for (let n = 1; pdf && n <= pdf.numPages && length < limits.maxChars; n++) {
      const text = await beforeDeadline(pageText(pdf, n), limits.deadline);
      if (text === undefined) break;
      texts.push(text);
      length += text.length;
    }
  } catch {
    // Not a PDF pdfjs can open (InvalidPDFException, PasswordException): no text.
  } finally {
    await task.destroy();
  }
  return texts.join('\n');
}

async function pageText(pdf: PDFDocumentProxy, pageNumber: number): Promise<string> {
  try {
    const page = await pdf.getPage(pageNumber);
    const content = await page.getTextContent();
    page.cleanup();
    return content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('');
  } catch {
    // A damaged page: the others may still have text.
    return '';
  }
}

/**
 * The promise's value, or undefined once the deadline passes. pdfjs works in this thread, so
 * the deadline is seen between its steps, not inside a long one.
 */
async function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}
