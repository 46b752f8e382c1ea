import type { CAPTURE_PROVIDERS } from '@listina/contract';
import { readBlob, type BlobStore } from '../../plugins/storage/blob-store';
import { CaptureError, type CaptureErrorCode } from './capture-error';
import { extractEmbeddedXml, parseEInvoice, type CaptureProblem } from './einvoice/einvoice';
import { documentTypeCodeOf } from './text/document-kind';
import { EInvoiceError } from './einvoice/einvoice-error';
import type { OcrEngine } from './ocr/ocr-engine';
import { ocrFields, type OcrPage } from './ocr/ocr-fields';
import { prepareScan } from './ocr/scan-prep';
import { pageKindOf, readPages, type PageFileKind } from './pages/page-images';
import { readPaymentQr } from './qr/payment-qr';
import { qrFields, type LocatedQr, type QrCodeSummary } from './qr/qr-fields';
import { findQrCodes } from './qr/qr-scan';
import { readLayoutFields } from './layout/layout-fields';
import { ocrLayoutPage, readPdfWords, type LayoutPage } from './layout/page-words';
import {
  readTextFields,
  type CaptureSource,
  type FoundValue,
  type TextField,
} from './text/text-fields';

/**
 * A document's main file read by the sources of issue 7, in its order: the e-invoice (the XML
 * itself, or attached to a PDF/A-3), the payment QR codes on its first pages, the text layer
 * the upload kept (doc_file.text), and OCR of the pages that have no text layer. 'auto' tries
 * them all and merges their values field by field; a named provider reads with that one only.
 */

export type CaptureProvider = (typeof CAPTURE_PROVIDERS)[number];
export type CaptureField = TextField | 'supplierName' | 'description';
export type FoundFields = Partial<Record<CaptureField, FoundValue>>;

export interface MainFile {
  text: string;
  mime: string;
  blob_id: string;
}

/** What the sources found in the main file (all of doc.capture_result but the partner). */
export interface MainFileReading {
  /** The first source, in issue 7's order, whose values were kept. */
  source: CaptureSource | 'none';
  /** Every source whose values were kept, in that order. */
  sources: CaptureSource[];
  fields: FoundFields;
  /** The e-invoice's own format, schema verdict and problems, when it was one. */
  einvoice?: { format: string; valid: boolean; schemaErrors: string[]; problems: CaptureProblem[] };
  /**
   * What kind of document it is (UNTDID 1001: 380 invoice, 381 credit note…): as the e-invoice
   * says, else by the first title its text prints.
   */
  documentTypeCode?: string;
  /** Each payment QR code found, with what is wrong in it. */
  qr?: QrCodeSummary[];
  /** The pages OCR read, and the skew each was turned back by (degrees). */
  ocr?: { pages: number[]; skew: number[] };
  /** The words OCR read, line by line: the file's text for full-text search. */
  ocrText?: string;
  /** Why pages could not be read, when other sources found values all the same. */
  pageError?: CaptureErrorCode;
  /**
   * The words of the first pages with where they stand (text layer or OCR), which a
   * correction's layout is learned from (issue 23); not kept in doc.capture_result.
   */
  words?: LayoutPage[];
}

export interface CaptureLimits {
  /** Pages looked at for QR codes and OCR, from the first. */
  maxPages: number;
  /** A PDF page is rendered with at most this many pixels (A4 at 300 dpi has 8.7 million). */
  maxRenderPixels: number;
  /** An image with more pixels than a 600 dpi A4 scan is refused. */
  maxImagePixels: number;
  /** All the pages of a document within this long. */
  timeMs: number;
  /** One page's OCR within this long. */
  ocrPageMs: number;
}

export const CAPTURE_LIMITS: CaptureLimits = {
  maxPages: 3,
  maxRenderPixels: 12_000_000,
  maxImagePixels: 36_000_000,
  timeMs: 90_000,
  ocrPageMs: 45_000,
};

/** OCR reads 300 dpi best; a QR code's modules stay two pixels wide and more at 200. */
const OCR_DPI = 300;
const QR_DPI = 200;
/** A text layer from which fewer fields than this are read is read by OCR as well. */
const POOR_TEXT_FIELDS = 3;
/** A value below this confidence is marked for review (as the form marks it). */
const REVIEW_BELOW = 0.9;

export interface ReadOptions {
  provider: CaptureProvider;
  ocr: OcrEngine;
  /** Aborted when the worker stops: no further page is begun. */
  signal?: AbortSignal;
  /** The organisation's own name: the buyer, not the supplier, of what it captures. */
  buyerName?: string;
  limits?: Partial<CaptureLimits>;
}

