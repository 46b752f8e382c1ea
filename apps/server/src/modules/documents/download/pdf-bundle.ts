import type { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import { FILE_KINDS, kindLabel, type FileKind } from '../../files/file-kinds';
import { translate, type Locale } from '../../../plugins/i18n';
import { mainFiles, type BundleDocument, type BundleFile } from './bundle';
import { DownloadError } from './download-error';
import { addImagePage } from './pdf-images';
import { textPagePdf, type TextPage } from './text-page';

/**
 * One PDF of every document's main files, in order: PDF pages copied, each image on an A4
 * page of its own, and for what a PDF cannot show (e-invoice XML, Office files, TIFFs this
 * server cannot decode) a page that names the file, so that no document goes missing unseen.
 */

/** pdf-lib works in memory, several times the size of its input; this bounds one download. */
export const PDF_MAX_BYTES = 200 * 2 ** 20;

interface PdfContext {
  out: PDFDocument;
  locale: Locale;
  /** Bytes that may still be read before PDF_MAX_BYTES is reached. */
  budget: number;
}

export async function pdfBundle(
  documents: readonly BundleDocument[],
  { locale, now }: { locale: Locale; now: Date },
): Promise<Buffer> {
  const files = documents.flatMap(mainFiles);
  if (files.length === 0) {
    throw new DownloadError('download.noMainFile', [documents.map((d) => d.title).join(', ')]);
  }
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (bytes > PDF_MAX_BYTES) throw tooLarge(bytes);
  const out = await PDFDocument.create({ updateMetadata: false });
  out.setProducer('Listina');
  out.setCreationDate(now);
  out.setModificationDate(now);
  const context: PdfContext = { out, locale, budget: PDF_MAX_BYTES };
  for (const document of documents) {
    const main = mainFiles(document);
    if (main.length === 0) {
      const note = translate(locale, 'download.pageNoMainFile');
      await addTextPage(out, { heading: document.title, lines: [], note });
    }
    for (const file of main) await addFile(context, document, file);
  }
  return Buffer.from(await out.save());
}

async function addFile(context: PdfContext, document: BundleDocument, file: BundleFile) {
  if (file.kind === 'pdf') return addPdf(context.out, document, file, await readAll(context, file));
  if (file.kind === 'png' || file.kind === 'jpeg' || file.kind === 'tiff') {
    const bytes = await readAll(context, file);
    if (await addImagePage(context.out, file.kind, bytes)) return;
  }
  await addTextPage(context.out, {
    heading: document.title,
    lines: [file.name, isFileKind(file.kind) ? kindLabel(file.kind) : file.kind],
    note: translate(context.locale, 'download.pageNotShown'),
  });
}

async function addPdf(out: PDFDocument, document: BundleDocument, file: BundleFile, bytes: Buffer) {
  try {
    // pdf-lib refuses encrypted files itself; it cannot decrypt them, so their copied
    // pages would show nothing.
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    if (source.getPageCount() === 0) throw new Error('A PDF without pages');
    const pages = await out.copyPages(source, source.getPageIndices());
    for (const page of pages) out.addPage(page);
  } catch {
    throw new DownloadError('download.unreadablePdf', [file.name, document.title]);
  }
}

async function addTextPage(out: PDFDocument, content: TextPage) {
  const source = await PDFDocument.load(await textPagePdf(content));
  const [page] = await out.copyPages(source, [0]);
  if (page) out.addPage(page);
}

/**
 * The file in memory, in an ArrayBuffer of its own: pdf-lib's JPEG reader ignores a view's
 * offset, and Buffer.concat puts small results in Node's shared pool. The recorded size is
 * checked as the file is read, not trusted.
 */
async function readAll(context: PdfContext, file: BundleFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream: Readable = await file.open();
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    context.budget -= bytes.length;
    if (context.budget < 0) throw tooLarge(PDF_MAX_BYTES - context.budget);
    chunks.push(bytes);
  }
  const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return Buffer.from(whole.buffer);
}

const tooLarge = (bytes: number) =>
  new DownloadError('download.pdfTooLarge', [Math.ceil(bytes / 2 ** 20), PDF_MAX_BYTES / 2 ** 20]);

const isFileKind = (kind: string): kind is FileKind =>
  (FILE_KINDS as readonly string[]).includes(kind);
