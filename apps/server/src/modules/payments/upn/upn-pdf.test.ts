import { describe, expect, it } from 'vitest';
import { getDocument } from '../../../lib/pdfjs';
import { readPages, type PageRaster } from '../../capture/pages/page-images';
import { readPaymentQr } from '../../capture/qr/payment-qr';
import { findQrCodes } from '../../capture/qr/qr-scan';
import { readSymbols } from './test-symbols';
import { UpnError } from './upn-error';
import { UPN_FORM_LABELS, upnFormPdf } from './upn-pdf';
import type { UpnData } from './upn-payload';

const ORDER: UpnData = {
  payerName: 'Janez Kovač',
  payerAddress: 'Lepa cesta 10',
  payerTown: '2000 Maribor',
  amount: '1268.74',
  purposeCode: 'GDSV',
  purpose: 'Plačilo računa 2026-0042 za čiščenje',
  dueDate: '2026-12-16',
  recipientIban: 'SI56020360253863406',
  recipientReference: 'SI081236-17-345679',
  recipientName: 'Čistilni servis Žužek d.o.o.',
  recipientAddress: 'Šubičeva 2',
  recipientTown: '1000 Ljubljana',
};

/** The PDF's first page drawn by pdf.js on @napi-rs/canvas, as the capture of a file is. */
async function firstPage(pdf: Buffer, dpi = 200): Promise<PageRaster> {
  const limits = {
    maxPages: 1,
    dpi: () => dpi,
    maxRenderPixels: 12_000_000,
    maxImagePixels: 36_000_000,
    deadline: Date.now() + 30_000,
  };
  for await (const page of readPages('pdf', pdf, limits)) return page;
  throw new Error('no page');
}

async function textOf(pdf: Buffer): Promise<string> {
  const loaded = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const content = await (await loaded.getPage(1)).getTextContent();
  await loaded.destroy();
  return content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
}

describe('UPN QR form (PDF)', () => {
  it('prints a code the capture of invoices reads back as the order', async () => {
    const page = await firstPage(await upnFormPdf(ORDER));
    expect([page.width, page.height]).toEqual([1654, 2339]);
    const [code, ...others] = await findQrCodes(page);
    expect(others).toEqual([]);
    expect(code?.hasEci).toBe(true);
    const payment = readPaymentQr(code?.bytes ?? new Uint8Array(), code?.text);
    expect(payment).toEqual({
      kind: 'upnqr',
      values: {
        iban: 'SI56020360253863406',
        totalAmount: '1268.74',
        currencyCode: 'EUR',
        referenceModel: 'SI08',
        reference: '1236-17-345679',
        supplierName: 'Čistilni servis Žužek d.o.o.',
        purposeCode: 'GDSV',
        description: 'Plačilo računa 2026-0042 za čiščenje',
        dueDate: '2026-12-16',
      },
      problems: [],
    });
    // In the slip's order part, at its foot: right of the receipt, in the lower third.
    expect(code?.box.x).toBeGreaterThan(60 / 210);
    expect(code?.box.y).toBeGreaterThan(2 / 3);
  });

  it('prints a version 15, ECC M symbol with ECI 4, readable at 150 dpi', async () => {
    const [symbol, ...others] = await readSymbols(await firstPage(await upnFormPdf(ORDER), 150));
    expect(others).toEqual([]);
    expect(symbol).toMatchObject({ version: '15', ecLevel: 'M', hasEci: true });
  });

  it('writes the recipient with č, š and ž, and the form in Slovenian, in the text layer', async () => {
    const text = await textOf(await upnFormPdf(ORDER));
    for (const value of [
      'Čistilni servis Žužek d.o.o.',
      'Šubičeva 2',
      'Janez Kovač',
      'Plačilo računa 2026-0042 za čiščenje',
      '***1.268,74',
      'SI56 0203 6025 3863 406',
      'SI08 1236-17-345679',
      '16.12.2026',
      UPN_FORM_LABELS.subtitle,
      UPN_FORM_LABELS.recipient,
      UPN_FORM_LABELS.receipt,
    ]) {
      expect(text).toContain(value);
    }
  });

  it('prints what the code holds: a long name cut as in the code', async () => {
    const name = 'Zelo dolgo ime podjetja za čiščenje in vzdrževanje d.o.o.';
    const pdf = await upnFormPdf({ ...ORDER, recipientName: name });
    const text = await textOf(pdf);
    expect(text).toContain('Zelo dolgo ime podjetja za čiščen\n');
    expect(text).not.toContain(name);
  });

  it('refuses an order it cannot print a code for', async () => {
    await expect(upnFormPdf({ ...ORDER, recipientName: 'Café ☕' })).rejects.toBeInstanceOf(
      UpnError,
    );
  });
});
