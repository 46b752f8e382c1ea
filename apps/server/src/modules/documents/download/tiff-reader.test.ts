import { describe, expect, it } from 'vitest';
import { fixture, tiffOf } from './test-inputs';
import { readTiff, unpackBits } from './tiff-reader';

describe('TIFF reader', () => {
  it('reads the 8-bit greyscale fixture', () => {
    const image = readTiff(fixture('sample.tif'));
    expect(image).toMatchObject({ width: 8, height: 8, channels: 1 });
    expect([...(image?.pixels ?? [])]).toEqual(Array(64).fill(0x80));
  });

  it('reads big-endian RGB in PackBits strips', () => {
    // Two strips of one row each: red, green / blue, white.
    const rows = [Buffer.from([255, 0, 0, 0, 255, 0]), Buffer.from([0, 0, 255, 255, 255, 255])];
    const strips = rows.map((row) => Buffer.concat([Buffer.from([row.length - 1]), row]));
    const file = tiffOf({
      order: 'MM',
      width: 2,
      height: 2,
      photometric: 2,
      bitsPerSample: [8, 8, 8],
      compression: 32773,
      strips,
      rowsPerStrip: 1,
    });
    const image = readTiff(file);
    expect(image).toMatchObject({ width: 2, height: 2, channels: 3 });
    expect(image?.pixels).toEqual(Buffer.concat(rows));
  });

  it('spreads 1-bit white-is-zero rows into grey bytes', () => {
    // 10 pixels a row: 2 bytes, the last 6 bits padding. 1 is black here.
    const strip = Buffer.from([0b1010_0000, 0b0100_0000, 0b0000_0000, 0b1100_0000]);
    const file = tiffOf({
      width: 10,
      height: 2,
      photometric: 0,
      bitsPerSample: [1],
      strips: [strip],
    });
    const image = readTiff(file);
    expect(image?.channels).toBe(1);
    expect([...(image?.pixels ?? [])]).toEqual([
      0, 255, 0, 255, 255, 255, 255, 255, 255, 0, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0,
    ]);
  });

  it('leaves what it does not decode: LZW, 16 bits, damaged files', () => {
    const strip = Buffer.alloc(16);
    const base = { width: 4, height: 4, photometric: 1, strips: [strip] };
    expect(readTiff(tiffOf({ ...base, bitsPerSample: [8], compression: 5 }))).toBeUndefined();
    expect(readTiff(tiffOf({ ...base, bitsPerSample: [16] }))).toBeUndefined();
    expect(readTiff(fixture('sample.tif').subarray(0, 100))).toBeUndefined();
    expect(readTiff(Buffer.from('not a tiff at all'))).toBeUndefined();
  });

  it('unpacks the PackBits example of TIFF 6.0 §9', () => {
    const packed = Buffer.from('FEAA0280002AFDAA0380002A22F7AA', 'hex');
    const unpacked = 'AAAAAA80002AAAAAAAAA80002A22AAAAAAAAAAAAAAAAAAAA';
    expect(unpackBits(packed).toString('hex').toUpperCase()).toBe(unpacked);
  });
});
