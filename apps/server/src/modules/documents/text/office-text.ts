import { inflateRawSync } from 'node:zlib';
import { xmlText, type XmlTextRules } from './xml-text';

/**
 * The text of Office Open XML and OpenDocument files: the XML parts that hold a document's
 * words, read from the ZIP's central directory (APPNOTE.TXT §4.3.12) and inflated with
 * node:zlib. Encrypted, ZIP64 and other than stored or deflated entries are passed over.
 */

export type OfficeKind = 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods';

interface PartRules extends XmlTextRules {
  /** The names of the parts read, in the order the ZIP lists them. */
  parts: RegExp;
}

const ODF: PartRules = {
  parts: /^content\.xml$/,
  hasAttributeText: false,
  breaks: new Set(['p', 'h', 'tab', 's', 'line-break', 'table-cell']),
  // Deleted text kept for change tracking is not the document's text.
  isSkipped: (name) => name === 'tracked-changes',
};

// ECMA-376 part 1: text runs (w:t, a:t, t), cell values (v); a cell of type s holds an index
// into the shared strings, which are read on their own.
const PART_RULES: Record<OfficeKind, PartRules> = {
  docx: {
    parts: /^word\/(?:document|header\d*|footer\d*|footnotes|endnotes)\.xml$/,
    hasAttributeText: false,
    textIn: new Set(['t']),
    breaks: new Set(['p', 'tab', 'br', 'cr', 'tc']),
  },
  xlsx: {
    parts: /^xl\/(?:sharedStrings|worksheets\/sheet\d+)\.xml$/,
    hasAttributeText: false,
    textIn: new Set(['t', 'v']),
    breaks: new Set(['si', 'c', 'row']),
    isSkipped: (name, attributes) => name === 'c' && /\st\s*=\s*["']s["']/.test(attributes),
  },
  pptx: {
    parts: /^ppt\/slides\/slide\d+\.xml$/,
    hasAttributeText: false,
    textIn: new Set(['t']),
    breaks: new Set(['p', 'br']),
  },
  odt: ODF,
  ods: ODF,
};

/** A part larger than this when inflated is left out (a ZIP bomb, or no document's text). */
const MAX_PART_BYTES = 32 * 1024 * 1024;
/**
 * All parts together inflate to at most this much. Without it, a central directory listing
 * one 32 MB part thousands of times (the overlapping-entries bomb, a few kilobytes per entry)
 * kept the upload busy inflating for hours.
 */
export const MAX_OFFICE_INFLATED_BYTES = 2 * MAX_PART_BYTES;

const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY = Buffer.from('PK\x05\x06', 'latin1');
const ENCRYPTED = 0x01;
const STORED = 0;
const DEFLATED = 8;

interface Entry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/** The text of the parts, as far as maxChars; '' when the ZIP cannot be read. */
export function officeText(kind: OfficeKind, zip: Buffer, maxChars: number): string {
  const rules = PART_RULES[kind];
  const texts: string[] = [];
  let length = 0;
  let budget = MAX_OFFICE_INFLATED_BYTES;
  for (const entry of centralDirectory(zip)) {
    if (length >= maxChars || budget <= 0) break;
    if (!rules.parts.test(entry.name)) continue;
    const { data, cost } = entryData(zip, entry, Math.min(MAX_PART_BYTES, budget));
    budget -= cost;
    const text = data && xmlText(data.toString('utf8'), rules);
    if (!text) continue;
    texts.push(text);
    length += text.length;
  }
  return texts.join(' ');
}

function centralDirectory(zip: Buffer): Entry[] {
  // The end record is the last 22 bytes, before a comment of at most 65535 bytes (§4.3.16).
  const end = zip.lastIndexOf(END_OF_DIRECTORY);
  if (end < 0 || end < zip.length - 22 - 0xffff || end + 22 > zip.length) return [];
  const count = zip.readUInt16LE(end + 10);
  const entries: Entry[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let n = 0; n < count && at + 46 <= zip.length; n++) {
    if (zip.readUInt32LE(at) !== CENTRAL_HEADER) break;
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

interface Read {
  /** The entry's content, or undefined when it cannot (or should not) be read. */
  data?: Buffer;
  /** The bytes inflated (or, for an entry given up, that could have been) on the way. */
  cost: number;
}

/** The entry's content, as long as `limit` at most. */
function entryData(zip: Buffer, entry: Entry, limit: number): Read {
  const local = entry.localOffset;
  if (entry.flags & ENCRYPTED || local + 30 > zip.length) return { cost: 0 };
  if (zip.readUInt32LE(local) !== LOCAL_HEADER) return { cost: 0 };
  // The local header's extra field may differ in length from the central one (§4.4.11).
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (entry.method === STORED) {
    return data.length <= limit ? { data, cost: data.length } : { cost: 0 };
  }
  if (entry.method !== DEFLATED) return { cost: 0 };
  try {
    const inflated = inflateRawSync(data, { maxOutputLength: limit });
    return { data: inflated, cost: inflated.length };
  } catch {
    // Corrupt, or larger than the limit: the other parts may still be read.
    return { cost: limit };
  }
}
