import { AppError } from '../../../lib/errors';

/**
 * Why a download cannot be built. Each code has a message in catalogue/<locale>/download.json;
 * the parameters fill its {0}, {1}. It is an AppError with status 400, so the error handler
 * answers it like any other bad request: the choice of documents or mode is the caller's.
 */
export const DOWNLOAD_ERROR_CODES = [
  /** No documents at all: []. */
  'download.noDocuments',
  /** Original mode with more than one document: [count]. */
  'download.oneDocumentForOriginal',
  /** Nothing to show: [titles of the documents without one, comma-separated]. */
  'download.noMainFile',
  /** A zip of documents that have no files: []. */
  'download.noFiles',
  /** Over the 4 GB a ZIP without ZIP64 can address: [megabytes, limit in megabytes]. */
  'download.zipTooLarge',
  /** Over the 65,535 entries a ZIP without ZIP64 can list: [count, limit]. */
  'download.zipTooManyFiles',
  /** More main files than a merged PDF is built from in memory: [megabytes, limit]. */
  'download.pdfTooLarge',
  /** A PDF that is encrypted or damaged: [file name, document title]. */
  'download.unreadablePdf',
] as const;

export type DownloadErrorCode = (typeof DOWNLOAD_ERROR_CODES)[number];

export class DownloadError extends AppError {
  override readonly name = 'DownloadError';

  constructor(
    readonly code: DownloadErrorCode,
    readonly parameters: (string | number)[] = [],
  ) {
    super(400, [{ code, parameters }]);
  }
}
