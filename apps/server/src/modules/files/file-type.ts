import { withMedia, type Sniff, type SniffedType } from './file-kinds';
import { isOle, sniffOle } from './ole-sniff';
import { sniffXml } from './xml-sniff';
import { isZip, sniffZip } from './zip-sniff';

export { FILE_KINDS } from './file-kinds';
export type { EinvoiceFormat, FileKind, SniffedType, UnknownReason } from './file-kinds';

/**
 * The type of an uploaded file from its first bytes (issue 5: "the type is sniffed from the
 * content, not the name"). The name counts only between doc and xls (see ole-sniff.ts).
 */

/** How much of a file the sniffers read; a longer head is cut to it. */
export const SNIFF_BYTES = 64 * 1024;

const MAGIC: readonly [Buffer, Sniff][] = [
  [Buffer.from('%PDF-', 'latin1'), { kind: 'pdf' }],
  [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), { kind: 'png' }],
  [Buffer.from([0xff, 0xd8, 0xff]), { kind: 'jpeg' }],
  // TIFF 6.0 §2: byte order II (little-endian) or MM (big-endian), then 42.
  [Buffer.from('II*\x00', 'latin1'), { kind: 'tiff' }],
  [Buffer.from('MM\x00*', 'latin1'), { kind: 'tiff' }],
];

const CSV_SEPARATORS = [';', ',', '\t'];
/** The first line of an RFC 5322 message: a header field name and its colon. */
const EMAIL_HEADER = /^[\x21-\x39\x3b-\x7e]{1,76}:[ \t]?\S/;
const CSV_RECORDS_LOOKED_AT = 50;

export function sniffFileType(head: Buffer, name: string): SniffedType {
  return withMedia(sniff(head.subarray(0, SNIFF_BYTES), name));
}

function sniff(head: Buffer, name: string): Sniff {
  if (head.length === 0) return { kind: 'unknown', reason: 'empty' };
  const magic = MAGIC.find(([signature]) => head.subarray(0, signature.length).equals(signature));
  if (magic) return magic[1];
  if (isZip(head)) return sniffZip(head);
  if (isOle(head)) return sniffOle(head, name);
  const xml = sniffXml(head);
  if (xml) return xml;
  // An e-mail (.eml): header lines first. Only by its name as well, since any text may
  // start with a word and a colon.
  if (/\.eml$/i.test(name.trim()) && EMAIL_HEADER.test(head.toString('latin1', 0, 200)))
    return { kind: 'eml' };
  if (!isUtf8Text(head)) return { kind: 'unknown', reason: 'unrecognised' };
  return looksLikeCsv(head.toString('utf8'), head.length >= SNIFF_BYTES)
    ? { kind: 'csv' }
    : { kind: 'text' };
}

/**
 * UTF-8 without NUL or other control characters but tab, line breaks and form feed. A
 * character cut in two by the end of the head is allowed: the file goes on past it.
 */
function isUtf8Text(head: Buffer): boolean {
  for (const byte of head) {
    const isControl = byte < 0x20 || byte === 0x7f;
    if (isControl && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) {
      return false;
    }
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * CSV when one of ; , and tab splits the first records (RFC 4180, quotes respected) into the
 * same number of fields, at least two, over at least two records. A cut head's last record
 * may be incomplete and is left out.
 */
function looksLikeCsv(text: string, isCut: boolean): boolean {
  return CSV_SEPARATORS.some((separator) => {
    const counts = fieldCounts(text, separator);
    if (isCut) counts.pop();
    const [first = 0] = counts;
    return counts.length >= 2 && first >= 2 && counts.every((count) => count === first);
  });
}

/** Fields per non-blank record, for the first records of the text. */
function fieldCounts(text: string, separator: string): number[] {
  const counts: number[] = [];
  let fields = 1;
  let isBlank = true;
  let isQuoted = false;
  for (const char of text) {
    if (char === '"') isQuoted = !isQuoted;
    if (isQuoted) continue;
    if (char === '\n' || char === '\r') {
      if (!isBlank) counts.push(fields);
      if (counts.length >= CSV_RECORDS_LOOKED_AT) return counts;
      fields = 1;
      isBlank = true;
    } else {
      if (char === separator) fields++;
      isBlank = false;
    }
  }
  if (!isBlank) counts.push(fields);
  return counts;
}
