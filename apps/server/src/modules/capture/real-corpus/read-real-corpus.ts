import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractText } from '../../documents/text/extract-text';
import { createLocalBlobStore } from '../../../plugins/storage/local-blob-store';
import type { OcrEngine } from '../ocr/ocr-engine';
import { readMainFile, type CaptureProvider, type FoundFields } from '../read-main-file';
import { isHintField, learnHint, readByHint } from '../layout/layout-learning';
import type { LayoutPage } from '../layout/page-words';
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
  /** The pages' words, which a correction's layout is learned from. */
  words: LayoutPage[];
  /** Pages the reading looked at. */
  pages: number;
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
        words: reading.words ?? [],
        pages: Math.max(1, reading.words?.length ?? 0),
      });
    }
    return readings;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** A supplier's later invoice read after its first was corrected (issue 23's pairs). */
export interface LaterReading {
  invoice: RealInvoice;
  /** The first invoice of its supplier, whose corrections were learned. */
  first: RealInvoice;
  verdicts: Verdict[];
  /** No header field of it needs a change. */
  isTouchless: boolean;
}

/**
 * The second and later invoices of each supplier with more than one, read as capture reads
 * them after a user corrected the first: every header field the first reading got wrong or
 * missed is learned from its value on the first invoice (learnHint), and the later invoice's
 * field read by that hint (readByHint) where the hint finds it; the other fields as read.
 */
export function readLaterInvoices(readings: readonly RealReading[]): LaterReading[] {
  const bySupplier = new Map<string, RealReading[]>();
  for (const reading of readings)
    bySupplier.set(reading.invoice.supplier, [
      ...(bySupplier.get(reading.invoice.supplier) ?? []),
      ...[reading],
    ]);
  const later: LaterReading[] = [];
  for (const [first, ...rest] of bySupplier.values()) {
    if (!first || rest.length === 0) continue;
    const hints = first.verdicts.flatMap((verdict) => {
      if (verdict.right || !isHintField(verdict.field)) return [];
      const hint = learnHint(first.words, verdict.field, verdict.expected);
      return hint ? [{ field: verdict.field, hint }] : [];
    });
    for (const next of rest) {
      const fields = { ...next.fields };
      for (const { field, hint } of hints) {
        const found = readByHint(next.words, field, hint);
        if (found) fields[field] = found;
      }
      const verdicts = judge(next.invoice.fields, fields).filter(
        (v) => !next.invoice.notInText.includes(v.field),
      );
      later.push({
        invoice: next.invoice,
        first: first.invoice,
        verdicts,
        isTouchless: verdicts.every((v) => v.right),
      });
    }
  }
  return later;
}
