import { Readable } from 'node:stream';
import { DEFAULT_LOCALE } from '@listina/contract';
import type { Locale } from '../../../plugins/i18n';
import { mainFiles, type Bundle, type BundleDocument, type DownloadMode } from './bundle';
import { DownloadError } from './download-error';
import { pdfBundle } from './pdf-bundle';
import { zipBundle } from './zip-bundle';
import type { WallClock } from './zip-writer';

export type { Bundle, BundleDocument, BundleFile, DownloadMode } from './bundle';
export { DOWNLOAD_ERROR_CODES, DownloadError, type DownloadErrorCode } from './download-error';

export interface DownloadOptions {
  /** The time of the download: the date in the file name, the time of the ZIP entries. */
  now?: Date;
  /** The caller's IANA zone for that date and time; UTC when missing or unknown. */
  timeZone?: string;
  /** The language of the pages a merged PDF adds; en-gb when missing. */
  locale?: Locale;
}

/**
 * The content of POST /api/doc/download (issue 5): one document's original file, a zip of
 * every file, or one merged PDF. Whatever is wrong with the request is thrown as a
 * DownloadError before the stream starts, so the route can still answer 400.
 */
export async function buildDownload(
  mode: DownloadMode,
  documents: BundleDocument[],
  options: DownloadOptions,
): Promise<Bundle> {
  if (documents.length === 0) throw new DownloadError('download.noDocuments');
  const now = options.now ?? new Date();
  const clock = wallClock(now, options.timeZone);
  const date = [clock.year, clock.month, clock.day]
    .map((part, i) => String(part).padStart(i === 0 ? 4 : 2, '0'))
    .join('-');
  switch (mode) {
    case 'original':
      return original(documents);
    case 'zip':
      return {
        contentType: 'application/zip',
        filename: `documents-${date}.zip`,
        stream: zipBundle(documents, clock),
      };
    case 'pdf': {
      const pdf = await pdfBundle(documents, { locale: options.locale ?? DEFAULT_LOCALE, now });
      return {
        contentType: 'application/pdf',
        filename: `documents-${date}.pdf`,
        stream: Readable.from([pdf], { objectMode: false }),
      };
    }
  }
}

/** The main file as it was uploaded: its bytes, media type and name unchanged. */
async function original(documents: BundleDocument[]): Promise<Bundle> {
  const [document] = documents;
  if (!document || documents.length > 1) {
    throw new DownloadError('download.oneDocumentForOriginal', [documents.length]);
  }
  const [file] = mainFiles(document);
  if (!file) throw new DownloadError('download.noMainFile', [document.title]);
  return { contentType: file.mime, filename: file.name, stream: await file.open() };
}

/** The date and time on the caller's clock. */
export function wallClock(now: Date, timeZone: string | undefined): WallClock {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = clockFormat(timeZone ?? 'UTC').formatToParts(now);
  } catch {
    // An unknown zone (RangeError): the server's answer should not depend on it.
    parts = clockFormat('UTC').formatToParts(now);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

const clockFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
