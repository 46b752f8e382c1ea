import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { readPages, type PageRaster } from './pages/page-images';

/**
 * Images for the tests of QR codes and OCR, generated: payment codes as the standards lay them
 * out, pages with a code placed, turned and scaled on them, and scans of a PDF (turned a few
 * degrees, with noise). Test code: nothing in the server imports it.
 */

/** The payee side of a UPN QR; the payer's fields are left empty, as on an invoice. */
export interface UpnPayee {
  amountCents: number;
  purposeCode: string;
  purpose: string;
  dueDate: string;
  iban: string;
  reference: string;
  name: string;
  street: string;
  town: string;
}

/** ZBS Priloga 7.3's example payee. */
export const ZBS_PAYEE: UpnPayee = {
  amountCents: 126_874,
  purposeCode: 'CPYR',
  purpose: 'Plačilo računa 18/2016.',
  dueDate: '',
  iban: 'SI56020360253863406',
  reference: 'SI081236-17-345679',
  name: 'Združenje bank Slovenije - GIZ',
  street: 'Šubičeva 2',
  town: '1000 Ljubljana',
};

/**
 * The text of a UPN QR code: fields 1–19, each ending in LF, the control sum, its LF. The
 * payer of the ZBS example, unless `payer` is false.
 */
export function upnText(payee: UpnPayee, { payer = true, controlSum }: UpnOptions = {}): string {
  const fields = [
    'UPNQR',
    payer ? 'SI56020170014356205' : '',
    '',
    '',
    payer ? 'SI00225268-32526-222' : '',
    payer ? 'Poljubno podjetje d.o.o.' : '',
    payer ? 'Lepa cesta 10' : '',
    payer ? '2000 Maribor' : '',
    String(payee.amountCents).padStart(11, '0'),
    payer ? '11.07.2016' : '',
    payer ? 'X' : '',
    payee.purposeCode,
    payee.purpose,
    payee.dueDate,
    payee.iban,
    payee.reference,
    payee.name,
    payee.street,
    payee.town,
  ];
  const sum = fields.reduce((total, field) => total + field.length + 1, 0);
  return `${fields.join('\n')}\n${String(controlSum ?? sum).padStart(3, '0')}\n`;
}

interface UpnOptions {
  payer?: boolean;
  /** A control sum other than the right one. */
  controlSum?: number;
}

/** A text in ISO 8859-2, one byte a character (UPN QR's encoding). */
export function latin2(text: string): Uint8Array {
  const decoder = new TextDecoder('iso-8859-2');
  const byteOf = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) byteOf.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Uint8Array.from([...text], (char) => {
    const byte = byteOf.get(char);
    if (byte === undefined) throw new Error(`${char} is not in ISO 8859-2`);
    return byte;
  });
}

/** A QR code of these bytes (byte mode, level M, no ECI) as a PNG. */
export function qrPng(bytes: Uint8Array, scale = 4): Promise<Buffer> {
  return QRCode.toBuffer([{ data: bytes, mode: 'byte' }], {
    errorCorrectionLevel: 'M',
    margin: 4,
    scale,
  });
}

export interface Placement {
  /** The page, in pixels. */
  width: number;
  height: number;
  /** The code's centre, in fractions of the page. */
  x: number;
  y: number;
  scale?: number;
  degrees?: number;
}

/** A white page (PNG) with the picture placed on it, scaled and turned. */
export async function placeOnPage(picture: Buffer, at: Placement): Promise<Buffer> {
  const image = await loadImage(picture);
  const canvas = createCanvas(at.width, at.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, at.width, at.height);
  context.translate(at.x * at.width, at.y * at.height);
  context.rotate(((at.degrees ?? 0) * Math.PI) / 180);
  context.scale(at.scale ?? 1, at.scale ?? 1);
  context.drawImage(image, -image.width / 2, -image.height / 2);
  return canvas.encode('png');
}

/**
 * The PNG drawn at (x, y) points from the bottom left of the first page, `size` wide: of the
 * PDF given, or of a new blank A4 page.
 */
export async function pdfWithPicture(
  png: Buffer,
  at: { x: number; y: number; size: number },
  onto?: Buffer,
): Promise<Buffer> {
  const pdf = onto ? await PDFDocument.load(onto) : await PDFDocument.create();
  const image = await pdf.embedPng(png);
  const height = (at.size * image.height) / image.width;
  const page = pdf.getPages()[0] ?? pdf.addPage([595, 842]);
  page.drawImage(image, { x: at.x, y: at.y, width: at.size, height });
  return Buffer.from(await pdf.save());
}

export interface ScanOptions {
  degrees: number;
  /** Grey levels of uniform noise added to each pixel, either way. */
  noise: number;
  /** Share of pixels turned black or white at random (dust). */
  dust: number;
  seed?: number;
}

/**
 * The first page of a PDF as a scanner would give it: rendered at 300 dpi, turned by a few
 * degrees on white, grey, noisy, and as a PNG or JPEG. Deterministic for a seed.
 */
export async function scanOf(
  pdf: Buffer,
  options: ScanOptions,
  format: 'png' | 'jpeg' = 'png',
): Promise<Buffer> {
  let page: PageRaster | undefined;
  for await (const first of readPages('pdf', pdf, {
    maxPages: 1,
    dpi: () => 300,
    maxRenderPixels: 12_000_000,
    maxImagePixels: 36_000_000,
    deadline: Date.now() + 60_000,
  })) {
    page = first;
  }
  if (!page) throw new Error('the PDF has no page');
  const flat = createCanvas(page.width, page.height);
  flat.getContext('2d').putImageData(new ImageData(page.rgba, page.width, page.height), 0, 0);
  const canvas = createCanvas(page.width, page.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, page.width, page.height);
  context.translate(page.width / 2, page.height / 2);
  context.rotate((options.degrees * Math.PI) / 180);
  context.drawImage(flat, -page.width / 2, -page.height / 2);
  const image = context.getImageData(0, 0, page.width, page.height);
  const random = mulberry32(options.seed ?? 7);
  for (let i = 0; i < image.data.length; i += 4) {
    const grey =
      (image.data[i] ?? 0) * 0.3 +
      (image.data[i + 1] ?? 0) * 0.59 +
      (image.data[i + 2] ?? 0) * 0.11;
    const dust = random() < options.dust ? (random() < 0.5 ? -255 : 255) : 0;
    const value = grey + (random() * 2 - 1) * options.noise + dust;
    image.data[i] = value;
    image.data[i + 1] = value;
    image.data[i + 2] = value;
  }
  context.resetTransform();
  context.putImageData(image, 0, 0);
  return format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', 85);
}

/** A small seeded generator (Mulberry32): the same noise every run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
