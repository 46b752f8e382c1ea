import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFKit from 'pdfkit';

/**
 * A one-page A4 PDF of a few lines of text, for the files a merged PDF cannot show. It is
 * made with pdfkit because pdf-lib embeds TrueType fonts only with @pdf-lib/fontkit, which is
 * not installed, and the 14 standard PDF fonts have no č (WinAnsiEncoding lacks it).
 */

export interface TextPage {
  heading: string;
  lines: string[];
  note: string;
}

const require = createRequire(import.meta.url);

/**
 * Unicode TrueType fonts, first found wins: Liberation Sans comes with pdfjs-dist (a
 * dependency of the server, so always there); DejaVu Sans is on most Linux hosts.
 */
const FONT_PATHS: (() => string)[] = [
  () => require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf'),
  () => '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];

let font: Promise<Buffer | undefined> | undefined;

async function findFont(): Promise<Buffer | undefined> {
  for (const path of FONT_PATHS) {
    try {
      return await readFile(path());
    } catch {
      // Not installed here: try the next one.
    }
  }
  return undefined;
}

export async function textPagePdf(page: TextPage): Promise<Buffer> {
  font ??= findFont();
  return renderTextPage(page, await font);
}

/** The page in a Unicode font, or in Helvetica when there is none. */
export async function renderTextPage(page: TextPage, unicode: Buffer | undefined): Promise<Buffer> {
  // Helvetica's encoding lacks č and ć: without a Unicode font, letters are written without
  // their marks, on these pages only ("Račun" as "Racun").
  const text = unicode ? (value: string) => value : transliterate;
  const doc = new PDFKit({ size: 'A4', margin: 56, info: {} });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  if (unicode) doc.registerFont('body', unicode);
  doc.font(unicode ? 'body' : 'Helvetica');
  doc.fontSize(18).text(text(page.heading)).moveDown(0.8);
  doc.fontSize(12);
  for (const line of page.lines) doc.text(text(line));
  doc.moveDown(0.8).fillColor('#555555').text(text(page.note));
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Letters without their marks, and anything else outside printable ASCII as "?". */
export function transliterate(value: string): string {
  return value
    .replace(/[đĐ]/g, (letter) => (letter === 'đ' ? 'd' : 'D'))
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '?');
}
