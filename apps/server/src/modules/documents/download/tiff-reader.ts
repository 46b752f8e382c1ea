/**
 * The first image of a baseline TIFF (TIFF 6.0 part 1), enough to put a scanned invoice on a
 * PDF page: 8-bit greyscale or RGB and 1-bit black and white, uncompressed or PackBits, in
 * strips. Anything else (LZW, CCITT fax, JPEG-in-TIFF, tiles, palettes, 16 bits) is not read,
 * and the merged PDF shows a page that names the file instead.
 */

export interface RasterImage {
  width: number;
  height: number;
  /** 1 for greyscale, 3 for RGB; 8 bits each, rows top to bottom, no padding. */
  channels: 1 | 3;
  pixels: Buffer;
}

/** Larger images would take hundreds of megabytes decoded; a 600 dpi A4 scan is 35 million. */
export const TIFF_MAX_PIXELS = 60_000_000;

// TIFF 6.0 §8 field types and their sizes in bytes.
const TYPE_SIZES: Record<number, number> = { 1: 1, 3: 2, 4: 4 };

const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  photometric: 262,
  stripOffsets: 273,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  planarConfiguration: 284,
  predictor: 317,
} as const;

const NONE = 1;
const PACKBITS = 32773;
const WHITE_IS_ZERO = 0;
const BLACK_IS_ZERO = 1;
const RGB = 2;

type Fields = Map<number, number[]>;

/** The image, or undefined when the file is not a TIFF this reader understands. */
export function readTiff(file: Buffer): RasterImage | undefined {
  try {
    const order = file.toString('latin1', 0, 2);
    if (order !== 'II' && order !== 'MM') return undefined;
    const read = reader(file, order === 'II');
    if (read.u16(2) !== 42) return undefined;
    return decode(file, readFields(file, read, read.u32(4)));
  } catch (error) {
    // A field or strip that points past the end: a damaged file, shown as unreadable.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

interface Reader {
  u16(offset: number): number;
  u32(offset: number): number;
}

const reader = (file: Buffer, isLittleEndian: boolean): Reader =>
  isLittleEndian
    ? { u16: (at) => file.readUInt16LE(at), u32: (at) => file.readUInt32LE(at) }
    : { u16: (at) => file.readUInt16BE(at), u32: (at) => file.readUInt32BE(at) };

/** §2: the first image file directory; values of up to 4 bytes sit in the entry itself. */
function readFields(file: Buffer, read: Reader, directory: number): Fields {
  const fields: Fields = new Map();
  const count = read.u16(directory);
  for (let i = 0; i < count; i++) {
    const entry = directory + 2 + i * 12;
    const size = TYPE_SIZES[read.u16(entry + 2)];
    if (size === undefined) continue;
    const values = read.u32(entry + 4);
    if (values > file.length) throw new RangeError('field longer than the file');
    const start = values * size <= 4 ? entry + 8 : read.u32(entry + 8);
    const value = (at: number) =>
      size === 1 ? file.readUInt8(at) : size === 2 ? read.u16(at) : read.u32(at);
    fields.set(
      read.u16(entry),
      Array.from({ length: values }, (_, n) => value(start + n * size)),
    );
  }
  return fields;
}

interface Layout {
  width: number;
  height: number;
  samples: number;
  bits: number;
  isPackBits: boolean;
  photometric: number;
}

/** The layout of a baseline image this reader decodes, or undefined for any other. */
function layoutOf(fields: Fields): Layout | undefined {
  const one = (tag: number, fallback?: number) => fields.get(tag)?.[0] ?? fallback;
  const [width = 0, height = 0] = [one(TAG.width), one(TAG.height)];
  const samples = one(TAG.samplesPerPixel, 1) ?? 1;
  const bitsPerSample = fields.get(TAG.bitsPerSample) ?? [1];
  const bits = bitsPerSample[0] ?? 1;
  const compression = one(TAG.compression, NONE);
  const photometric = one(TAG.photometric) ?? -1;
  const isRgb = photometric === RGB && samples === 3 && bitsPerSample.every((b) => b === 8);
  const isGrey =
    (photometric === WHITE_IS_ZERO || photometric === BLACK_IS_ZERO) &&
    samples === 1 &&
    (bits === 8 || bits === 1);
  const isReadable =
    (isRgb || isGrey) &&
    width > 0 &&
    height > 0 &&
    width * height <= TIFF_MAX_PIXELS &&
    (compression === NONE || compression === PACKBITS) &&
    one(TAG.planarConfiguration, 1) === 1 &&
    one(TAG.predictor, 1) === 1;
  if (!isReadable) return undefined;
  return { width, height, samples, bits, isPackBits: compression === PACKBITS, photometric };
}

function decode(file: Buffer, fields: Fields): RasterImage | undefined {
  const layout = layoutOf(fields);
  if (!layout) return undefined;
  const { width, height, samples, bits } = layout;
  const rowBytes = Math.ceil((width * samples * bits) / 8);
  const data = stripData(file, fields, layout.isPackBits, rowBytes * height);
  if (data === undefined) return undefined;
  if (samples === 3) return { width, height, channels: 3, pixels: data };
  const pixels = bits === 1 ? spreadBits(data, width, height) : data;
  if (layout.photometric === WHITE_IS_ZERO) {
    for (let i = 0; i < pixels.length; i++) pixels[i] = 255 - (pixels[i] ?? 0);
  }
  return { width, height, channels: 1, pixels };
}

/** The strips one after the other, decompressed; undefined when they hold too little. */
function stripData(
  file: Buffer,
  fields: Fields,
  isPackBits: boolean,
  bytes: number,
): Buffer | undefined {
  const offsets = fields.get(TAG.stripOffsets) ?? [];
  const counts = fields.get(TAG.stripByteCounts) ?? [];
  if (offsets.length === 0 || offsets.length !== counts.length) return undefined;
  const strips = offsets.map((offset, i) => {
    const end = offset + (counts[i] ?? 0);
    if (end > file.length) throw new RangeError('strip past the end of the file');
    const strip = file.subarray(offset, end);
    return isPackBits ? unpackBits(strip) : strip;
  });
  const data = Buffer.concat(strips);
  return data.length < bytes ? undefined : data.subarray(0, bytes);
}

/** §9 PackBits: a count byte n, then n + 1 literal bytes, or one byte repeated 1 - n times. */
export function unpackBits(packed: Buffer): Buffer {
  const out: Buffer[] = [];
  let i = 0;
  while (i < packed.length) {
    const n = packed.readInt8(i++);
    if (n >= 0) {
      out.push(packed.subarray(i, i + n + 1));
      i += n + 1;
    } else if (n !== -128) {
      out.push(Buffer.alloc(1 - n, packed[i++] ?? 0));
    }
  }
  return Buffer.concat(out);
}

/** One byte per pixel from 1-bit rows, each padded to a whole byte (§3). */
function spreadBits(data: Buffer, width: number, height: number): Buffer {
  const rowBytes = Math.ceil(width / 8);
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bit = ((data[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      pixels[y * width + x] = bit ? 255 : 0;
    }
  }
  return pixels;
}
