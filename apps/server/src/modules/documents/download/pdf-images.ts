import { deflateSync } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PageSizes,
  popGraphicsState,
  pushGraphicsState,
  type PDFDocument,
  type PDFPage,
} from 'pdf-lib';
import { readTiff, type RasterImage } from './tiff-reader';

/** Images of a merged PDF: each on an A4 page of its own, as large as the margins allow. */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface PageImage {
  width: number;
  height: number;
  draw(page: PDFPage, box: Box): void;
}

const MARGIN = 36;
const [A4_WIDTH, A4_HEIGHT] = PageSizes.A4;

/** Adds the image's page; false when the image cannot be read (a page names it instead). */
export async function addImagePage(out: PDFDocument, kind: string, bytes: Buffer) {
  const image = await embedImage(out, kind, bytes);
  if (!image) return false;
  const isLandscape = image.width > image.height;
  const width = isLandscape ? A4_HEIGHT : A4_WIDTH;
  const height = isLandscape ? A4_WIDTH : A4_HEIGHT;
  const page = out.addPage([width, height]);
  const scale = Math.min((width - 2 * MARGIN) / image.width, (height - 2 * MARGIN) / image.height);
  const drawn = { width: image.width * scale, height: image.height * scale };
  image.draw(page, { x: (width - drawn.width) / 2, y: (height - drawn.height) / 2, ...drawn });
  return true;
}

async function embedImage(
  out: PDFDocument,
  kind: string,
  bytes: Buffer,
): Promise<PageImage | undefined> {
  try {
    if (kind === 'tiff') {
      const raster = readTiff(bytes);
      return raster && embedRaster(out, raster);
    }
    const image = kind === 'png' ? await out.embedPng(bytes) : await out.embedJpg(bytes);
    return {
      width: image.width,
      height: image.height,
      draw: (page, box) => page.drawImage(image, box),
    };
  } catch {
    // pdf-lib's own readers refuse a damaged PNG or JPEG.
    return undefined;
  }
}

/**
 * Decoded pixels as an image XObject (PDF 32000-1 §8.9.5), deflated by zlib: pdf-lib embeds
 * only PNG and JPEG, and a PNG made for it would be decoded again into RGBA, several times
 * the memory of a large scan.
 */
function embedRaster(out: PDFDocument, raster: RasterImage): PageImage {
  const stream = out.context.stream(deflateSync(raster.pixels), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: raster.width,
    Height: raster.height,
    BitsPerComponent: 8,
    ColorSpace: raster.channels === 3 ? 'DeviceRGB' : 'DeviceGray',
    Filter: 'FlateDecode',
  });
  const ref = out.context.register(stream);
  return {
    width: raster.width,
    height: raster.height,
    draw: (page, { x, y, width, height }) => {
      const name = page.node.newXObject('Image', ref);
      // §8.3.4: an image fills the unit square, so the matrix scales it to the box.
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(width, 0, 0, height, x, y),
        drawObject(name),
        popGraphicsState(),
      );
    },
  };
}
