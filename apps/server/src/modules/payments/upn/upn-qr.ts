import { UPN_QR_CAPACITY } from './upn-payload';

/**
 * The QR symbol of a UPN QR code as Priloga 7.3 (footnote) and the ZBS technical standard fix
 * it: QR model 2, version 15 (77 × 77 modules), error correction M, an ECI designator 000004
 * (ISO 8859-2) and then the whole text as one byte-mode segment. Written here, not with a
 * library: `qrcode` has no ECI segment, and zxing-wasm's writer (zint) splits the text into
 * numeric and alphanumeric segments where that is shorter, never one byte-mode segment.
 * Tables from ISO/IEC 18004:2015 (7.4 data, 7.5 error correction, 7.7 placement, 7.8 masks,
 * 7.9 format and version information).
 */

export interface QrMatrix {
  /** Modules a side, without the quiet zone (4 modules a side, to be left light). */
  size: number;
  /** rows[y][x]: true for a dark module. */
  rows: boolean[][];
  /** The data mask (0–7): the one with the lowest penalty, unless one was named. */
  mask: number;
}

export const UPN_QR_VERSION = 15;
const SIZE = 17 + 4 * UPN_QR_VERSION;
/** Version 15-M: 5 blocks of 41 data codewords and 5 of 42, 24 error correction codewords each. */
const BLOCK_DATA = [41, 41, 41, 41, 41, 42, 42, 42, 42, 42];
const BLOCK_EC = 24;
const DATA_CODEWORDS = BLOCK_DATA.reduce((sum, n) => sum + n, 0);
const ALIGNMENT = [6, 26, 48, 70];
/** Format information's error correction bits: L 01, M 00, Q 11, H 10. */
const EC_LEVEL_M = 0b00;
const ECI_ISO_8859_2 = 4;

/**
 * The symbol for `payload` (upnPayload's bytes). The data mask is the one of the eight with
 * the lowest penalty (7.8.3), unless `mask` names one.
 */
export function upnQrMatrix(payload: Uint8Array, { mask }: { mask?: number } = {}): QrMatrix {
  const codewords = interleave(dataCodewords(payload));
  const grid = new Grid();
  grid.drawFunctionPatterns();
  grid.drawCodewords(codewords);
  const candidates = mask === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask];
  const symbols = candidates.map((each) => ({ mask: each, rows: grid.masked(each) }));
  const penalties = symbols.map(({ rows }) => (symbols.length > 1 ? penaltyOf(rows) : 0));
  const best = symbols[penalties.indexOf(Math.min(...penalties))];
  if (!best) throw new Error(`No QR data mask ${String(mask)}`);
  return { size: SIZE, ...best };
}

/** 7.4: ECI 4, byte mode with a 16-bit count (versions 10–40), terminator, pad codewords. */
export function dataCodewords(payload: Uint8Array): Uint8Array {
  if (payload.length > UPN_QR_CAPACITY) {
    throw new Error(`UPN QR holds ${UPN_QR_CAPACITY} bytes, not ${payload.length}`);
  }
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0111, 4);
  put(ECI_ISO_8859_2, 8);
  put(0b0100, 4);
  put(payload.length, 16);
  for (const byte of payload) put(byte, 8);
  const capacity = DATA_CODEWORDS * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0; bits.length < capacity; pad++) put(pad % 2 ? 0x11 : 0xec, 8);
  return Uint8Array.from({ length: DATA_CODEWORDS }, (_, i) =>
    bits.slice(i * 8, i * 8 + 8).reduce((byte, bit) => (byte << 1) | bit, 0),
  );
}

/** 7.5–7.6: each block with its Reed-Solomon codewords, then read column by column. */
function interleave(data: Uint8Array): number[] {
  const divisor = reedSolomonDivisor(BLOCK_EC);
  let offset = 0;
  const blocks = BLOCK_DATA.map((length) => {
    const block = [...data.subarray(offset, offset + length)];
    offset += length;
    return { data: block, ec: reedSolomonRemainder(block, divisor) };
  });
  const result: number[] = [];
  for (let i = 0; i < Math.max(...BLOCK_DATA); i++) {
    for (const block of blocks) if (i < block.data.length) result.push(block.data[i] ?? 0);
  }
  for (let i = 0; i < BLOCK_EC; i++) for (const block of blocks) result.push(block.ec[i] ?? 0);
  return result;
}

/** Product in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11d). */
function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** The generator polynomial (x − α^0)…(x − α^(degree−1)), leading 1 left out. */
function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j] ?? 0, root) ^ (result[j + 1] ?? 0);
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

function reedSolomonRemainder(data: number[], divisor: number[]): number[] {
  const result = new Array<number>(divisor.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() ?? 0);
    result.push(0);
    divisor.forEach((coefficient, i) => {
      result[i] = (result[i] ?? 0) ^ gfMultiply(coefficient, factor);
    });
  }
  return result;
}

