import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import { getDocument } from '../../../lib/pdfjs';
import { describe, expect, it } from 'vitest';
import type { BundleDocument } from './bundle';
import { buildDownload } from './download';
import { PDF_MAX_BYTES } from './pdf-bundle';
import {
  bufferFile,
  collect,
  document,
  encryptedPdf,
  fixture,
  pdfOfPages,
  tiffOf,
} from './test-inputs';

async function merged(documents: BundleDocument[], locale?: 'sl' | 'en-gb') {
  const bundle = await buildDownload('pdf', documents, { locale });
  expect(bundle.contentType).toBe('application/pdf');
  return collect(bundle.stream);
}

/** The image the page draws, if it draws one rather than only text. */
function imageOf(page: PDFPage): PDFRawStream | undefined {
  const objects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return (objects?.values() ?? [])
    .map((ref) => page.doc.context.lookup(ref))
    .find(
      (object): object is PDFRawStream =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    );
}

const hasImage = (page: PDFPage) => imageOf(page) !== undefined;

/** The text of each page, as a reader extracts it. */
async function pageTexts(pdf: Buffer): Promise<string[]> {
  const loaded = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= loaded.numPages; n++) {
    const content = await (await loaded.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await loaded.destroy();
  return texts;
}

describe('merged PDF download', () => {
  it('copies PDF pages and gives each image and other file a page, in order', async () => {
    const invoice = fixture('eslog20_constructed_minimal_invoice.xml');
    const documents = [
      document(
        'Račun 1',
        [bufferFile('a.pdf', 'pdf', await pdfOfPages('first', 'second'))],
        [bufferFile('priloga.png', 'png', fixture('sample.png'))],
      ),
      document('Račun 2', [bufferFile('foto.png', 'png', fixture('sample.png'))]),
      document('Račun 3', [bufferFile('foto.jpg', 'jpeg', fixture('sample.jpg'))]),
      document('Račun 4', [bufferFile('sken.tif', 'tiff', fixture('sample.tif'))]),
      document('Račun 5', [bufferFile('e-račun čšž.xml', 'einvoice-xml', invoice)]),
      document('Račun 6', [bufferFile('pismo.docx', 'docx', fixture('sample.docx'))]),
    ];
    const pdf = await merged(documents);
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getPageCount()).toBe(2 + 1 + 1 + 1 + 1 + 1);
    expect(loaded.getPages().map(hasImage)).toEqual([false, false, true, true, true, false, false]);
    const texts = await pageTexts(pdf);
    expect(texts[0]).toContain('first');
    expect(texts[1]).toContain('second');
    expect(texts[5]).toContain('Račun 5');
    expect(texts[5]).toContain('e-račun čšž.xml');
    expect(texts[5]).toContain('XML (e-SLOG, UBL, CII)');
    expect(texts[5]).toContain('cannot be shown in a PDF');
    expect(texts[6]).toContain('DOCX');
  });

  it('puts an image on an A4 page, turned for landscape, inside the margins', async () => {
    const wide = tiffOf({
      width: 40,
      height: 20,
      photometric: 1,
      bitsPerSample: [8],
      strips: [Buffer.alloc(800, 200)],
    });
    const pdf = await merged([document('1', [bufferFile('wide.tif', 'tiff', wide)])]);
    const [page] = (await PDFDocument.load(pdf)).getPages();
    expect(page?.getSize()).toEqual({ width: 841.89, height: 595.28 });
    const image = page && imageOf(page);
    expect(image?.dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceGray'));
    expect(image?.dict.get(PDFName.of('Width'))?.toString()).toBe('40');
    expect(inflateSync(image?.contents ?? new Uint8Array())).toEqual(Buffer.alloc(800, 200));
  });

  it('names a TIFF it cannot decode on a page of its own, in the reader’s language', async () => {
    const lzw = tiffOf({
      width: 4,
      height: 4,
      photometric: 1,
      bitsPerSample: [8],
      compression: 5,
      strips: [Buffer.alloc(16)],
    });
    const pdf = await merged([document('Žaga', [bufferFile('sken.tif', 'tiff', lzw)])], 'sl');
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getPages().map(hasImage)).toEqual([false]);
    const [text] = await pageTexts(pdf);
    expect(text).toContain('Žaga');
    expect(text).toContain('sken.tif');
    expect(text).toContain('TIFF');
    expect(text).toContain('Te datoteke ni mogoče prikazati v PDF-ju.');
  });

  it('adds a page for a document without a main file', async () => {
    const documents = [
      document('1', [bufferFile('a.pdf', 'pdf', await pdfOfPages('one'))]),
      document('Brez', [], [bufferFile('priloga.pdf', 'pdf', await pdfOfPages('x'))]),
    ];
    const pdf = await merged(documents);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
    expect((await pageTexts(pdf))[1]).toContain('This document has no main file.');
  });

  it('refuses documents none of which has a main file', async () => {
    const documents = [document('1', []), document('2026/2', [])];
    await expect(buildDownload('pdf', documents, {})).rejects.toMatchObject({
      code: 'download.noMainFile',
      parameters: ['1, 2026/2'],
    });
  });

  it('refuses an encrypted PDF, naming the file and its document', async () => {
    const documents = [
      document('1', [bufferFile('a.pdf', 'pdf', await pdfOfPages('one'))]),
      document('2026/2', [bufferFile('zaklenjen.pdf', 'pdf', await encryptedPdf())]),
    ];
    await expect(buildDownload('pdf', documents, {})).rejects.toMatchObject({
      statusCode: 400,
      code: 'download.unreadablePdf',
      parameters: ['zaklenjen.pdf', '2026/2'],
    });
  });

  it('refuses a damaged PDF', async () => {
    const damaged = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF');
    await expect(
      buildDownload('pdf', [document('3', [bufferFile('pokvarjen.pdf', 'pdf', damaged)])], {}),
    ).rejects.toMatchObject({
      code: 'download.unreadablePdf',
      parameters: ['pokvarjen.pdf', '3'],
    });
  });

  it('refuses more than it merges in memory, before reading anything', async () => {
    const big = { ...bufferFile('a.pdf', 'pdf', Buffer.alloc(0)), size: PDF_MAX_BYTES + 1 };
    await expect(buildDownload('pdf', [document('1', [big])], {})).rejects.toMatchObject({
      code: 'download.pdfTooLarge',
      parameters: [201, 200],
    });
    expect(big.opened).toBe(0);
  });
});
