import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import PDFKit from 'pdfkit';

/** PDFs for the tests of extract-text.ts. Test code: nothing in the server imports it. */

const require = createRequire(import.meta.url);

export const fixture = (name: string): Buffer =>
  readFileSync(new URL(`../../files/fixtures/${name}`, import.meta.url));

/**
 * A page of lines in Liberation Sans, embedded: pdf-lib's standard fonts cannot write č, š or
 * ž and it embeds TrueType only with @pdf-lib/fontkit, which is not installed, so pdfkit
 * writes this one (with the font pdfjs-dist ships). A userPassword locks it.
 */
export function unicodePdf(lines: string[], userPassword?: string): Promise<Buffer> {
  const font = readFileSync(
    require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf'),
  );
  const doc = new PDFKit({ size: 'A4', info: {}, ...(userPassword ? { userPassword } : {}) });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', font).font('body').fontSize(12);
  for (const line of lines) doc.text(line);
  doc.end();
  return ended;
}

/** One page of Helvetica text (ASCII) for each text, made with pdf-lib. */
export async function pagesPdf(texts: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of texts) {
    pdf.addPage([400, 200]).drawText(text, { x: 20, y: 100, size: 12, font });
  }
  return Buffer.from(await pdf.save());
}

/** A scan: one page that only draws a PNG, with no text layer. */
export async function scannedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(fixture('sample.png'));
  pdf.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await pdf.save());
}
