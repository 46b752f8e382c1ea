import { getDocument, SAFE_PDFJS_OPTIONS } from '../../../lib/pdfjs';
import { SNIFF_BYTES } from '../../files/file-type';
import { sniffXml } from '../../files/xml-sniff';
import { EInvoiceError } from './einvoice-error';
import { megabytes } from '../../../lib/number-text';

/**
 * The e-invoice XML attached to a PDF/A-3: ZUGFeRD and Factur-X (CII), and XRechnung.
 * shared/domain/PAYMENTS-AND-EINVOICES.md §5.3. pdfjs-dist (legacy build, as in
 * documents/text/pdf-text.ts) lists the embedded files of the catalogue's /Names
 * /EmbeddedFiles tree; nothing is rendered, no font or CMap is loaded.
 */

/** Names the standards give the attached XML, most recent first (compared in lower case). */
const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];
/** A bigger PDF is not searched: an e-invoice PDF with its XML is a few megabytes at most. */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;
/** pdfjs works in this thread: a PDF that takes longer is given up. */
const TIME_LIMIT_MS = 10_000;

interface Attachment {
  filename: string;
  content: Uint8Array;
}

/**
 * The attached e-invoice XML, or null when the PDF has none. A known name (factur-x.xml,
 * zugferd-invoice.xml or ZUGFeRD-invoice.xml, xrechnung.xml) wins; otherwise the first XML
 * attachment that is an e-invoice by its root element. A PDF that cannot be opened is an
 * EInvoiceError ('capture.einvoice.unreadablePdf').
 */
export async function extractEmbeddedXml(pdfBytes: Buffer): Promise<Buffer | null> {
  if (pdfBytes.length > MAX_PDF_BYTES) {
    throw new EInvoiceError('capture.einvoice.tooLarge', [
      megabytes(pdfBytes.length / 1024 / 1024),
      megabytes(MAX_PDF_BYTES / 1024 / 1024),
    ]);
  }
  const attachments = await readAttachments(pdfBytes);
  const byName = (name: string) =>
    attachments.find((attachment) => attachment.filename.toLowerCase() === name);
  const chosen =
    KNOWN_NAMES.map(byName).find((attachment) => attachment !== undefined) ??
    attachments.find(
      (attachment) =>
        attachment.filename.toLowerCase().endsWith('.xml') &&
        sniffXml(Buffer.from(attachment.content.subarray(0, SNIFF_BYTES)))?.kind === 'einvoice-xml',
    );
  return chosen ? Buffer.from(chosen.content) : null;
}

async function readAttachments(pdfBytes: Buffer): Promise<Attachment[]> {
  const deadline = Date.now() + TIME_LIMIT_MS;
  // A copy: pdfjs may take over (detach) the buffer it is given.
  const task = getDocument({ ...SAFE_PDFJS_OPTIONS, data: new Uint8Array(pdfBytes) });
  try {
    const pdf = await beforeDeadline(task.promise, deadline);
    return attachmentList(await beforeDeadline(pdf.getAttachments(), deadline));
  } catch {
    // Not a PDF pdfjs can open (InvalidPDFException, PasswordException), or too slow.
    throw new EInvoiceError('capture.einvoice.unreadablePdf');
  } finally {
    await task.destroy();
  }
}

/**
 * The promise's value, or a rejection once the deadline passes. pdfjs works in this thread,
 * so the deadline is seen between its steps. A promise left behind may still fail later
 * (destroy() ends it): that failure is expected and caught here, never unhandled.
 */
async function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** pdfjs answers null or { [key]: { filename, content, … } }; only what is needed is kept. */
function attachmentList(found: unknown): Attachment[] {
  if (typeof found !== 'object' || found === null) return [];
  return Object.values(found as Record<string, unknown>).flatMap((value) => {
    const { filename, content } = (value ?? {}) as Partial<Attachment>;
    return typeof filename === 'string' && content instanceof Uint8Array
      ? [{ filename, content }]
      : [];
  });
}
