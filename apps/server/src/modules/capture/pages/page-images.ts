import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { getDocument, SAFE_PDFJS_OPTIONS, type PDFDocumentProxy } from '../../../lib/pdfjs';
import { readTiff, type RasterImage } from '../../documents/download/tiff-reader';
import { CaptureError } from '../capture-error';
import { decodeImage } from './image-decode';
import { rgbaFromGrey } from './raster';

/**
 * The first pages of a main file as pixels, for QR codes and OCR (issue 7, sources 2 and 4):
 * a PDF page rendered by pdfjs-dist onto an @napi-rs/canvas canvas, a PNG, JPEG or TIFF as it
 * is. Bounded: the first few pages only, a rendered page scaled down to a pixel limit, an
 * image with too many pixels refused before it is decoded, and no page begun past the
 * deadline. A file that cannot be read is a CaptureError naming why.
 */

export type PageFileKind = 'pdf' | 'png' | 'jpeg' | 'tiff';

const KINDS: Readonly<Record<string, PageFileKind>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/tiff': 'tiff',
};

/** The kind of a main file that has pages to look at, by its stored media type. */
export const pageKindOf = (mime: string): PageFileKind | undefined => KINDS[mime];

export interface PageRaster {
  /** 1 for the first page. */
  page: number;
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, rows top to bottom. */
  rgba: Uint8ClampedArray;
  /** Whether the PDF page has a text layer; an image never has one. */
  hasText: boolean;
}

export interface PageLimits {
  maxPages: number;
  /** The resolution a PDF page is rendered at, by whether it has a text layer. */
  dpi: (hasText: boolean) => number;
  /** A PDF page is rendered at a lower resolution rather than with more pixels. */
  maxRenderPixels: number;
  /** An image with more pixels is refused (errors.capture.pageTooLarge). */
  maxImagePixels: number;
  /** No page is begun after this instant (Date.now()). */
  deadline: number;
}

export async function* readPages(
  kind: PageFileKind,
  bytes: Buffer,
  limits: PageLimits,
): AsyncGenerator<PageRaster> {
  if (kind === 'pdf') {
    yield* pdfPages(bytes, limits);
    return;
  }
  yield await imagePage(kind, bytes, limits);
}

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));

/** pdfjs reads only the bytes given and the files it ships: fonts and wasm decoders. */
const PDFJS_OPTIONS = {
  ...SAFE_PDFJS_OPTIONS,
  cMapUrl: `${path.join(PDFJS_DIR, 'cmaps')}/`,
  cMapPacked: true,
  standardFontDataUrl: `${path.join(PDFJS_DIR, 'standard_fonts')}/`,
  wasmUrl: `${path.join(PDFJS_DIR, 'wasm')}/`,
};

async function* pdfPages(bytes: Buffer, limits: PageLimits): AsyncGenerator<PageRaster> {
  // A copy: pdfjs may take over (detach) the buffer it is given.
  const task = getDocument({ ...PDFJS_OPTIONS, data: new Uint8Array(bytes) });
  try {
    const pdf = await task.promise.catch((error: unknown) => {
      const name = error instanceof Error ? error.name : '';
      throw new CaptureError(
        name === 'PasswordException'
          ? 'errors.capture.encryptedPdf'
          : 'errors.capture.unreadablePdf',
      );
    });
    const pages = Math.min(pdf.numPages, limits.maxPages);
    for (let n = 1; n <= pages && Date.now() < limits.deadline; n++) {
      yield await renderPdfPage(pdf, n, limits);
    }
  } finally {
    await task.destroy();
  }
}

async function renderPdfPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  limits: PageLimits,
): Promise<PageRaster> {
  // A damaged page tree fails here already ("End of file inside array"): the same refusal.
  const page = await pdf.getPage(pageNumber).catch(() => {
    throw new CaptureError('errors.capture.unreadablePdf');
  });
  try {
    const content = await page.getTextContent();
    const hasText = content.items.some((item) => 'str' in item && item.str.trim() !== '');
    const unit = page.getViewport({ scale: 1 });
    const fit = Math.sqrt(limits.maxRenderPixels / (unit.width * unit.height));
    const viewport = page.getViewport({ scale: Math.min(limits.dpi(hasText) / 72, fit) });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    // pdfjs types name the DOM canvas, unknown here; its Node build draws on @napi-rs/canvas.
    await page.render({ canvas: canvas as never, viewport }).promise;
    return { page: pageNumber, ...pixelsOf(canvas), hasText };
  } catch {
    // A page pdfjs cannot draw (a damaged stream): a blank one would only be OCR'd for nothing.
    throw new CaptureError('errors.capture.unreadablePdf');
  } finally {
    page.cleanup();
  }
}

function pixelsOf(canvas: Canvas) {
  const { width, height } = canvas;
  const image = canvas.getContext('2d').getImageData(0, 0, width, height);
  return { width, height, rgba: image.data };
}

async function imagePage(
  kind: Exclude<PageFileKind, 'pdf'>,
  bytes: Buffer,
  limits: PageLimits,
): Promise<PageRaster> {
  if (kind === 'tiff') {
    const tiff = readTiff(bytes);
    if (!tiff) throw new CaptureError('errors.capture.unreadableImage');
    if (tiff.width * tiff.height > limits.maxImagePixels)
      throw new CaptureError('errors.capture.pageTooLarge');
    return {
      page: 1,
      width: tiff.width,
      height: tiff.height,
      rgba: rgbaOfTiff(tiff),
      hasText: false,
    };
  }
  const size = imageSize(kind, bytes);
  if (!size) throw new CaptureError('errors.capture.unreadableImage');
  if (size.width * size.height > limits.maxImagePixels)
    throw new CaptureError('errors.capture.pageTooLarge');
  // Decoded in a child process: Skia's decoders crash the process on some damaged files.
  const image = await decodeImage(bytes, size);
  if (!image) throw new CaptureError('errors.capture.unreadableImage');
  return { page: 1, ...image, hasText: false };
}

function rgbaOfTiff(tiff: RasterImage): Uint8ClampedArray {
  const { width, height, pixels } = tiff;
  if (tiff.channels === 1) return rgbaFromGrey({ width, height, pixels });
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let i = 0, j = 0; j < rgba.length; i += 3, j += 4) {
    rgba[j] = pixels[i] ?? 0;
    rgba[j + 1] = pixels[i + 1] ?? 0;
    rgba[j + 2] = pixels[i + 2] ?? 0;
  }
  return rgba;
}

/**
 * Width and height from the header, before anything is decoded: PNG's IHDR chunk, or a JPEG
 * frame header (SOF0–SOF15 but DHT, JPG and DAC, ITU T.81 B.1.1.3). Undefined when the
 * header is not there.
 */
export function imageSize(
  kind: 'png' | 'jpeg',
  bytes: Buffer,
): { width: number; height: number } | undefined {
  if (kind === 'png') {
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}
