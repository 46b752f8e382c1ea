import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  captureSettled,
  createTestApp,
  soleMember,
  type TestApp,
  uploadedDocument,
} from '../../../test/factories';
import { BUYER, plannedInvoices } from '../../../test/upload';
import { type PlannedDocument } from '../demo/demo-document-plan';
import { renderInvoice } from '../demo/demo-invoice-pdf';
import { profileSuppliers } from '../demo/profile-suppliers';
import { pagesPdf, unicodePdf } from '../documents/text/test-pdfs';
import { latin2, pdfWithPicture, placeOnPage, qrPng, scanOf, upnText } from './test-scans';

/**
 * Capture from a main file's pages through the API (issue 7, sources 2 and 4): an upload that
 * is a UPN QR code fills the payment, a scanned PDF is read by OCR, a named provider reads
 * with that source only, and a PDF that cannot be opened says why on the document.
 */
let t: TestApp;
let headers: Record<string, string>;

const invoices = plannedInvoices('capture-sources-int', 10, profileSuppliers()).filter(
  (d) => d.referenceModel && d.dueDate,
);

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await soleMember(t, ['dataentry', 'accountant']));
});
afterAll(() => t.close());

const upload = async (content: Buffer, filename: string, type: string) =>
  (await uploadedDocument(t, headers, { filename, content, type })).key;

const settled = (key: string) => captureSettled(t, key, headers);

interface Result {
  source: string;
  sources: string[];
  fields: Record<string, { value: string; source: string; box?: { page: number } }>;
}

