import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYER, plannedInvoices } from '../../../test/upload';
import { type PlannedDocument } from '../demo/demo-document-plan';
import { renderInvoice } from '../demo/demo-invoice-pdf';
import { profileSuppliers } from '../demo/profile-suppliers';
import type { BlobStore } from '../../plugins/storage/blob-store';
import { createLocalBlobStore } from '../../plugins/storage/local-blob-store';
import { unicodePdf } from '../documents/text/test-pdfs';
import { extractText } from '../documents/text/extract-text';
import { createOcrEngine } from './ocr/ocr-engine';
import { readMainFile, type CaptureProvider } from './read-main-file';
import { latin2, pdfWithPicture, placeOnPage, qrPng, upnText, type UpnPayee } from './test-scans';

/**
 * The sources of issue 7 together: in their order, merged field by field, or the one named;
 * and what a main file whose pages cannot be read ends in.
 */

let root: string;
let blobs: BlobStore;
const ocr = createOcrEngine();

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'listina-capture-'));
  blobs = createLocalBlobStore({ root });
});
afterAll(async () => {
  await ocr.close();
  await rm(root, { recursive: true, force: true });
});

const [invoice] = plannedInvoices('read-main-file', 8, profileSuppliers()).filter(
  (d) => d.referenceModel === 'SI12',
) as [PlannedDocument];

/** The invoice's own payment, as its UPN QR would hold it. */
const payee = (p: PlannedDocument): UpnPayee => ({
  amountCents: p.total,
  purposeCode: p.purposeCode ?? 'OTHR',
  purpose: `Račun ${p.number}`,
  dueDate: '',
  iban: p.iban ?? '',
  reference: `${p.referenceModel ?? ''}${p.reference ?? ''}`,
  name: p.supplier.name,
  street: p.supplier.address,
  town: `${p.supplier.postCode} ${p.supplier.town}`,
});

async function stored(content: Buffer, mime: string, text = '') {
  const { id } = await blobs.put(content);
  return { blob_id: id, mime, text };
}

/** The demo invoice with a UPN QR code printed at its bottom right, and its text layer. */
async function invoiceWithQr(qr: UpnPayee) {
  const pdf = await renderInvoice(invoice, BUYER);
  const png = await qrPng(latin2(upnText(qr, { payer: false })));
  const withQr = await pdfWithPicture(png, { x: 430, y: 90, size: 110 }, pdf.content);
  return stored(withQr, 'application/pdf', await extractText('pdf', withQr));
}

const read = (main: Awaited<ReturnType<typeof stored>>, provider: CaptureProvider = 'auto') =>
  readMainFile(main, blobs, { provider, ocr });

describe('reading a main file by every source', () => {
  it('takes the payment from the QR code and the rest from the text layer; no OCR', async () => {
    const reading = await read(await invoiceWithQr(payee(invoice)));
    expect(reading.source).toBe('qr');
    expect(reading.sources).toEqual(['qr', 'text']);
    expect(reading.fields).toMatchObject({
      iban: { value: invoice.iban, source: 'qr', confidence: 1 },
      // The code's amount is what is to be paid; the total is the one the text states.
      amountDue: { value: (invoice.total / 100).toFixed(2), source: 'qr' },
      totalAmount: { value: (invoice.total / 100).toFixed(2), source: 'text' },
      reference: { value: invoice.reference, source: 'qr' },
      referenceModel: { value: 'SI12', source: 'qr' },
      invoiceNumber: { value: invoice.number, source: 'text' },
      issueDate: { value: invoice.issueDate, source: 'text' },
      supplierName: { value: invoice.supplier.name, source: 'qr' },
      description: { value: `Račun ${invoice.number}`, source: 'qr' },
    });
    const box = reading.fields.iban?.box;
    expect(box?.page).toBe(1);
    expect(box?.x).toBeGreaterThan(0.6);
    expect(reading.fields.invoiceNumber?.at).toEqual(expect.any(Number));
    expect(reading.qr).toEqual([{ kind: 'upnqr', page: 1, problems: [] }]);
    expect(reading.ocr).toBeUndefined();
  });

  it('prefers the text layer’s IBAN to a QR code’s that fails its check digits', async () => {
    const wrong = { ...payee(invoice), iban: 'SI56020360253863407' };
    const reading = await read(await invoiceWithQr(wrong));
    expect(reading.fields.iban).toMatchObject({ value: invoice.iban, source: 'text' });
    expect(reading.fields.amountDue?.source).toBe('qr');
    expect(reading.qr?.[0]?.problems).toEqual([
      { field: 'iban', code: 'validation.iban.checksum', parameters: [] },
    ]);
  });

  it('reads with the named provider only', async () => {
    const main = await invoiceWithQr(payee(invoice));
    const text = await read(main, 'text');
    expect(text.sources).toEqual(['text']);
    expect(text.fields.iban?.source).toBe('text');
    const qr = await read(main, 'qr');
    expect(qr.sources).toEqual(['qr']);
    expect(qr.fields.invoiceNumber).toBeUndefined();
    expect(await read(main, 'einvoice')).toMatchObject({ source: 'none', fields: {} });
  });

  it('fills the payment of an image that is a UPN QR code', async () => {
    const png = await placeOnPage(await qrPng(latin2(upnText(payee(invoice)))), {
      width: 600,
      height: 600,
      x: 0.5,
      y: 0.5,
    });
    const reading = await read(await stored(png, 'image/png'));
    expect(reading).toMatchObject({
      source: 'qr',
      sources: ['qr'],
      fields: { iban: { value: invoice.iban }, purposeCode: { value: invoice.purposeCode } },
    });
  });

  it.each([
    [
      'an encrypted PDF',
      async () => stored(await unicodePdf(['Račun'], 'x'), 'application/pdf'),
      'errors.capture.encryptedPdf',
    ],
    [
      'a damaged image',
      async () => stored(Buffer.from('\x89PNG\r\n\x1a\nbroken'), 'image/png'),
      'errors.capture.unreadableImage',
    ],
  ])('ends %s in its error when nothing else was found', async (_name, make, code) => {
    await expect(read(await make())).rejects.toMatchObject({ code });
  });

  it('keeps what the text layer found when the pages time out', async () => {
    const main = await invoiceWithQr(payee(invoice));
    const reading = await readMainFile(main, blobs, {
      provider: 'auto',
      ocr,
      limits: { timeMs: 0 },
    });
    expect(reading).toMatchObject({ source: 'text', pageError: 'errors.capture.timeout' });
  });
});
