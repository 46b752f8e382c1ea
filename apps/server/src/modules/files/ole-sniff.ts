import type { Sniff } from './file-kinds';
import { extensionOf } from './file-name';

/**
 * Old Office files: an OLE2 compound file ([MS-CFB]) holds Word, Excel, PowerPoint and
 * Outlook data alike, told apart by the names of its streams. Only the first sector of the
 * directory is read, and that only when the head reaches it; when it does not tell, the
 * name's extension decides between doc and xls: the one place a name sets the kind.
 */

const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENTRY_BYTES = 128;
const STREAM = 2;
// Streams that mark the file as PowerPoint, Outlook or Visio, whatever its name says.
const OTHER_APPS = ['PowerPoint Document', '__properties_version1.0', 'VisioDocument'];

export const isOle = (head: Buffer): boolean => head.subarray(0, 8).equals(SIGNATURE);

export function sniffOle(head: Buffer, name: string): Sniff {
  const streams = streamNames(head);
  // MS-OFFCRYPTO §2.3.4.4: a password-protected docx or xlsx is an OLE file with these.
  if (streams.includes('EncryptedPackage')) return { kind: 'unknown', reason: 'encrypted' };
  const isDoc = streams.includes('WordDocument');
  // "Workbook" is BIFF8 (Excel 97 and later), "Book" BIFF5.
  const isXls = streams.includes('Workbook') || streams.includes('Book');
  if (isDoc !== isXls) return { kind: isDoc ? 'doc' : 'xls' };
  if (streams.some((stream) => OTHER_APPS.includes(stream))) {
    return { kind: 'unknown', reason: 'unrecognised' };
  }
  const extension = extensionOf(name);
  if (extension === 'doc') return { kind: 'doc' };
  if (extension === 'xls') return { kind: 'xls' };
  return { kind: 'unknown', reason: 'unrecognised' };
}

/** Names of the stream entries in the first directory sector ([MS-CFB] §2.2, §2.6.1). */
function streamNames(head: Buffer): string[] {
  if (head.length < 512) return [];
  const sectorShift = head.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return [];
  const sectorBytes = 2 ** sectorShift;
  // Sector n starts after the header, which fills sector -1.
  const start = (head.readUInt32LE(0x30) + 1) * sectorBytes;
  const names: string[] = [];
  for (let at = start; at < start + sectorBytes && at + ENTRY_BYTES <= head.length;) {
    const nameBytes = head.readUInt16LE(at + 0x40);
    if (head[at + 0x42] === STREAM && nameBytes >= 2 && nameBytes <= 64) {
      names.push(head.toString('utf16le', at, at + nameBytes - 2));
    }
    at += ENTRY_BYTES;
  }
  return names;
}
