import { AppError } from '../../lib/errors';

/**
 * Why the pages of a main file cannot be read for QR codes or OCR. Each code is a catalogue
 * key (catalogue/<locale>/capture-sources.json) without parameters, because the document
 * keeps only the key (doc.capture_error) and the form translates it.
 */
export const CAPTURE_ERROR_CODES = [
  /** The PDF does not open: damaged, cut off, or not a PDF at all. */
  'errors.capture.unreadablePdf',
  /** The PDF asks for a password to be opened. */
  'errors.capture.encryptedPdf',
  /** The image is damaged, or in a variant that is not read (TIFF with LZW, say). */
  'errors.capture.unreadableImage',
  /** The image has more pixels than a scanned page at 600 dpi. */
  'errors.capture.pageTooLarge',
  /** The OCR engine failed on the page. */
  'errors.capture.ocrFailed',
  /** Reading took longer than a document is given. */
  'errors.capture.timeout',
] as const;

export type CaptureErrorCode = (typeof CAPTURE_ERROR_CODES)[number];

export class CaptureError extends AppError {
  override readonly name = 'CaptureError';

  constructor(readonly code: CaptureErrorCode) {
    super(400, [{ code }]);
  }
}
