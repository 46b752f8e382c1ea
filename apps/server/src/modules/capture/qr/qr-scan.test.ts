import { describe, expect, it } from 'vitest';
import { readPages, type PageFileKind, type PageRaster } from '../pages/page-images';
import { latin2, pdfWithPicture, placeOnPage, qrPng, upnText, ZBS_PAYEE } from '../test-scans';
import { readPaymentQr } from './payment-qr';
import { findQrCodes } from './qr-scan';

/** A4 at 150 dpi. */
const PAGE = { width: 1240, height: 1754 };

async function firstPage(kind: PageFileKind, bytes: Buffer, dpi = 200): Promise<PageRaster> {
  for await (const page of readPages(kind, bytes, {
    maxPages: 1,
    dpi: () => dpi,
    maxRenderPixels: 12_000_000,
    maxImagePixels: 36_000_000,
    deadline: Date.now() + 30_000,
  }))
    return page;
  throw new Error('no page');
}

async function paymentsOn(page: PageRaster) {
  const codes = await findQrCodes(page);
  return codes.map((code) => ({
    box: code.box,
    payment: readPaymentQr(code.bytes, code.hasEci ? code.text : undefined),
  }));
}

const upnPng = () => qrPng(latin2(upnText({ ...ZBS_PAYEE, dueDate: '16.12.2025' })));

describe('payment QR codes on a page', () => {
  it('finds a UPN QR code on a scanned page and reads its payee, with where it is', async () => {
    const png = await placeOnPage(await upnPng(), { ...PAGE, x: 0.75, y: 0.85 });
    const started = performance.now();
    const [found, ...others] = await paymentsOn(await firstPage('png', png));
    console.info(`UPN QR on a 150 dpi page: ${Math.round(performance.now() - started)} ms`);
    expect(others).toEqual([]);
    expect(found?.payment?.values).toMatchObject({
      iban: 'SI56020360253863406',
      totalAmount: '1268.74',
      dueDate: '2025-12-16',
      supplierName: 'Združenje bank Slovenije - GIZ',
    });
    expect(found?.payment?.problems).toEqual([]);
    const box = found?.box;
    expect(box?.page).toBe(1);
    expect((box?.x ?? 0) + (box?.width ?? 0) / 2).toBeCloseTo(0.75, 1);
    expect((box?.y ?? 0) + (box?.height ?? 0) / 2).toBeCloseTo(0.85, 1);
  });

  it('reads a code turned by 17° and scaled down to 60 %', async () => {
    const png = await placeOnPage(await upnPng(), {
      ...PAGE,
      x: 0.3,
      y: 0.7,
      scale: 0.6,
      degrees: 17,
    });
    const [found] = await paymentsOn(await firstPage('png', png));
    expect(found?.payment?.values.reference).toBe('1236-17-345679');
  });

  it('reads an EPC QR code from a JPEG photo of a page', async () => {
    const text = [
      'BCD',
      '002',
      '1',
      'SCT',
      'LJBASI2X',
      'Čistilni servis d.o.o.',
      'SI56020360253863406',
      'EUR99.90',
      'GDSV',
      'RF18539007547034',
    ].join('\n');
    const png = await placeOnPage(await qrPng(new TextEncoder().encode(text), 5), {
      ...PAGE,
      x: 0.5,
      y: 0.5,
      degrees: -4,
    });
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(png);
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    const jpeg = await canvas.encode('jpeg', 80);
    const [found] = await paymentsOn(await firstPage('jpeg', jpeg));
    expect(found?.payment).toMatchObject({
      kind: 'epc',
      values: { supplierName: 'Čistilni servis d.o.o.', totalAmount: '99.90', bic: 'LJBASI2X' },
    });
  });

  it('finds the code on a PDF page, rendered at 200 dpi, where the PDF draws it', async () => {
    // 4 cm wide, its bottom left 1.5 cm from the page's left and 2 cm from its bottom.
    const pdf = await pdfWithPicture(await upnPng(), { x: 42.5, y: 56.7, size: 113.4 });
    const page = await firstPage('pdf', pdf);
    const started = performance.now();
    const [found] = await paymentsOn(page);
    console.info(
      `UPN QR on a PDF page (${page.width}×${page.height}): ${Math.round(performance.now() - started)} ms`,
    );
    expect(page.hasText).toBe(false);
    expect(found?.payment?.values.iban).toBe('SI56020360253863406');
    expect(found?.box.x).toBeCloseTo(42.5 / 595, 1);
    expect((found?.box.y ?? 0) + (found?.box.height ?? 0)).toBeCloseTo(1 - 56.7 / 842, 1);
  });

  it('finds nothing on a page without a code', async () => {
    const blank = await placeOnPage(await upnPng(), { ...PAGE, x: 2, y: 2 });
    expect(await findQrCodes(await firstPage('png', blank))).toEqual([]);
  });
});