describe('capture from the pages of a main file', () => {
  it('fills the payment fields of a document whose main file is a UPN QR code', async () => {
    const p = invoices[0] as PlannedDocument;
    const [day, month, year] = [
      p.dueDate?.slice(8),
      p.dueDate?.slice(5, 7),
      p.dueDate?.slice(0, 4),
    ];
    const text = upnText(
      {
        amountCents: p.total,
        purposeCode: 'SUPP',
        purpose: `Plačilo računa ${p.number}`,
        dueDate: `${day ?? ''}.${month ?? ''}.${year ?? ''}`,
        iban: p.iban ?? '',
        reference: `${p.referenceModel ?? ''}${p.reference ?? ''}`,
        name: p.supplier.name,
        street: p.supplier.address,
        town: `${p.supplier.postCode} ${p.supplier.town}`,
      },
      { payer: false },
    );
    const png = await placeOnPage(await qrPng(latin2(text)), {
      width: 800,
      height: 500,
      x: 0.7,
      y: 0.5,
      degrees: 6,
    });
    const doc = await settled(await upload(png, 'upn.png', 'image/png'));
    expect(doc).toMatchObject({
      captureState: 'done',
      paymentIban: p.iban,
      totalAmount: (p.total / 100).toFixed(2),
      dueDate: p.dueDate,
      paymentReferenceModel: p.referenceModel,
      paymentReference: p.reference,
      paymentPurposeCode: 'SUPP',
      description: `Plačilo računa ${p.number}`,
    });
    const result = doc.captureResult as Result;
    expect(result.source).toBe('qr');
    expect(result.fields.iban).toMatchObject({ source: 'qr', box: { page: 1 } });
    expect(result.fields.supplierName?.value).toBe(p.supplier.name);
  }, 90_000);

  it('reads a scanned PDF by OCR; with the text provider named, it finds nothing', async () => {
    const p = invoices[1] as PlannedDocument;
    const pdf = await renderInvoice(p, BUYER);
    const scan = await scanOf(pdf.content, { degrees: 2.5, noise: 30, dust: 0.001 });
    const scanned = await pdfWithPicture(scan, { x: 0, y: 0, size: 595 });
    const key = await upload(scanned, 'sken.pdf', 'application/pdf');
    const doc = await settled(key);
    expect(doc).toMatchObject({
      captureState: 'done',
      number: p.number,
      issueDate: p.issueDate,
      dueDate: p.dueDate,
      totalAmount: (p.total / 100).toFixed(2),
      paymentIban: p.iban,
      paymentReferenceModel: p.referenceModel,
      paymentReference: p.reference,
    });
    const result = doc.captureResult as Result & { ocr: { pages: number[]; skew: number[] } };
    expect(result).toMatchObject({ source: 'ocr', sources: ['ocr'], ocr: { pages: [1] } });
    expect(Math.abs((result.ocr.skew[0] ?? 0) - 2.5)).toBeLessThan(0.3);
    expect(result.fields.invoiceNumber?.box?.page).toBe(1);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/doc/ocr',
      headers,
      payload: { documentKeys: [key], provider: 'text', ignoreWarnings: true },
    });
    expect(again.json()).toMatchObject({ queued: 1 });
    expect(await settled(key)).toMatchObject({
      captureState: 'failed',
      captureError: 'errors.capture.nothingFound',
    });
  }, 120_000);

  it('keeps the words of a scan for search: a word only in the scan finds its document', async () => {
    const pdf = await unicodePdf([
      'RAČUN 2026-0777',
      'Datum računa: 12.11.2026',
      'Dobavljeno: borovničevje in ribezovi grmi',
    ]);
    const scan = await scanOf(pdf, { degrees: 1.5, noise: 20, dust: 0.0005 });
    const scanned = await pdfWithPicture(scan, { x: 0, y: 0, size: 595 });
    const search = async (word: string) => {
      const res = await t.app.inject({
        url: `/api/doc?count=100&search=${encodeURIComponent(word)}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: TableRecord[] }>().items.map((d) => d.key);
    };
    expect(await search('borovničevje')).toEqual([]);

    const key = await upload(scanned, 'sken-grmi.pdf', 'application/pdf');
    expect(await settled(key)).toMatchObject({ captureState: 'done', number: '2026-0777' });
    expect(await search('borovničevje')).toEqual([key]);
    expect(await search('ribezovi grmi')).toEqual([key]);

    // Captured again, the scan is read from its pages, not from the words OCR kept.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/doc/ocr',
      headers,
      payload: { documentKeys: [key], provider: 'text', ignoreWarnings: true },
    });
    expect(again.json()).toMatchObject({ queued: 1 });
    expect(await settled(key)).toMatchObject({ captureError: 'errors.capture.nothingFound' });
    expect(await search('borovničevje')).toEqual([key]);
  }, 120_000);

  it('says on the document that an encrypted PDF cannot be read', async () => {
    const pdf = await unicodePdf(['RAČUN 2026-1'], 'secret');
    const doc = await settled(await upload(pdf, 'zaklenjen.pdf', 'application/pdf'));
    expect(doc).toMatchObject({
      captureState: 'failed',
      captureError: 'errors.capture.encryptedPdf',
      captureResult: null,
    });
  }, 60_000);

  it('says on the document that a corrupt PDF cannot be read', async () => {
    const whole = await unicodePdf(['RAČUN 2026-2']);
    // The header says PDF (the upload takes it), the rest is cut off half-way.
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const doc = await settled(await upload(cut, 'pokvarjen.pdf', 'application/pdf'));
    expect(doc.captureState).toBe('failed');
    expect(doc.captureError).toEqual(expect.stringMatching(/^errors\.capture\./));
  }, 60_000);

  it('reads a 500-page PDF within its page limit: the invoice on its first page found, no value from past page 3', async () => {
    const invoice = invoices[0] as PlannedDocument;
    const texts = [
      `Invoice no. ${invoice.number}`,
      ...Array.from({ length: 499 }, (_, i) => `Stran ${i + 2}`),
    ];
    const pdf = await pagesPdf(texts);
    const doc = await settled(await upload(pdf, 'dolg.pdf', 'application/pdf'));
    expect(doc).toMatchObject({ captureState: 'done', number: invoice.number });
    const result = doc.captureResult as Result;
    const pages = Object.values(result.fields).flatMap((f) => (f.box ? [f.box.page] : []));
    expect(pages.every((page) => page <= 3)).toBe(true);
  }, 120_000);
});
