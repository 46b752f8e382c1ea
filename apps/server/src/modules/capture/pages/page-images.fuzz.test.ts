import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../../../test/fuzz';
import { CaptureError } from '../capture-error';
import { readPages, type PageFileKind, type PageLimits } from './page-images';

/**
 * Hostile main files to the page reader of capture (issue 9): mutated and truncated PDFs,
 * PNGs, JPEGs and TIFFs give pages within the limits or a CaptureError (400 with a catalogue
 * code), never another exception, and never a crash of the process (image-decode.ts).
 */

const LIMITS: PageLimits = {
  maxPages: 2,
  dpi: () => 40,
  maxRenderPixels: 1_000_000,
  maxImagePixels: 36_000_000,
  deadline: Number.POSITIVE_INFINITY,
};

const sample = (name: string) =>
  readFileSync(new URL(`../../files/fixtures/${name}`, import.meta.url));
const SAMPLES: [PageFileKind, Buffer][] = [
  ['pdf', sample('sample.pdf')],
  ['png', sample('sample.png')],
  ['jpeg', sample('sample.jpg')],
  ['tiff', sample('sample.tif')],
];

/** The pages read, or the CaptureError: anything else thrown fails the test. */
async function pagesOrRefusal(kind: PageFileKind, bytes: Buffer): Promise<unknown> {
  try {
    const pages = [];
    for await (const page of readPages(kind, bytes, LIMITS)) {
      expect(page.rgba.length).toBe(page.width * page.height * 4);
      pages.push(page.page);
    }
    expect(pages.length).toBeLessThanOrEqual(LIMITS.maxPages);
    return pages;
  } catch (error) {
    if (!(error instanceof CaptureError)) throw error;
    return error;
  }
}

describe('page reader', () => {
  it.each(SAMPLES)('reads a mutated or truncated %s, or refuses it', async (kind, valid) => {
    expect(await pagesOrRefusal(kind, valid)).toEqual([1]);
    const mutation = fc.oneof(
      fc.nat(valid.length).map((end) => valid.subarray(0, end)),
      fc
        .array(fc.tuple(fc.nat(valid.length - 1), fc.nat(255)), { minLength: 1, maxLength: 8 })
        .map((changes) => {
          const copy = Buffer.from(valid);
          for (const [at, byte] of changes) copy[at] = byte;
          return copy;
        }),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async (bytes) => {
        await pagesOrRefusal(kind, bytes);
      }),
      fuzz(30),
    );
  });

  it('refuses the JPEG that crashed the process when Skia decoded it in-process', async () => {
    const jpeg = Buffer.from(sample('sample.jpg'));
    // Three bytes changed (found by the property above): a segmentation fault in Skia.
    jpeg[6] = 0o274;
    jpeg[21] = 0o017;
    jpeg[103] = 0o224;
    expect(await pagesOrRefusal('jpeg', jpeg)).toBeInstanceOf(CaptureError);
  });
});
