import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  binarize,
  deskew,
  estimateSkew,
  greyFromRgba,
  halve,
  otsuThreshold,
  toPgm,
  type GreyImage,
} from './raster';

/** A page of "text": rows of word-long bars, turned by `degrees` as a canvas turns. */
function linesPage(degrees: number, width = 1200, height = 1600): GreyImage {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.translate(width / 2, height / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.translate(-width / 2, -height / 2);
  context.fillStyle = '#202020';
  for (let y = 150; y < height - 150; y += 40) {
    for (let x = 120, n = y; x < width - 160; x += 30 + ((n * 37) % 90)) {
      const length = 20 + ((n * 53) % 70);
      context.fillRect(x, y, length, 14);
      x += length;
      n += 1;
    }
  }
  const image = context.getImageData(0, 0, width, height);
  return greyFromRgba(image.data, width, height);
}

const ink = (image: GreyImage) => image.pixels.filter((value) => value === 0).length;

describe('page image preprocessing', () => {
  it('puts the Otsu threshold between ink and paper', () => {
    const pixels = new Uint8Array(1000).map((_, i) => (i % 4 === 0 ? 40 + (i % 7) : 220 - (i % 9)));
    const threshold = otsuThreshold({ width: 1000, height: 1, pixels });
    expect(threshold).toBeGreaterThanOrEqual(46);
    expect(threshold).toBeLessThan(212);
    const binary = binarize({ width: 1000, height: 1, pixels }, threshold);
    expect(ink(binary)).toBe(250);
  });

  it.each([3, -2.5, 0.8])('finds a skew of %s° within 0.2° and turns the page back', (degrees) => {
    const page = linesPage(degrees);
    const binary = binarize(page, otsuThreshold(page));
    const found = estimateSkew(binary);
    expect(Math.abs(found - degrees)).toBeLessThan(0.2);
    const straight = deskew(page, found);
    const again = estimateSkew(binarize(straight, otsuThreshold(straight)));
    expect(Math.abs(again)).toBeLessThan(0.2);
  });

  it('finds no skew on a straight page, nor on an empty one', () => {
    const page = linesPage(0);
    expect(Math.abs(estimateSkew(binarize(page, otsuThreshold(page))))).toBeLessThan(0.1);
    const blank = { width: 100, height: 100, pixels: new Uint8Array(10_000).fill(255) };
    expect(estimateSkew(blank)).toBe(0);
  });

  it('fills what turning brings in from outside the page with white', () => {
    const black = { width: 200, height: 100, pixels: new Uint8Array(20_000) };
    const turned = deskew(black, 10);
    expect(turned.pixels[0]).toBe(255);
    expect(turned.pixels[50 * 200 + 100]).toBe(0);
  });

  it('halves an image by averaging 2×2 blocks, and writes a PGM', () => {
    const image = { width: 4, height: 2, pixels: Uint8Array.of(0, 255, 10, 10, 255, 0, 10, 10) };
    expect(halve(image)).toEqual({ width: 2, height: 1, pixels: Uint8Array.of(128, 10) });
    const pgm = toPgm(image);
    expect(pgm.toString('latin1', 0, 11)).toBe('P5\n4 2\n255\n');
    expect(pgm.length).toBe(11 + 8);
  });
});
