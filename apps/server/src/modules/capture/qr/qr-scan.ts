import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import type { PageRaster } from '../pages/page-images';
import type { PageBox } from '../text/text-fields';

/**
 * QR codes on a page image, with zxing-wasm (ZXing-C++ in WebAssembly; MIT, its C++ core
 * Apache-2.0). Its WebAssembly comes from the installed package, never from the CDN the
 * package would fetch it from by default. Rotated, scaled and slightly skewed codes are
 * found; the raw bytes are kept, because UPN QR's ISO 8859-2 is usually not declared (ECI).
 */

export interface FoundCode {
  bytes: Uint8Array;
  /** The reader's decoding: right when the code declared its character set. */
  text: string;
  hasEci: boolean;
  box: PageBox;
}

const require = createRequire(import.meta.url);
let ready: Promise<unknown> | undefined;

/** The WebAssembly module, instantiated once per process from the package's own file. */
function prepare(): Promise<unknown> {
  ready ??= Promise.resolve().then(() => {
    const file = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  });
  return ready;
}

const OPTIONS: ReaderOptions = {
  formats: ['QRCode'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  tryDownscale: true,
  maxNumberOfSymbols: 4,
};

/** The QR codes the page shows, each with where it is on the page. */
export async function findQrCodes(page: PageRaster): Promise<FoundCode[]> {
  await prepare();
  // readBarcodes reads any { data, width, height } as an ImageData (a DOM type Node lacks).
  const image = { data: page.rgba, width: page.width, height: page.height, colorSpace: 'srgb' };
  const results = await readBarcodes(image, OPTIONS);
  return results
    .filter((result) => result.isValid)
    .map((result) => {
      const { topLeft, topRight, bottomLeft, bottomRight }: Corners = result.position;
      const xs = [topLeft.x, topRight.x, bottomLeft.x, bottomRight.x];
      const ys = [topLeft.y, topRight.y, bottomLeft.y, bottomRight.y];
      const [left, top] = [Math.max(0, Math.min(...xs)), Math.max(0, Math.min(...ys))];
      const right = Math.min(page.width, Math.max(...xs));
      const bottom = Math.min(page.height, Math.max(...ys));
      return {
        bytes: result.bytes,
        text: result.text,
        hasEci: result.hasECI,
        box: {
          page: page.page,
          x: round(left / page.width),
          y: round(top / page.height),
          width: round((right - left) / page.width),
          height: round((bottom - top) / page.height),
        },
      };
    });
}

interface Point {
  x: number;
  y: number;
}
interface Corners {
  topLeft: Point;
  topRight: Point;
  bottomLeft: Point;
  bottomRight: Point;
}

const round = (fraction: number) => Math.round(fraction * 10_000) / 10_000;
