import type { PageRaster } from '../pages/page-images';
import {
  binarize,
  deskew,
  estimateSkew,
  greyFromRgba,
  halve,
  otsuThreshold,
  toPgm,
  type GreyImage,
} from '../pages/raster';
import type { PageBox } from '../text/text-fields';

/**
 * A scanned page made ready for Tesseract: grey, halved while it has more pixels than a
 * 400 dpi A4 page (Tesseract reads 300 dpi text best, and its time grows with the pixels),
 * turned back by its skew, and thresholded to black and white (Otsu). Boxes Tesseract gives
 * on the prepared image are taken back to the page as it is shown.
 */

/** About A4 at 400 dpi. */
const MAX_OCR_PIXELS = 16_000_000;
/** Skew below this is left alone: Tesseract copes, and a rotation blurs a little. */
const MIN_SKEW_DEGREES = 0.1;

export interface PreparedScan {
  /** A PGM image, black text on white. */
  image: Buffer;
  /** The angle the page was turned back by, in degrees (estimateSkew). */
  skew: number;
  /** A box on the prepared image, in its pixels, as a box on the page. */
  toPageBox(box: { x0: number; y0: number; x1: number; y1: number }): PageBox;
}

export function prepareScan(page: PageRaster): PreparedScan {
  let grey: GreyImage = greyFromRgba(page.rgba, page.width, page.height);
  while (grey.width * grey.height > MAX_OCR_PIXELS) grey = halve(grey);
  let binary = binarize(grey, otsuThreshold(grey));
  const skew = estimateSkew(binary);
  const isSkewed = Math.abs(skew) >= MIN_SKEW_DEGREES;
  if (isSkewed) {
    const straight = deskew(grey, skew);
    binary = binarize(straight, otsuThreshold(straight));
  }
  const { width, height } = grey;
  const radians = isSkewed ? (skew * Math.PI) / 180 : 0;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const [cx, cy] = [(width - 1) / 2, (height - 1) / 2];
  // Where deskew took a pixel of the prepared image from (raster.ts deskew).
  const onPage = (u: number, v: number) => [
    cx + (u - cx) * cos - (v - cy) * sin,
    cy + (u - cx) * sin + (v - cy) * cos,
  ];
  return {
    image: toPgm(binary),
    skew: isSkewed ? skew : 0,
    toPageBox({ x0, y0, x1, y1 }) {
      const corners = [onPage(x0, y0), onPage(x1, y0), onPage(x0, y1), onPage(x1, y1)];
      const xs = corners.map(([x = 0]) => x);
      const ys = corners.map(([, y = 0]) => y);
      const [left, right] = [clamp(Math.min(...xs) / width), clamp(Math.max(...xs) / width)];
      const [top, bottom] = [clamp(Math.min(...ys) / height), clamp(Math.max(...ys) / height)];
      return { page: page.page, x: left, y: top, width: right - left, height: bottom - top };
    },
  };
}

const clamp = (fraction: number) => Math.min(1, Math.max(0, fraction));