/** BCH code of `data` (bits) with the generator `generator` of `degree`, appended to it. */
function bch(data: number, generator: number, degree: number): number {
  let remainder = data;
  for (let i = 0; i < degree; i++)
    remainder = (remainder << 1) ^ ((remainder >>> (degree - 1)) * generator);
  return (data << degree) | (remainder & ((1 << degree) - 1));
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Grid {
  readonly rows = Array.from({ length: SIZE }, () => new Array<boolean>(SIZE).fill(false));
  readonly isFunction = Array.from({ length: SIZE }, () => new Array<boolean>(SIZE).fill(false));

  private set(x: number, y: number, isDark: boolean): void {
    const row = this.rows[y];
    const functionRow = this.isFunction[y];
    if (!row || !functionRow || x < 0 || x >= SIZE) return;
    row[x] = isDark;
    functionRow[x] = true;
  }

  /** 7.3: finder patterns with separators, timing, alignment, version; format reserved. */
  drawFunctionPatterns(): void {
    for (let i = 0; i < SIZE; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [
      [3, 3],
      [SIZE - 4, 3],
      [3, SIZE - 4],
    ] as const) {
      this.square(cx, cy, 4, (distance) => distance !== 2 && distance !== 4);
    }
    const last = ALIGNMENT.length - 1;
    ALIGNMENT.forEach((cx, i) =>
      ALIGNMENT.forEach((cy, j) => {
        const isOnFinder =
          (i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0);
        if (!isOnFinder) this.square(cx, cy, 2, (distance) => distance !== 1);
      }),
    );
    this.drawFormat(0);
    const version = bch(UPN_QR_VERSION, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const [a, b] = [SIZE - 11 + (i % 3), Math.floor(i / 3)];
      this.set(a, b, ((version >>> i) & 1) === 1);
      this.set(b, a, ((version >>> i) & 1) === 1);
    }
  }

  private square(cx: number, cy: number, radius: number, isDark: (distance: number) => boolean) {
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        this.set(cx + dx, cy + dy, isDark(Math.max(Math.abs(dx), Math.abs(dy))));
      }
    }
  }

  /** 7.9.1: the two copies of level and mask, masked with 101010000010010, and the dark module. */
  drawFormat(mask: number): void {
    const bits = bch((EC_LEVEL_M << 3) | mask, 0x537, 10) ^ 0x5412;
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.set(SIZE - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.set(8, SIZE - 15 + i, bit(i));
    this.set(8, SIZE - 8, true);
  }

  /** 7.7.3: two-module columns from the right, up and down in turn, skipping column 6. */
  drawCodewords(codewords: number[]): void {
    let i = 0;
    for (let right = SIZE - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      const isUpward = ((right + 1) & 2) === 0;
      for (let step = 0; step < SIZE; step++) {
        const y = isUpward ? SIZE - 1 - step : step;
        for (const x of [right, right - 1]) {
          const row = this.rows[y];
          if (!row || this.isFunction[y]?.[x]) continue;
          // Past the last codeword: the remainder bits, light.
          row[x] = (((codewords[i >>> 3] ?? 0) >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
    }
  }

  /** The symbol with `mask` applied to the data modules and its format information drawn. */
  masked(mask: number): boolean[][] {
    const isMasked = MASKS[mask];
    if (!isMasked) throw new Error(`No QR data mask ${mask}`);
    const copy = new Grid();
    this.rows.forEach((row, y) =>
      row.forEach((isDark, x) => {
        const isData = !this.isFunction[y]?.[x];
        (copy.rows[y] as boolean[])[x] = isDark !== (isData && isMasked(x, y));
        (copy.isFunction[y] as boolean[])[x] = !isData;
      }),
    );
    copy.drawFormat(mask);
    return copy.rows;
  }
}

/** 7.8.3: the four penalties (runs, 2 × 2 blocks, finder-like patterns, dark proportion). */
function penaltyOf(rows: boolean[][]): number {
  const columns = rows.map((_, x) => rows.map((row) => row[x] ?? false));
  let penalty = 0;
  for (const line of [...rows, ...columns]) penalty += runPenalty(line) + finderLikePenalty(line);
  for (let y = 0; y < SIZE - 1; y++) {
    for (let x = 0; x < SIZE - 1; x++) {
      const colour = rows[y]?.[x];
      if (
        rows[y]?.[x + 1] === colour &&
        rows[y + 1]?.[x] === colour &&
        rows[y + 1]?.[x + 1] === colour
      ) {
        penalty += 3;
      }
    }
  }
  const dark = rows.flat().filter(Boolean).length;
  penalty += 10 * Math.floor(Math.abs((dark * 100) / (SIZE * SIZE) - 50) / 5);
  return penalty;
}

function runPenalty(line: boolean[]): number {
  let penalty = 0;
  let run = 1;
  for (let i = 1; i <= line.length; i++) {
    if (i < line.length && line[i] === line[i - 1]) run++;
    else {
      if (run >= 5) penalty += run - 2;
      run = 1;
    }
  }
  return penalty;
}

/** 1:1:3:1:1 dark-light-dark-light-dark with four light modules (or the edge) on one side. */
function finderLikePenalty(line: boolean[]): number {
  const pattern = [true, false, true, true, true, false, true];
  const isLight = (i: number) => i < 0 || i >= line.length || !line[i];
  let penalty = 0;
  for (let i = 0; i + pattern.length <= line.length; i++) {
    if (!pattern.every((dark, k) => line[i + k] === dark)) continue;
    const before = [1, 2, 3, 4].every((k) => isLight(i - k));
    const after = [0, 1, 2, 3].every((k) => isLight(i + pattern.length + k));
    if (before || after) penalty += 40;
  }
  return penalty;
}