interface Reading {
  source: CaptureSource;
  fields: FoundFields;
}

/**
 * Throws an EInvoiceError for an XML main file that is no readable e-invoice, and the
 * CaptureError of its pages when nothing at all was found and they could not be read.
 */
export async function readMainFile(
  main: MainFile,
  blobs: BlobStore,
  options: ReadOptions,
): Promise<MainFileReading> {
  const wants = (source: CaptureSource) =>
    options.provider === 'auto' || options.provider === source;
  const limits = { ...CAPTURE_LIMITS, ...options.limits };
  const readings: Reading[] = [];
  const extra: Partial<MainFileReading> = {};
  let bytes: Buffer | undefined;
  const content = async () => (bytes ??= await readBlob(blobs, main.blob_id));

  const isXml = main.mime === 'application/xml';
  if (wants('einvoice') && (isXml || main.mime === 'application/pdf')) {
    const invoice = await readEInvoice(isXml, await content());
    if (invoice) {
      readings.push({ source: 'einvoice', fields: invoice.fields });
      const { format, valid, schemaErrors, problems, documentTypeCode } = invoice;
      extra.einvoice = { format, valid, schemaErrors, problems };
      if (documentTypeCode) extra.documentTypeCode = documentTypeCode;
    }
  }
  // An XML file has no pages and no printed text: the e-invoice is all there is.
  if (isXml) return { ...merge(readings), ...extra };

  const kind = pageKindOf(main.mime);
  const nameOptions = { buyerName: options.buyerName };
  const textReadings: Reading[] = [];
  if (wants('text') && main.text) {
    // By where the words stand first (issue 23), then by the order of the flattened text.
    if (kind === 'pdf') {
      const words = await readPdfWords(await content(), {
        maxPages: limits.maxPages,
        deadline: Date.now() + limits.timeMs,
      });
      if (words.some((page) => page.words.length > 0)) {
        extra.words = words;
        textReadings.push({ source: 'text', fields: readLayoutFields(words, 'text', nameOptions) });
      }
    }
    textReadings.push({ source: 'text', fields: readTextFields(main.text, nameOptions) });
  }
  // A text layer that says next to nothing (a scan with a poor OCR layer of its own) is
  // read again by OCR, as a page without one is.
  const found = new Set(textReadings.flatMap((reading) => Object.keys(reading.fields)));
  const isTextPoor = found.size < POOR_TEXT_FIELDS;
  const pages =
    kind && (wants('qr') || wants('ocr'))
      ? await readPagesOf(kind, await content(), {
          isQrWanted: wants('qr'),
          // auto: only pages without a text layer (or a poor one), and not when an e-invoice
          // came with them.
          isOcrWanted: (hasText) =>
            options.provider === 'ocr' ||
            (options.provider === 'auto' && (!hasText || isTextPoor) && !extra.einvoice),
          ocr: options.ocr,
          limits,
          signal: options.signal,
        })
      : undefined;
  if (pages && wants('qr')) {
    const qr = qrFields(pages.codes);
    readings.push({ source: 'qr', fields: qr.fields });
    if (qr.codes.length > 0) extra.qr = qr.codes;
  }
  readings.push(...textReadings);
  if (pages && pages.ocrPages.length > 0) {
    const words = pages.ocrPages.map(ocrLayoutPage);
    extra.words ??= words;
    // OCR's words by their lines first (ocr-fields.ts: a misread letter spoils a label less
    // there), then by where they stand, for the labels and layouts that reader does not know.
    readings.push({ source: 'ocr', fields: ocrFields(pages.ocrPages, nameOptions) });
    readings.push({ source: 'ocr', fields: readLayoutFields(words, 'ocr', nameOptions) });
    extra.ocr = { pages: pages.ocrPages.map((page) => page.page), skew: pages.skews };
    extra.ocrText = pages.ocrPages
      .flatMap((page) => page.lines.map((line) => line.map((word) => word.text).join(' ')))
      .join('\n');
  }
  extra.documentTypeCode ??= documentTypeCodeOf(main.text || extra.ocrText || '');
  const reading = { ...merge(readings), ...extra };
  if (pages?.error) {
    if (reading.source === 'none') throw pages.error;
    reading.pageError = pages.error.code;
  }
  return reading;
}

