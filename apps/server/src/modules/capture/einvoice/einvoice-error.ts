import { AppError } from '../../../lib/errors';

/**
 * Why a file cannot be read as an e-invoice at all. Each code has a message in
 * catalogue/<locale>/capture.json; the parameters fill its {0}, {1}. It is an AppError with
 * status 400, so a route that passes it on answers like any other bad request.
 */
export const EINVOICE_ERROR_CODES = [
  /** More bytes than are read: [megabytes, limit in megabytes]. */
  'capture.einvoice.tooLarge',
  /** A DOCTYPE or entity declaration, the door to XXE and entity expansion: []. */
  'capture.einvoice.doctype',
  /** Elements nested deeper than any e-invoice needs: [limit]. */
  'capture.einvoice.tooDeep',
  /** Not well-formed XML: [line, parser message]. */
  'capture.einvoice.notWellFormed',
  /** Well-formed, but not e-SLOG 2.0, UBL 2.1 or CII: []. */
  'capture.einvoice.notEInvoice',
  /** A known e-invoice syntax that is not read: [name of the syntax]. */
  'capture.einvoice.unsupportedFormat',
  /** A PDF whose attachments cannot be read (damaged, encrypted, or too slow): []. */
  'capture.einvoice.unreadablePdf',
] as const;

export type EInvoiceErrorCode = (typeof EINVOICE_ERROR_CODES)[number];

export class EInvoiceError extends AppError {
  override readonly name = 'EInvoiceError';

  constructor(
    readonly code: EInvoiceErrorCode,
    readonly parameters: (string | number)[] = [],
  ) {
    super(400, [{ code, parameters }]);
  }
}
