import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { badRequest } from '../../lib/errors';
import { crc32 } from '../documents/download/crc32';

/**
 * An xlsx package checked within bounds before exceljs reads it. exceljs streams the ZIP
 * through unzipper, which inflates whatever the local headers hold and keeps shared strings
 * in memory and early worksheets in temporary files: a 10 MB "ZIP bomb" would unpack to
 * gigabytes there. Here the central directory (APPNOTE.TXT §4.3.12) is read first and a
 * package whose entries declare more than XLSX_MAX_UNPACKED_BYTES is refused before anything
 * is inflated; each entry is then inflated to at most its declared size, and one that holds
 * more (or less, or another CRC) is refused as damaged. What exceljs gets is the package
 * rebuilt from the central directory: the same compressed entries, each with its checked
 * sizes in the local header, so unzipper reads exactly the bytes checked here and no entry
 * hidden between them.
 */

/** 50,000 rows of 50 cells are about 100 MB of sheet XML; twice that is not a table. */
export const XLSX_MAX_UNPACKED_BYTES = 200 * 2 ** 20;
/** A workbook has a dozen parts plus one per sheet, image and comment. */
export const XLSX_MAX_ENTRIES = 10_000;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const END_OF_DIRECTORY_BYTES = 22;
const LOCAL_HEADER_BYTES = 30;
const CENTRAL_HEADER_BYTES = 46;
const ENCRYPTED = 0x01;
const UTF8_NAME = 0x0800;
const STORED = 0;
const DEFLATED = 8;

interface Entry {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  packedSize: number;
  size: number;
  offset: number;
}

const unreadable = () => badRequest('errors.importUnreadable', ['xlsx'], 'file');

/** The package as checked, in one buffer; an AppError (400) when damaged or too large. */
export function checkedXlsx(bytes: Buffer): Buffer {
  const entries = centralDirectory(bytes);
  const unpacked = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (unpacked > XLSX_MAX_UNPACKED_BYTES) {
    throw badRequest('errors.importUnpackedTooLarge', [XLSX_MAX_UNPACKED_BYTES / 2 ** 20], 'file');
  }
  const checked = entries.map((entry) => checkedEntry(entry, packedData(bytes, entry)));
  const names = entries.reduce((sum, entry) => sum + entry.name.length, 0);
  const packed = checked.reduce((sum, { entry }) => sum + entry.packedSize, 0);
  const centralSize = entries.length * CENTRAL_HEADER_BYTES + names;
  const localSize = entries.length * LOCAL_HEADER_BYTES + names + packed;
  const zip = Buffer.alloc(localSize + centralSize + END_OF_DIRECTORY_BYTES);
  let offset = 0;
  let central = localSize;
  for (const { entry, data } of checked) {
    central += header(zip, central, CENTRAL_HEADER, entry, offset);
    offset += header(zip, offset, LOCAL_HEADER, entry);
    offset += data.copy(zip, offset);
  }
  zip.writeUInt32LE(END_OF_DIRECTORY, central);
  zip.writeUInt16LE(entries.length, central + 8);
  zip.writeUInt16LE(entries.length, central + 10);
  zip.writeUInt32LE(centralSize, central + 12);
  zip.writeUInt32LE(localSize, central + 16);
  return zip;
}

/** The entries the central directory lists; ZIP64, encrypted or out-of-bounds ones refused. */
function centralDirectory(bytes: Buffer): Entry[] {
  if (bytes.length < END_OF_DIRECTORY_BYTES) throw unreadable();
  const end = bytes.lastIndexOf(
    Buffer.from([0x50, 0x4b, 0x05, 0x06]),
    bytes.length - END_OF_DIRECTORY_BYTES,
  );
  if (end < 0 || end + END_OF_DIRECTORY_BYTES > bytes.length) throw unreadable();
  const count = bytes.readUInt16LE(end + 10);
  const start = bytes.readUInt32LE(end + 16);
  if (count > XLSX_MAX_ENTRIES || start > end) throw unreadable();
  const entries: Entry[] = [];
  let at = start;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL_HEADER) throw unreadable();
    const nameEnd = at + 46 + bytes.readUInt16LE(at + 28);
    const entry: Entry = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      crc: bytes.readUInt32LE(at + 16),
      packedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
      name: bytes.subarray(at + 46, nameEnd),
    };
    if (nameEnd > end || entry.flags & ENCRYPTED || entry.size === 0xffffffff) throw unreadable();
    entries.push(entry);
    at = nameEnd + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

function packedData(bytes: Buffer, entry: Entry): Buffer {
  const at = entry.offset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) throw unreadable();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.packedSize > bytes.length) throw unreadable();
  return bytes.subarray(start, start + entry.packedSize);
}

/**
 * Inflates the entry to at most the size it declares, and refuses it as damaged when its
 * bytes are not exactly that size and CRC (the inflated bytes are then dropped). A stored
 * entry is deflated: exceljs's reader was seen to lose a stored xl/workbook.xml now and then
 * (about one read in four of a stored package failed), never a deflated one.
 */
function checkedEntry(entry: Entry, packed: Buffer): { entry: Entry; data: Buffer } {
  let data: Buffer;
  if (entry.method === STORED) {
    data = packed;
  } else if (entry.method === DEFLATED) {
    try {
      data = inflateRawSync(packed, { maxOutputLength: Math.max(entry.size, 1) });
    } catch {
      throw unreadable();
    }
  } else {
    throw unreadable();
  }
  if (data.length !== entry.size || crc32(data) !== entry.crc) throw unreadable();
  if (entry.method === DEFLATED) return { entry, data: packed };
  const deflated = deflateRawSync(data, { level: 1 });
  return { entry: { ...entry, method: DEFLATED, packedSize: deflated.length }, data: deflated };
}

/**
 * An entry's local header (30 bytes) or central header (46, with the offset of the local
 * one) and name, written into `zip` at `at`, sizes and CRC as checked; returns its length.
 */
function header(zip: Buffer, at: number, signature: number, entry: Entry, local?: number): number {
  const shift = local === undefined ? 0 : 2; // the central header adds "version made by"
  zip.writeUInt32LE(signature, at);
  zip.writeUInt16LE(20, at + 4 + shift);
  zip.writeUInt16LE(entry.flags & UTF8_NAME, at + 6 + shift);
  zip.writeUInt16LE(entry.method, at + 8 + shift);
  zip.writeUInt32LE(entry.crc, at + 14 + shift);
  zip.writeUInt32LE(entry.packedSize, at + 18 + shift);
  zip.writeUInt32LE(entry.size, at + 22 + shift);
  zip.writeUInt16LE(entry.name.length, at + 26 + shift);
  if (local !== undefined) zip.writeUInt32LE(local, at + 42);
  const fixed = local === undefined ? LOCAL_HEADER_BYTES : CENTRAL_HEADER_BYTES;
  return fixed + entry.name.copy(zip, at + fixed);
}
