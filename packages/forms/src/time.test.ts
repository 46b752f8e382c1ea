import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTime, parseTime, TIME_OPTIONS, timeOptions } from './time';

const time = (value: string) => ({ value, invalid: false });
const INVALID = { value: null, invalid: true };

describe('time options (spec §9: every 15 minutes)', () => {
  it('run from 00:00 to 23:45 in 96 steps', () => {
    expect(TIME_OPTIONS).toHaveLength(96);
    expect(TIME_OPTIONS.slice(0, 5)).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00']);
    expect(TIME_OPTIONS.at(-1)).toBe('23:45');
  });

  it('take another step and refuse a nonsensical one', () => {
    expect(timeOptions(60)).toHaveLength(24);
    expect(timeOptions(30)[3]).toBe('01:30');
    expect(() => timeOptions(0)).toThrow(RangeError);
    expect(() => timeOptions(1.5)).toThrow(RangeError);
  });
});

describe('parseTime (spec §5: missing parts padded with zeros)', () => {
  it('reads hours alone as whole hours', () => {
    expect(parseTime('9')).toEqual(time('09:00'));
    expect(parseTime('14')).toEqual(time('14:00'));
    expect(parseTime('9:')).toEqual(time('09:00'));
    expect(parseTime('0')).toEqual(time('00:00'));
  });

  it('pads minutes after a separator on the left', () => {
    expect(parseTime('9:5')).toEqual(time('09:05'));
    expect(parseTime('9:30')).toEqual(time('09:30'));
    expect(parseTime('9.30')).toEqual(time('09:30'));
    expect(parseTime('9,30')).toEqual(time('09:30'));
    expect(parseTime('9 30')).toEqual(time('09:30'));
    expect(parseTime(' 23:59 ')).toEqual(time('23:59'));
  });

  it('reads digits only with the last two as minutes', () => {
    expect(parseTime('930')).toEqual(time('09:30'));
    expect(parseTime('0930')).toEqual(time('09:30'));
    expect(parseTime('1415')).toEqual(time('14:15'));
  });

  it('flags impossible times and other text, and gives null for empty text', () => {
    for (const text of [
      '24',
      '24:00',
      '9:60',
      '960',
      '12345',
      'abc',
      '9:30:00',
      ':30',
      '9::30',
      '-1',
    ]) {
      expect(parseTime(text), text).toEqual(INVALID);
    }
    expect(parseTime('')).toEqual({ value: null, invalid: false });
  });

  it('never throws on any text and returns hh:nn or null', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc
        .array(fc.constantFrom('0', '1', '2', '5', '9', ':', '.', ',', ' '), { maxLength: 6 })
        .map((c) => c.join('')),
    );
    fc.assert(
      fc.property(text, (input) => {
        const { value } = parseTime(input);
        if (value !== null) expect(value).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      }),
      { numRuns: 300 },
    );
  });

  it('reads back every time formatTime wrote', () => {
    const anyTime = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }));
    fc.assert(
      fc.property(anyTime, ([hours, minutes]) => {
        const value = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
        expect(parseTime(formatTime(value)).value).toBe(value);
      }),
      { numRuns: 200 },
    );
  });
});

describe('formatTime', () => {
  it('shows hh:nn, dropping seconds a database sends', () => {
    expect(formatTime('9:05')).toBe('09:05');
    expect(formatTime('14:30:00')).toBe('14:30');
    expect(formatTime('14:30:00.123')).toBe('14:30');
    expect(formatTime('25:00')).toBe('');
    expect(formatTime('930')).toBe('');
    expect(formatTime(null)).toBe('');
  });
});
