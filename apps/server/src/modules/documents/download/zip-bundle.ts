import type { Readable } from 'node:stream';
import { extensionOf, sanitizeFileName } from '../../files/file-name';
import type { BundleDocument } from './bundle';
import { DownloadError } from './download-error';
import {
  ZIP_MAX_BYTES,
  ZIP_MAX_ENTRIES,
  zipStream,
  type WallClock,
  type ZipEntry,
} from './zip-writer';

/**
 * Every file of every document in a ZIP, a folder per document: "<title>/<name>". Names are
 * made unique the way Windows and macOS compare them (case and Unicode form ignored), with
 * " (2)", " (3)" before the extension, so unpacking never overwrites one file with another.
 */

/**
 * Formats that are compressed already, so deflate would spend time to gain nothing: PDF
 * streams are deflated, PNG and JPEG are, TIFF usually is, and Office and OpenDocument files
 * are ZIP packages themselves.
 */
const STORED_KINDS = new Set(['pdf', 'png', 'jpeg', 'tiff', 'docx', 'xlsx', 'pptx', 'odt', 'ods']);

// APPNOTE §4.3.7, §4.3.9, §4.3.12, §4.3.16: fixed parts of the records around each entry.
const LOCAL_HEADER = 30;
const DATA_DESCRIPTOR = 16;
const CENTRAL_HEADER = 46;
const END_OF_DIRECTORY = 22;

export const isStoredKind = (kind: string) => STORED_KINDS.has(kind);

export function zipBundle(documents: readonly BundleDocument[], modified: WallClock): Readable {
  const entries = zipEntries(documents);
  if (entries.length === 0) throw new DownloadError('download.noFiles');
  return zipStream(entries, modified);
}

function zipEntries(documents: readonly BundleDocument[]): ZipEntry[] {
  const count = documents.reduce((sum, document) => sum + document.files.length, 0);
  if (count > ZIP_MAX_ENTRIES) {
    throw new DownloadError('download.zipTooManyFiles', [count, ZIP_MAX_ENTRIES]);
  }
  const names = zipEntryNames(documents);
  const files = documents.flatMap((document) => document.files.map(({ file }) => file));
  const entries = files.map((file, index) => ({
    name: names[index] ?? file.name,
    isStored: isStoredKind(file.kind),
    open: () => file.open(),
  }));
  const bytes = entries.reduce(
    (sum, entry, index) => sum + entryBytes(entry, files[index]?.size ?? 0),
    END_OF_DIRECTORY,
  );
  // Refused before the first byte, while the route can still answer 400; the writer checks
  // again as it goes, in case a file is longer than its recorded size.
  if (bytes > ZIP_MAX_BYTES) {
    const megabytes = Math.ceil(bytes / 2 ** 20);
    throw new DownloadError('download.zipTooLarge', [
      megabytes,
      Math.floor(ZIP_MAX_BYTES / 2 ** 20),
    ]);
  }
  return entries;
}

/** The most an entry can take: deflate's worst case adds 5 bytes per 16 KB stored block. */
function entryBytes(entry: ZipEntry, size: number): number {
  const name = Buffer.byteLength(entry.name);
  const growth = entry.isStored ? 0 : Math.ceil(size / 16_384) * 5 + 64;
  return LOCAL_HEADER + DATA_DESCRIPTOR + CENTRAL_HEADER + 2 * name + size + growth;
}

/** The path of each file in the archive, in the order of the documents and their files. */
export function zipEntryNames(documents: readonly BundleDocument[]): string[] {
  const folders = uniqueNames();
  return documents.flatMap((document) => {
    // Invoice numbers often have slashes ("2026/17"); in a path they would open folders.
    const folder = folders(sanitizeFileName(document.title.replace(/[/\\]/g, '-')) ?? 'document');
    const names = uniqueNames();
    return document.files.map(
      ({ file }) => `${folder}/${names(sanitizeFileName(file.name) ?? 'file')}`,
    );
  });
}

/** A function that returns each name it is given, or the name numbered if it was taken. */
function uniqueNames(): (name: string) => string {
  const taken = new Set<string>();
  // The next number to try for a name, so that a thousand "scan.pdf" take linear time.
  const next = new Map<string, number>();
  const key = (name: string) => name.normalize('NFC').toLowerCase();
  return (name) => {
    const extension = extensionOf(name);
    const stem = extension ? name.slice(0, -extension.length - 1) : name;
    const suffix = extension ? name.slice(-extension.length - 1) : '';
    let candidate = name;
    let n = next.get(key(name)) ?? 2;
    for (; taken.has(key(candidate)); n++) candidate = `${stem} (${n})${suffix}`;
    next.set(key(name), n);
    taken.add(key(candidate));
    return candidate;
  };
}
