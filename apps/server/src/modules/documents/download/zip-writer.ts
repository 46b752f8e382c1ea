import { pipeline, Readable, Transform } from 'node:stream';
import { createDeflateRaw } from 'node:zlib';
import { crc32 } from './crc32';
import { DownloadError } from './download-error';

/**
 * A streaming ZIP writer (PKWARE APPNOTE.TXT 6.3.10). Each entry's header goes out before its
 * data and its CRC and sizes follow the data in a data descriptor (§4.3.9, flag bit 3), so an
 * entry is read once, in chunks, and never held whole. No ZIP64: the writer refuses to pass
 * 4 GB or 65,535 entries rather than write an archive readers would misread.
 */

export interface ZipEntry {
  /** The path in the archive, '/' between folders; written as UTF-8. */
  name: string;
  /** Stored as is: for content that is compressed already, where deflate only costs time. */
  isStored: boolean;
  open(): Promise<Readable>;
}

/** The local wall-clock time the entries are dated with (ZIP dates have no time zone). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Sizes and offsets must stay below 0xffffffff, the value that means "see ZIP64". */
export const ZIP_MAX_BYTES = 0xffffffff - 1;
export const ZIP_MAX_ENTRIES = 0xffff;

// §4.4.4: bit 3 = CRC and sizes in the data descriptor; bit 11 = name is UTF-8.
const FLAGS = 0x0808;
// §4.4.3: 2.0 is the version that introduced deflate and folders.
const VERSION = 20;
// §4.4.2: made on Unix (3), so that Info-ZIP's unzip trusts the UTF-8 flag (for MS-DOS it
// converts names from code page 437 first, "Račun" coming out as "Ra-�un").
const MADE_BY = (3 << 8) | VERSION;
// §4.4.15: on Unix, the mode in the high 16 bits: a regular file, rw-r--r--.
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
const STORED = 0;
const DEFLATED = 8;

interface Written {
  name: Buffer;
  method: number;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

export function zipStream(entries: readonly ZipEntry[], modified: WallClock): Readable {
  if (entries.length > ZIP_MAX_ENTRIES) {
    throw new DownloadError('download.zipTooManyFiles', [entries.length, ZIP_MAX_ENTRIES]);
  }
  return Readable.from(zipChunks(entries, dosDateTime(modified)), { objectMode: false });
}

async function* zipChunks(entries: readonly ZipEntry[], stamp: DosStamp): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const record: Written = {
      name,
      method: entry.isStored ? STORED : DEFLATED,
      offset,
      crc: 0,
      compressed: 0,
      size: 0,
    };
    const header = localHeader(record, stamp);
    yield header;
    for await (const chunk of entryData(await entry.open(), record)) {
      checkLimit(offset + header.length + record.compressed, record.size);
      yield chunk;
    }
    const descriptor = dataDescriptor(record);
    yield descriptor;
    written.push(record);
    offset += header.length + record.compressed + descriptor.length;
  }
  const directory = Buffer.concat(written.map((record) => centralHeader(record, stamp)));
  checkLimit(offset + directory.length, 0);
  yield directory;
  yield endOfDirectory(written.length, directory.length, offset);
}

/** The entry's bytes as written, counting the CRC and sizes into the record as they pass. */
async function* entryData(source: Readable, record: Written): AsyncGenerator<Buffer> {
  const count = (chunk: Buffer) => {
    record.crc = crc32(chunk, record.crc);
    record.size += chunk.length;
  };
  if (record.method === STORED) {
    for await (const chunk of source) {
      const bytes = asBuffer(chunk);
      count(bytes);
      record.compressed += bytes.length;
      yield bytes;
    }
    return;
  }
  const counter = new Transform({
    transform(chunk, _encoding, done) {
      const bytes = asBuffer(chunk);
      count(bytes);
      done(null, bytes);
    },
  });
  // A failure anywhere destroys the deflater with it, which ends the loop below with it.
  const deflated = pipeline(source, counter, createDeflateRaw(), () => undefined);
  for await (const chunk of deflated) {
    const bytes = asBuffer(chunk);
    record.compressed += bytes.length;
    yield bytes;
  }
}

function asBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  throw new TypeError('A ZIP entry must be a stream of bytes');
}

function checkLimit(bytes: number, entrySize: number) {
  if (bytes > ZIP_MAX_BYTES || entrySize > ZIP_MAX_BYTES) {
    const megabytes = Math.ceil(Math.max(bytes, entrySize) / 2 ** 20);
    throw new DownloadError('download.zipTooLarge', [
      megabytes,
      Math.floor(ZIP_MAX_BYTES / 2 ** 20),
    ]);
  }
}

interface DosStamp {
  time: number;
  date: number;
}

/** §4.4.6: MS-DOS time in two-second steps, dates from 1980. */
function dosDateTime(at: WallClock): DosStamp {
  const year = Math.min(Math.max(at.year, 1980), 2107);
  return {
    time: (at.hour << 11) | (at.minute << 5) | Math.floor(at.second / 2),
    date: ((year - 1980) << 9) | (at.month << 5) | at.day,
  };
}

/** §4.3.7: the local file header, sizes and CRC zero as they follow the data. */
function localHeader(record: Written, stamp: DosStamp): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(record.method, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  header.writeUInt16LE(record.name.length, 26);
  return Buffer.concat([header, record.name]);
}

/** §4.3.9, with the optional signature most readers expect. */
function dataDescriptor(record: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(record.crc, 4);
  descriptor.writeUInt32LE(record.compressed, 8);
  descriptor.writeUInt32LE(record.size, 12);
  return descriptor;
}

/** §4.3.12: the central directory file header, where readers look the entry up. */
function centralHeader(record: Written, stamp: DosStamp): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(record.method, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(record.crc, 16);
  header.writeUInt32LE(record.compressed, 20);
  header.writeUInt32LE(record.size, 24);
  header.writeUInt16LE(record.name.length, 28);
  header.writeUInt32LE(FILE_ATTRIBUTES, 38);
  header.writeUInt32LE(record.offset, 42);
  return Buffer.concat([header, record.name]);
}

/** §4.3.16: the end of central directory record, on one disk, without a comment. */
function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}
