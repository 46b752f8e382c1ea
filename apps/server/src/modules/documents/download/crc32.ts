import * as zlib from 'node:zlib';

/**
 * CRC-32 (ISO 3309, the one ZIP and PNG use), continued from a previous value. Node has it
 * natively from 20.15 and 22.2; the table version keeps older runtimes working.
 */
export type Crc32 = (data: Uint8Array, previous?: number) => number;

type MaybeCrc32 = { crc32?: Crc32 };

export const crc32Table: Crc32 = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return (data, previous = 0) => {
    let crc = ~previous >>> 0;
    for (const byte of data) crc = (table[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
    return ~crc >>> 0;
  };
})();

// The types of @types/node 20 declare crc32 whatever the runtime; the lookup checks for real.
const native = (zlib as MaybeCrc32).crc32;

export const crc32: Crc32 = native ?? crc32Table;
