import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { tiffOf } from '../../documents/download/test-inputs';
import { unicodePdf } from '../../documents/text/test-pdfs';
import { imageSize, readPages, type PageFileKind, type PageLimits } from './page-images';

const LIMITS: PageLimits = {
  maxPages: 3,
  dpi: (hasText) => (hasText ? 100 : 150),
  maxRenderPixels: 4_000_000,
  maxImagePixels: 36_000_000,
  deadline: Date.now() + 60_000,
};

async function allPages(kind: PageFileKind, bytes: Buffer, limits: Partial<PageLimits> = {}) {
  const pages = [];
  for await (const page of readPages(kind, bytes, { ...LIMITS, ...limits })) {
    pages.push({ page: page.page, width: page.width, height: page.height, hasText: page.hasText });
  }
  return pages;
}

/** A PNG whose header claims this size; its pixel data is a few bytes only. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('pages of a main file', () => {
  it('renders the first pages of a PDF, knowing which have a text layer', async () => {
    const pdf = await unicodePdf(['Račun 2025-7', 'Za plačilo 10,00 €']);
    expect(await allPages('pdf', pdf)).toEqual([
      { page: 1, width: 827, height: 1170, hasText: true },
    ]);
  });

  it('stops at the page limit and renders a huge page with fewer pixels', async () => {
    const doc = await PDFDocument.create();
    // 2 × 2 metres: at 150 dpi it would be 140 million pixels.
    for (let i = 0; i < 5; i++) doc.addPage([5669, 5669]);
    const pages = await allPages('pdf', Buffer.from(await doc.save()));
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages.every((p) => p.width * p.height <= 4_000_000 * 1.01)).toBe(true);
    expect(pages[0]?.hasText).toBe(false);
  });

  it('reads a PNG, a JPEG size from its header and a TIFF', async () => {
    expect(imageSize('png', pngClaiming(640, 480))).toEqual({ width: 640, height: 480 });
    const tiff = tiffOf({
      width: 30,
      height: 20,
      photometric: 1,
      bitsPerSample: [8],
      strips: [Buffer.alloc(600, 200)],
    });
    expect(await allPages('tiff', tiff)).toEqual([
      { page: 1, width: 30, height: 20, hasText: false },
    ]);
  });

  it.each([
    [
      'a corrupt PNG',
      'png' as const,
      Buffer.from('\x89PNG\r\n\x1a\n garbage'),
      'errors.capture.unreadableImage',
    ],
    [
      'a corrupt JPEG',
      'jpeg' as const,
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 2, 1]),
      'errors.capture.unreadableImage',
    ],
    [
      'a TIFF it does not read',
      'tiff' as const,
      Buffer.from('II*\0nonsense'),
      'errors.capture.unreadableImage',
    ],
    [
      'a corrupt PDF',
      'pdf' as const,
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog'),
      'errors.capture.unreadablePdf',
    ],
    [
      'an image larger than a 600 dpi page',
      'png' as const,
      pngClaiming(30_000, 30_000),
      'errors.capture.pageTooLarge',
    ],
  ])('refuses %s with a clear error', async (_name, kind, bytes, code) => {
    await expect(allPages(kind, bytes)).rejects.toMatchObject({ code });
  });

  it('refuses a PDF that asks for a password', async () => {
    const pdf = await unicodePdf(['Račun'], 'secret');
    await expect(allPages('pdf', pdf)).rejects.toMatchObject({
      code: 'errors.capture.encryptedPdf',
    });
  });

  it('begins no page after the deadline', async () => {
    const pdf = await unicodePdf(['Račun']);
    expect(await allPages('pdf', pdf, { deadline: Date.now() - 1 })).toEqual([]);
  });
});
