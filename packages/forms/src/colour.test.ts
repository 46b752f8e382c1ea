import { describe, expect, it } from 'vitest';
import {
  colourBrightness,
  contrastTextColour,
  DEFAULT_COLOUR,
  isValidColour,
  normaliseColour,
  randomColour,
} from './colour';

describe('colour (spec §5, §9)', () => {
  it('is valid as # and six hex digits', () => {
    expect(isValidColour('#A1b2C3')).toBe(true);
    for (const value of ['A1B2C3', '#FFF', '#GGGGGG', '#1234567', '', null, 0xffffff]) {
      expect(isValidColour(value), String(value)).toBe(false);
    }
  });

  it('defaults to #EEEEEE', () => {
    expect(DEFAULT_COLOUR).toBe('#EEEEEE');
    expect(normaliseColour('nope')).toBe('#EEEEEE');
    expect(normaliseColour('#a1b2c3')).toBe('#A1B2C3');
  });

  it('puts black text on a colour brighter than 186, else white', () => {
    expect(colourBrightness('#FFFFFF')).toBeCloseTo(255);
    expect(contrastTextColour('#FFFFFF')).toBe('#000000');
    expect(contrastTextColour('#EEEEEE')).toBe('#000000');
    expect(contrastTextColour('#000000')).toBe('#FFFFFF');
    expect(contrastTextColour('#FF0000')).toBe('#FFFFFF');
    expect(contrastTextColour('#FFFF00')).toBe('#000000');
    // 0.299·186 + 0.587·186 + 0.114·186 is exactly 186: not above it, so white.
    expect(contrastTextColour('#BABABA')).toBe('#FFFFFF');
    expect(contrastTextColour('#BBBBBB')).toBe('#000000');
    expect(contrastTextColour('garbage')).toBe('#000000');
  });

  it('makes a valid random colour', () => {
    expect(randomColour(() => 0)).toBe('#000000');
    expect(randomColour(() => 0.9999999999)).toBe('#FFFFFF');
    expect(isValidColour(randomColour())).toBe(true);
  });
});
