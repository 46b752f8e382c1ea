import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUYER, plannedInvoices } from '../../../../test/upload';
import { type PlannedDocument } from '../../demo/demo-document-plan';
import { renderInvoice } from '../../demo/demo-invoice-pdf';
import { profileSuppliers } from '../../demo/profile-suppliers';
import { readPages, type PageFileKind, type PageRaster } from '../pages/page-images';
import { scanOf } from '../test-scans';
import { createOcrEngine } from './ocr-engine';
import { ocrFields } from './ocr-fields';
import { prepareScan } from './scan-prep';

/**
 * OCR of scanned invoices (issue 7, source 4): a demo invoice rendered at 300 dpi, turned a
 * few degrees, grey and noisy, read back into its fields; and the ways it can fail, none of
 * them ending the process.
 */

const engine = createOcrEngine();
afterAll(() => engine.close());

const invoices = plannedInvoices('ocr-test', 12, profileSuppliers()).filter(
  (d) => d.referenceModel,
);

async function onlyPage(kind: PageFileKind, bytes: Buffer): Promise<PageRaster> {
  for await (const page of readPages(kind, bytes, {
    maxPages: 1,
    dpi: () => 300,
    maxRenderPixels: 12_000_000,
    maxImagePixels: 36_000_000,
    deadline: Date.now() + 30_000,
  }))
    return page;
  throw new Error('no page');
}

async function readScan(scan: Buffer, kind: PageFileKind = 'png') {
  const page = await onlyPage(kind, scan);
  const started = performance.now();
  const prepared = prepareScan(page);
  const lines = await engine.recognize(prepared.image, 60_000);
  const seconds = (performance.now() - started) / 1000;
  const fields = ocrFields([{ page: 1, lines, toPageBox: (box) => prepared.toPageBox(box) }]);
  return { fields, skew: prepared.skew, seconds };
}

const expected = (p: PlannedDocument) => ({
  invoiceNumber: p.number,
  issueDate: p.issueDate,
  dueDate: p.dueDate,
  totalAmount: (p.total / 100).toFixed(2),
  iban: p.iban,
  referenceModel: p.referenceModel,
  reference: p.reference,
});

describe('OCR of a scanned invoice', () => {
  it.each([
    { degrees: 3, noise: 40, dust: 0.002, format: 'png' as const },
    { degrees: -2, noise: 25, dust: 0.001, format: 'jpeg' as const },
  ])(
    'reads number, dates, total, IBAN and reference from a scan turned $degrees° ($format)',
    async ({ degrees, noise, dust, format }) => {
      const invoice = invoices[degrees > 0 ? 0 : 1];
      if (!invoice) throw new Error('no invoice planned');
      const pdf = await renderInvoice(invoice, BUYER);
      const scan = await scanOf(pdf.content, { degrees, noise, dust }, format);
      const { fields, skew, seconds } = await readScan(scan, format);
      console.info(`OCR of a 300 dpi page turned ${degrees}°: ${seconds.toFixed(2)} s`);
      expect(Math.abs(skew - degrees)).toBeLessThan(0.3);
      const values = Object.fromEntries(
        Object.keys(expected(invoice)).map((name) => [
          name,
          fields[name as keyof typeof fields]?.value,
        ]),
      );
      expect(values).toEqual(expected(invoice));
      for (const name of Object.keys(values)) {
        const found = fields[name as keyof typeof fields];
        expect(found?.source).toBe('ocr');
        // Lowered by Tesseract's confidence in the words: never above the text layer's.
        expect(found?.confidence, name).toBeGreaterThan(0.5);
        expect(found?.confidence).toBeLessThanOrEqual(0.97);
        expect(found?.box?.page).toBe(1);
      }
      // The IBAN of the payment block is on the left, about halfway down the page.
      const iban = fields.iban?.box;
      expect(iban?.x).toBeLessThan(0.5);
      expect(iban?.y).toBeGreaterThan(0.05);
    },
  );
});

describe('OCR failures', () => {
  it('refuses a model that is not gzip before a worker is made, and the process goes on', async () => {
    const bad = path.join(os.tmpdir(), `listina-bad-model-${process.pid}.gz`);
    writeFileSync(bad, 'not a model');
    const broken = createOcrEngine({ languages: ['slv'], modelFile: () => bad });
    const image = Buffer.from('P5\n1 1\n255\n\xff', 'latin1');
    await expect(broken.recognize(image, 10_000)).rejects.toMatchObject({
      code: 'errors.capture.ocrFailed',
    });
    await broken.close();
    rmSync(bad);
  });

  it('fails on an image Tesseract cannot read, then reads the next one', async () => {
    await expect(
      engine.recognize(Buffer.from('neither PGM nor PNG'), 30_000),
    ).rejects.toMatchObject({ code: 'errors.capture.ocrFailed' });
    const pdf = await renderInvoice(invoices[0] as PlannedDocument, BUYER);
    const { fields } = await readScan(await scanOf(pdf.content, { degrees: 0, noise: 0, dust: 0 }));
    expect(fields.invoiceNumber?.value).toBe(invoices[0]?.number);
  });

  it('stops a page past its time with a timeout, and starts afresh for the next', async () => {
    const pdf = await renderInvoice(invoices[1] as PlannedDocument, BUYER);
    const page = await onlyPage(
      'png',
      await scanOf(pdf.content, { degrees: 1, noise: 10, dust: 0 }),
    );
    const prepared = prepareScan(page);
    await expect(engine.recognize(prepared.image, 50)).rejects.toMatchObject({
      code: 'errors.capture.timeout',
    });
    const lines = await engine.recognize(prepared.image, 60_000);
    expect(lines.flat().length).toBeGreaterThan(50);
  });
});
