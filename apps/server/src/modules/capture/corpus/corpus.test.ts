import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../../plugins/storage/blob-store';
import { createLocalBlobStore } from '../../../plugins/storage/local-blob-store';
import { extractText } from '../../documents/text/extract-text';
import { createOcrEngine } from '../ocr/ocr-engine';
import { readMainFile, type CaptureProvider } from '../read-main-file';
import { buildCorpus, type CorpusItem } from './corpus';

/**
 * A small capture corpus read as the capture job reads it (issue 7's targets): every value of
 * its text-layer PDFs in all four layouts, its QR codes and its e-invoices is found; the
 * accuracy over a larger corpus, with scans, is bench/capture-accuracy.bench.ts's.
 */
let root: string;
let blobs: BlobStore;
const ocr = createOcrEngine();
let corpus: CorpusItem[];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'listina-corpus-'));
  blobs = createLocalBlobStore({ root });
  corpus = await buildCorpus('corpus-test', { text: 8, scans: 1, qr: 3, einvoices: 1 });
}, 60_000);
afterAll(async () => {
  await ocr.close();
  await rm(root, { recursive: true, force: true });
});

const PROVIDERS: Record<CorpusItem['source'], CaptureProvider> = {
  einvoice: 'einvoice',
  qr: 'qr',
  text: 'text',
  ocr: 'ocr',
};

/** Each expected value with what the item's own source read for it. */
async function readBack(item: CorpusItem) {
  const { id } = await blobs.put(item.content);
  const text = item.source === 'text' ? await extractText('pdf', item.content) : '';
  const reading = await readMainFile({ blob_id: id, mime: item.mime, text }, blobs, {
    provider: PROVIDERS[item.source],
    ocr,
  });
  return Object.fromEntries(
    Object.keys(item.expected).map((field) => [
      field,
      reading.fields[field as keyof typeof reading.fields]?.value,
    ]),
  );
}

describe('the capture corpus', () => {
  it('is the same for the same seed, with expected values for every item', async () => {
    const again = await buildCorpus('corpus-test', { text: 8, scans: 1, qr: 3, einvoices: 1 });
    const summary = (items: CorpusItem[]) =>
      items.filter((i) => i.source !== 'ocr').map((i) => [i.id, i.layout, i.expected]);
    expect(summary(again)).toEqual(summary(corpus));
    expect(new Set(corpus.map((i) => i.layout.split(' ')[0]))).toEqual(
      new Set([
        'demo-sl',
        'serif-sl',
        'ledger-en',
        'mono-en',
        'eslog20_constructed_minimal_invoice',
        'BIS3_Invoice_positive',
        'ubl-tc434-example1',
        'CII_example1',
      ]),
    );
    expect(new Set(corpus.map((i) => i.language))).toEqual(new Set(['sl', 'en']));
    for (const item of corpus) expect(Object.keys(item.expected).length).toBeGreaterThan(4);
  }, 60_000);

  it('gives every value of its text-layer PDFs, QR codes and e-invoices back', async () => {
    for (const item of corpus.filter((i) => i.source !== 'ocr')) {
      expect({ id: item.id, layout: item.layout, fields: await readBack(item) }).toEqual({
        id: item.id,
        layout: item.layout,
        fields: item.expected,
      });
    }
  }, 60_000);

  it('reads its scan, turned and noisy, by OCR', async () => {
    const [scan] = corpus.filter((i) => i.source === 'ocr') as [CorpusItem];
    const fields = await readBack(scan);
    expect(fields).toMatchObject({
      invoiceNumber: scan.expected.invoiceNumber,
      totalAmount: scan.expected.totalAmount,
      iban: scan.expected.iban,
    });
  }, 90_000);
});