async function readEInvoice(isXml: boolean, bytes: Buffer) {
  const xml = isXml ? bytes : await extractEmbeddedXml(bytes).catch(() => null);
  if (!xml) return undefined;
  try {
    return await parseEInvoice(xml);
  } catch (error) {
    // Not a readable e-invoice: an XML file has nothing else to read; a PDF has its pages.
    if (isXml || !(error instanceof EInvoiceError)) throw error;
    return undefined;
  }
}

interface PagePlan {
  isQrWanted: boolean;
  isOcrWanted: (hasText: boolean) => boolean;
  ocr: OcrEngine;
  limits: CaptureLimits;
  signal: AbortSignal | undefined;
}

interface PagesRead {
  codes: LocatedQr[];
  ocrPages: OcrPage[];
  skews: number[];
  /** Why the pages, or some of them, could not be read. */
  error?: CaptureError;
}

/** Each page rendered once, looked at for QR codes, then OCR'd when it is to be. */
async function readPagesOf(kind: PageFileKind, bytes: Buffer, plan: PagePlan): Promise<PagesRead> {
  const { limits } = plan;
  const deadline = Date.now() + limits.timeMs;
  const read: PagesRead = { codes: [], ocrPages: [], skews: [] };
  const pages = readPages(kind, bytes, {
    maxPages: limits.maxPages,
    dpi: (hasText) => (plan.isOcrWanted(hasText) ? OCR_DPI : QR_DPI),
    maxRenderPixels: limits.maxRenderPixels,
    maxImagePixels: limits.maxImagePixels,
    deadline,
  });
  try {
    let count = 0;
    for await (const page of pages) {
      count++;
      if (plan.isQrWanted) {
        for (const code of await findQrCodes(page)) {
          const payment = readPaymentQr(code.bytes, code.hasEci ? code.text : undefined);
          if (payment) read.codes.push({ payment, box: code.box });
        }
      }
      if (plan.isOcrWanted(page.hasText)) {
        const scan = prepareScan(page);
        const timeMs = Math.min(limits.ocrPageMs, deadline - Date.now());
        if (timeMs <= 0) throw new CaptureError('errors.capture.timeout');
        const lines = await plan.ocr.recognize(scan.image, timeMs);
        read.ocrPages.push({
          page: page.page,
          aspect: page.width / page.height,
          lines,
          toPageBox: (box) => scan.toPageBox(box),
        });
        read.skews.push(scan.skew);
      }
      if (plan.signal?.aborted) break;
    }
    if (count === 0 && Date.now() >= deadline) throw new CaptureError('errors.capture.timeout');
  } catch (error) {
    if (!(error instanceof CaptureError)) throw error;
    read.error = error;
  }
  return read;
}

/** The order values are merged in: a reference before its model, which goes with it. */
const MERGE_ORDER: readonly CaptureField[] = [
  'supplierName',
  'vatId',
  'iban',
  'bic',
  'invoiceNumber',
  'issueDate',
  'dueDate',
  'netAmount',
  'vatAmount',
  'totalAmount',
  'prepaidAmount',
  'roundingAmount',
  'amountDue',
  'currencyCode',
  'reference',
  'referenceModel',
  'purposeCode',
  'description',
];

/**
 * Field by field, the value of the earliest source (the more exact: an e-invoice, then a QR
 * code, then the text layer, then OCR) that is not marked for review; when every source's
 * is, the most confident. A reference keeps the model of the source it came from.
 */
function merge(
  readings: readonly Reading[],
): Omit<MainFileReading, 'einvoice' | 'qr' | 'ocr' | 'ocrText'> {
  const fields: FoundFields = {};
  for (const field of MERGE_ORDER) {
    const candidates = readings.flatMap((reading) => reading.fields[field] ?? []);
    const fromReference = fields.reference?.source;
    const paired =
      field === 'referenceModel' && fromReference
        ? readings.find((reading) => reading.source === fromReference)?.fields.referenceModel
        : undefined;
    const chosen =
      paired ??
      candidates.find((value) => value.confidence >= REVIEW_BELOW) ??
      candidates.reduce<FoundValue | undefined>(
        (best, value) => (best && best.confidence >= value.confidence ? best : value),
        undefined,
      );
    if (chosen) fields[field] = chosen;
  }
  const order: CaptureSource[] = ['einvoice', 'qr', 'text', 'ocr'];
  const kept = new Set(Object.values(fields).map((value) => value.source));
  const sources = order.filter((source) => kept.has(source));
  return { source: sources[0] ?? 'none', sources, fields };
}
