import { randomBytes } from 'node:crypto';
import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Table } from './crc32';

describe('CRC-32', () => {
  it('gives the check value of ISO 3309 in both implementations', () => {
    const check = Buffer.from('123456789');
    expect(crc32(check)).toBe(0xcbf43926);
    expect(crc32Table(check)).toBe(0xcbf43926);
  });

  it('computes in pieces what zlib computes at once', () => {
    const data = randomBytes(100_000);
    const whole = zlib.crc32(data);
    expect(crc32Table(data.subarray(40_000), crc32Table(data.subarray(0, 40_000)))).toBe(whole);
    expect(crc32Table(Buffer.alloc(0))).toBe(0);
  });
});
