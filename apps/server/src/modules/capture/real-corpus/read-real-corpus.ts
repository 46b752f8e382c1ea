import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractText } from '../../documents/text/extract-text';
import { createLocalBlobStore } from '../../../plugins/storage/local-blob-store';
import type { OcrEngine } from '../ocr/ocr-engine';
import { readMainFile, type CaptureProvider, type FoundFields } from '../read-main-file';
import { judge, type Verdict } from './accuracy';
import { loadRealCorpus, type RealInvoice } from './real-corpus';

/**
 * The real corpus read as the capture job reads a document (issue 23): the text layer kept as
 * the upload keeps it, then readMainFile with the provider given, the invoice's buyer as the
 * organisation's own name. Shared by the accuracy test and bench/capture-real.bench.ts.
 */

export interface RealReading {
  invoice: RealInvoice;
  fields: FoundFields;
  /** The verdict on each expected value the text layer holds (the others are in notInText). */
  verdicts: Verdict[];
  /** Milliseconds the reading took (text extraction and capture). */
  ms: number;
}

/** An engine for readings that must not OCR (text PDFs with the 'text' provider). */
const NO_OCR: OcrEngine = {
  recognize: () => Promise.reject(new Error('no OCR in a text-layer reading')),
  close: () => Promise.resolve(),
};

export async function readRealCorpus(
  options: {
    provider?: CaptureProvider;
    ocr?: OcrEngine;
    filter?: (invoice: RealInvoice) => boolean;
  } = {},
): Promise<RealReading[]> {
  const corpus = (await loadRealCorpus()).filter(options.filter ?? (() => true));
  const root = await mkdtemp(path.join(os.tmpdir(), 'listina-real-corpus-'));
  try {
    const blobs = createLocalBlobStore({ root });
    const readings: RealReading[] = [];
    for (const invoice of corpus) {
      const bytes = await readFile(invoice.path);
      const { id } = await blobs.put(bytes);
      const started = performance.now();
      const text = await extractText('pdf', bytes);
      const reading = await readMainFile({ blob_id: id, mime: 'application/pdf', text }, blobs, {
        provider: options.provider ?? 'text',
        ocr: options.ocr ?? NO_OCR,
        buyerName: invoice.buyerName,
      });
      readings.push({
        invoice,
        fields: reading.fields,
        verdicts: judge(invoice.fields, reading.fields).filter(
          (v) => options.provider === 'ocr' || !invoice.notInText.includes(v.field),
        ),
        ms: performance.now() - started,
      });
    }
    return readings;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
