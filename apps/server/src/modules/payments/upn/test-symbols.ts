import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { QrMatrix } from './upn-qr';

/**
 * For the tests of the UPN QR symbol: a matrix drawn as an image, and the QR symbols an image
 * holds as ZXing reads them (version, error correction level, ECI, bytes). Test code: nothing
 * in the server imports it.
 */

export interface Image {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

export interface ReadSymbol {
  version: string;
  ecLevel: string;
  hasEci: boolean;
  bytes: Uint8Array;
  /** The bytes with the ECI designators the symbol holds: ']Q2\000004…' for ECI 4. */
  bytesEci: Uint8Array;
}

/** `scale` pixels a module, with the 4-module quiet zone. */
export function matrixImage(matrix: QrMatrix, scale = 4): Image {
  const side = (matrix.size + 8) * scale;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  matrix.rows.forEach((row, y) =>
    row.forEach((isDark, x) => {
      if (!isDark) return;
      for (let dy = 0; dy < scale; dy++) {
        const start = (((y + 4) * scale + dy) * side + (x + 4) * scale) * 4;
        rgba.fill(0, start, start + scale * 4);
        for (let dx = 0; dx < scale; dx++) rgba[start + dx * 4 + 3] = 255;
      }
    }),
  );
  return { width: side, height: side, rgba };
}

const require = createRequire(import.meta.url);
let ready: Promise<unknown> | undefined;

export async function readSymbols(image: Image): Promise<ReadSymbol[]> {
  ready ??= Promise.resolve().then(() => {
    const file = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  });
  await ready;
  const data = { data: image.rgba, width: image.width, height: image.height, colorSpace: 'srgb' };
  const results = await readBarcodes(data, { formats: ['QRCode'], tryHarder: true });
  return results
    .filter((result) => result.isValid)
    .map((result) => ({
      version: result.version,
      ecLevel: result.ecLevel,
      hasEci: result.hasECI,
      bytes: result.bytes,
      bytesEci: result.bytesECI,
    }));
}
