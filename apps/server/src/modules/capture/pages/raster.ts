/**
 * Page images as plain pixels, and what OCR does to a scan before Tesseract sees it (issue 7,
 * source 4): a global threshold (Otsu), the skew angle (projection profiles) and the rotation
 * that takes it back. Written here on the pixel data, so nothing native is needed.
 */

/** One byte a pixel, 0 black … 255 white, rows top to bottom without padding. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Luma of RGBA pixels (ITU-R BT.601 weights in 1/256); alpha is ignored (drawn on white). */
export function greyFromRgba(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): GreyImage {
  const pixels = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < pixels.length; i++, j += 4) {
    pixels[i] = ((rgba[j] ?? 0) * 77 + (rgba[j + 1] ?? 0) * 150 + (rgba[j + 2] ?? 0) * 29) >> 8;
  }
  return { width, height, pixels };
}

/** RGBA of a grey image, for readers that take only that. */
export function rgbaFromGrey(image: GreyImage): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(image.pixels.length * 4);
  for (let i = 0, j = 0; i < image.pixels.length; i++, j += 4) {
    const value = image.pixels[i] ?? 0;
    rgba[j] = value;
    rgba[j + 1] = value;
    rgba[j + 2] = value;
    rgba[j + 3] = 255;
  }
  return rgba;
}

/**
 * Otsu's threshold: the grey level that splits the histogram into the two classes (ink and
 * paper) with the largest variance between them. Pixels at or below it are ink.
 */
export function otsuThreshold(image: GreyImage): number {
  const histogram = new Float64Array(256);
  for (const value of image.pixels) histogram[value] = (histogram[value] ?? 0) + 1;
  const total = image.pixels.length;
  let sumAll = 0;
  for (let level = 0; level < 256; level++) sumAll += level * (histogram[level] ?? 0);
  let [darkCount, darkSum, best, threshold] = [0, 0, -1, 127];
  for (let level = 0; level < 256; level++) {
    darkCount += histogram[level] ?? 0;
    const lightCount = total - darkCount;
    if (darkCount === 0) continue;
    if (lightCount === 0) break;
    darkSum += level * (histogram[level] ?? 0);
    const meanGap = darkSum / darkCount - (sumAll - darkSum) / lightCount;
    const between = darkCount * lightCount * meanGap * meanGap;
    if (between > best) [best, threshold] = [between, level];
  }
  return threshold;
}

/** Black (0) at or below the threshold, white (255) above it. */
export function binarize(image: GreyImage, threshold: number): GreyImage {
  const pixels = new Uint8Array(image.pixels.length);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (image.pixels[i] ?? 0) <= threshold ? 0 : 255;
  return { width: image.width, height: image.height, pixels };
}

/** Each 2×2 block averaged into one pixel: a 600 dpi scan read as 300 dpi. */
export function halve(image: GreyImage): GreyImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const pixels = new Uint8Array(width * height);
  const source = image.pixels;
  for (let y = 0; y < height; y++) {
    const top = 2 * y * image.width;
    const bottom = top + image.width;
    for (let x = 0; x < width; x++) {
      const at = 2 * x;
      pixels[y * width + x] =
        ((source[top + at] ?? 0) +
          (source[top + at + 1] ?? 0) +
          (source[bottom + at] ?? 0) +
          (source[bottom + at + 1] ?? 0) +
          2) >>
        2;
    }
  }
  return { width, height, pixels };
}

/** At most this many ink pixels are looked at to find the skew: enough, and quick. */
const SKEW_SAMPLE = 150_000;

/**
 * The angle in degrees of the page's text lines against the horizontal, positive when they
 * fall to the right (clockwise, as a canvas rotates), found by projection profiles: the ink
 * projected along the right angle piles up in narrow rows, so the sum of squared row counts
 * is largest there. A coarse search, then a fine one around the best coarse angle.
 */
export function estimateSkew(binary: GreyImage, maxDegrees = 5): number {
  const { points, step } = inkSample(binary);
  if (points.length < 200) return 0;
  const score = (degrees: number) => profileScore(points, step, degrees, binary);
  const search = (from: number, to: number, step: number) => {
    let [best, bestScore] = [0, -1];
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const value = score(degrees);
      if (value > bestScore) [best, bestScore] = [degrees, value];
    }
    return best;
  };
  const coarse = search(-maxDegrees, maxDegrees, 0.5);
  const fine = search(coarse - 0.5, coarse + 0.5, 0.05);
  return Math.round(fine * 100) / 100;
}

/** Coordinates (x, y pairs) of ink pixels on a grid of `step` pixels, about SKEW_SAMPLE of them. */
function inkSample(binary: GreyImage): { points: Int32Array; step: number } {
  let ink = 0;
  for (const value of binary.pixels) if (value === 0) ink++;
  const step = Math.max(1, Math.ceil(Math.sqrt(ink / SKEW_SAMPLE)));
  const points: number[] = [];
  for (let y = 0; y < binary.height; y += step) {
    const row = y * binary.width;
    for (let x = 0; x < binary.width; x += step) {
      if (binary.pixels[row + x] === 0) points.push(x, y);
    }
  }
  return { points: Int32Array.from(points), step };
}

function profileScore(points: Int32Array, step: number, degrees: number, size: GreyImage): number {
  const slope = Math.tan((degrees * Math.PI) / 180);
  // Rows of the profile are as high as the grid is fine: finer ones would be empty in turn
  // at 0° and favour it. The margin keeps every index positive.
  const margin = Math.ceil((Math.abs(slope) * size.width) / step) + 1;
  const rows = new Float64Array(Math.ceil(size.height / step) + 2 * margin);
  for (let i = 0; i < points.length; i += 2) {
    const y = (points[i + 1] ?? 0) - (points[i] ?? 0) * slope;
    const row = Math.round(y / step) + margin;
    if (row >= 0 && row < rows.length) rows[row] = (rows[row] ?? 0) + 1;
  }
  let sum = 0;
  for (const count of rows) sum += count * count;
  return sum;
}

/**
 * The page turned back by its skew (estimateSkew's angle), around its centre, the same size:
 * each pixel is sampled bilinearly where the skewed line it belongs to lies. What falls
 * outside the page is paper white.
 */
export function deskew(image: GreyImage, degrees: number): GreyImage {
  if (degrees === 0) return image;
  const { width, height } = image;
  const source = image.pixels;
  const pixels = new Uint8Array(width * height);
  const radians = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const [cx, cy] = [(width - 1) / 2, (height - 1) / 2];
  for (let v = 0; v < height; v++) {
    const dy = v - cy;
    // x = cx + du·cos − dy·sin, y = cy + du·sin + dy·cos, stepped along the row.
    let x = cx - cx * cos - dy * sin;
    let y = cy - cx * sin + dy * cos;
    for (let u = 0; u < width; u++, x += cos, y += sin) {
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) {
        pixels[v * width + u] = 255;
        continue;
      }
      const [fx, fy] = [x - x0, y - y0];
      const at = y0 * width + x0;
      const top = (source[at] ?? 0) * (1 - fx) + (source[at + 1] ?? 0) * fx;
      const bottom = (source[at + width] ?? 0) * (1 - fx) + (source[at + width + 1] ?? 0) * fx;
      pixels[v * width + u] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, pixels };
}

/** A binary PGM (Netpbm P5): the simplest picture Tesseract's Leptonica reads. */
export function toPgm(image: GreyImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  return Buffer.concat([header, image.pixels]);
}
