import type { Sniff } from './file-kinds';

/**
 * Office packages told apart by the entries of a ZIP (APPNOTE.TXT §4.3.7 local file headers).
 * The central directory sits at the end of the file, beyond the head, so the local headers
 * are walked from the start instead, as far as the head reaches.
 */

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const LOCAL_HEADER_BYTES = Buffer.from('PK\x03\x04', 'latin1');
const CENTRAL_HEADER_BYTES = Buffer.from('PK\x01\x02', 'latin1');
// Bit 3: sizes are zero here and follow the data in a data descriptor (APPNOTE §4.4.4).
const SIZES_AFTER_DATA = 0x08;
const STORED = 0;

const ODF_TYPES: Readonly<Record<string, Sniff>> = {
  'application/vnd.oasis.opendocument.text': { kind: 'odt' },
  'application/vnd.oasis.opendocument.spreadsheet': { kind: 'ods' },
};

// ECMA-376 part 2: the main part of each package lives under its own folder.
const OOXML_FOLDERS: readonly [string, Sniff][] = [
  ['word/', { kind: 'docx' }],
  ['xl/', { kind: 'xlsx' }],
  ['ppt/', { kind: 'pptx' }],
];

export const isZip = (head: Buffer): boolean =>
  head.length >= 4 && head.readUInt32LE(0) === LOCAL_HEADER;

interface ZipEntry {
  name: string;
  method: number;
  /** The entry's data when it is wholly in the head and its size is in the local header. */
  data?: Buffer;
}

interface ZipListing {
  entries: ZipEntry[];
  /** The walk reached the central directory: no entry is missing from the list. */
  isComplete: boolean;
}

/** odt, ods, docx, xlsx or pptx by the entries; unknown for any other ZIP. */
export function sniffZip(head: Buffer): Sniff {
  const { entries, isComplete } = listEntries(head);
  const [first] = entries;
  // ODF 1.2 part 3 §3.3: an uncompressed "mimetype" entry comes first and names the type.
  if (first?.name === 'mimetype' && first.method === STORED && first.data) {
    const odf = ODF_TYPES[first.data.toString('latin1').trim()];
    return odf ?? { kind: 'unknown', reason: 'unrecognised' };
  }
  const names = entries.map((entry) => entry.name);
  if (names.some((name) => /(?:^|\/)vbaProject\.bin$/i.test(name))) {
    return { kind: 'unknown', reason: 'macros' };
  }
  // ECMA-376 part 2 §10.1.2.4: a package has [Content_Types].xml; LibreOffice writes it last,
  // so when the head ends before the listing does, its absence proves nothing.
  if (isComplete && !names.includes('[Content_Types].xml')) {
    return { kind: 'unknown', reason: 'unrecognised' };
  }
  for (const name of names) {
    const folder = OOXML_FOLDERS.find(([prefix]) => name.startsWith(prefix));
    if (folder) return folder[1];
  }
  return { kind: 'unknown', reason: 'unrecognised' };
}

/** The entries whose local headers lie in the head, in file order. */
function listEntries(head: Buffer): ZipListing {
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at + 30 <= head.length) {
    const signature = head.readUInt32LE(at);
    if (signature === CENTRAL_HEADER || signature === END_OF_DIRECTORY) {
      return { entries, isComplete: true };
    }
    if (signature !== LOCAL_HEADER) break;
    const flags = head.readUInt16LE(at + 6);
    const method = head.readUInt16LE(at + 8);
    const size = head.readUInt32LE(at + 18);
    const nameEnd = at + 30 + head.readUInt16LE(at + 26);
    const dataStart = nameEnd + head.readUInt16LE(at + 28);
    if (nameEnd > head.length) break;
    // Entry names are ASCII in every package kind looked for; latin1 never throws.
    const entry: ZipEntry = { name: head.toString('latin1', at + 30, nameEnd), method };
    entries.push(entry);
    // 0xffffffff: the size is in a ZIP64 extra field (APPNOTE §4.5.3); search on instead.
    if (flags & SIZES_AFTER_DATA || size === 0xffffffff) {
      at = nextHeader(head, dataStart);
    } else {
      if (dataStart + size <= head.length) entry.data = head.subarray(dataStart, dataStart + size);
      at = dataStart + size;
    }
  }
  return { entries, isComplete: false };
}

/** The next local or central header after data of unknown length, or the end of the head. */
function nextHeader(head: Buffer, from: number): number {
  const found = [LOCAL_HEADER_BYTES, CENTRAL_HEADER_BYTES]
    .map((signature) => head.indexOf(signature, from))
    .filter((at) => at >= 0);
  return found.length > 0 ? Math.min(...found) : head.length;
}
