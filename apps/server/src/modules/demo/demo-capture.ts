import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import type { CaptureResult } from '../capture/capture.service';
import { recordCaptureOutcome } from '../capture/outcome';
import type { FoundFields } from '../capture/read-main-file';
import type { CaptureSource, FoundValue } from '../capture/text/text-fields';
import { addDays, type DocTypeCode, type PlannedDocument } from './demo-document-plan';

/**
 * What data capture read on the demo documents (issue 27, the capture report): each document's
 * doc.capture_result as the capture job keeps it, and the outcome of its values worked out by
 * the same function the job calls (modules/capture/outcome.ts), so the capture report of a new
 * user's first day has something to show. The values are what the document's invoice prints;
 * where a source misread one, the document holds what the user typed over it instead.
 *
 * The sources follow the documents by a fixed turn: e-invoices (read exactly), payment QR
 * codes (the payment's values; the rest from the text layer), text layers and scans read by
 * OCR, whose misreads the user corrected. Every demo document came in as an upload.
 */

/** Sources of the documents in turn, by their place among the organisation's. */
const TURN: readonly CaptureSource[] = [
  'einvoice',
  'qr',
  'text',
  'einvoice',
  'text',
  'ocr',
  'einvoice',
  'qr',
  'text',
  'ocr',
];

/** How sure each source is of what it read (as capture's readers say it). */
const CONFIDENCE: Record<CaptureSource, number> = {
  einvoice: 1,
  qr: 0.99,
  text: 0.9,
  ocr: 0.78,
};

/** UNTDID 1001 codes of the demo's document types, as capture reads a document's kind. */
const KIND: Record<DocTypeCode, string> = { INV: '380', CN: '381', ADV: '386', OTH: '325' };

/** The values a payment QR code (UPN QR) holds; the others are read from the text layer. */
const QR_FIELDS: ReadonlySet<string> = new Set([
  'iban',
  'referenceModel',
  'reference',
  'purposeCode',
  'totalAmount',
  'dueDate',
]);

const cents = (amount: number) => (amount / 100).toFixed(2);

/** The values the document's invoice prints, by capture field, where it prints them. */
function printed(doc: PlannedDocument): Record<string, string> {
  const values: Record<string, string | null> = {
    supplierName: doc.supplier.name,
    vatId: doc.supplier.vatId,
    invoiceNumber: doc.number,
    issueDate: doc.issueDate,
    dueDate: doc.dueDate,
    netAmount: cents(doc.net),
    vatAmount: cents(doc.tax),
    totalAmount: cents(doc.total),
    currencyCode: 'EUR',
    iban: doc.iban,
    bic: doc.bic,
    referenceModel: doc.referenceModel,
    reference: doc.reference,
    purposeCode: doc.purposeCode,
  };
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** The last digit of a reference read one off, as a scan's smudge does. */
const smudged = (value: string) =>
  value.replace(
    /(\d)(\D*)$/,
    (_, digit: string, rest: string) => `${(Number(digit) + 1) % 10}${rest}`,
  );

/**
 * The value a source misread on the document, which the user corrected: on every other scan,
 * the reference (else the due date); on one text layer of four, the due date taken from the
 * delivery date printed beside it. None on e-invoices and QR codes.
 */
function misread(
  index: number,
  source: CaptureSource,
  values: Record<string, string>,
): [string, string] | undefined {
  const { reference, dueDate } = values;
  if (source === 'ocr' && index % 20 < 10) {
    if (reference) return ['reference', smudged(reference)];
    if (dueDate) return ['dueDate', addDays(dueDate, -1)];
  }
  if (source === 'text' && index % 40 === 8 && dueDate) return ['dueDate', addDays(dueDate, -3)];
  return undefined;
}

/** The source that read the document: a QR code only where the invoice asks to be paid. */
function sourceOf(doc: PlannedDocument, index: number): CaptureSource {
  const source = TURN[index % TURN.length] ?? 'text';
  const isPayable = doc.type !== 'CN' && doc.iban !== null && doc.reference !== null;
  return source === 'qr' && !isPayable ? 'text' : source;
}

/** What capture kept on a demo document, as the capture job writes it. */
export function demoCaptureResult(doc: PlannedDocument, index: number): CaptureResult {
  const source = sourceOf(doc, index);
  const values = printed(doc);
  const wrong = misread(index, source, values);
  const fields: FoundFields = {};
  for (const [field, value] of Object.entries(values)) {
    const by: CaptureSource = source === 'qr' ? (QR_FIELDS.has(field) ? 'qr' : 'text') : source;
    const read = wrong?.[0] === field ? wrong[1] : value;
    const found: FoundValue = { value: read, confidence: CONFIDENCE[by], source: by };
    fields[field as keyof FoundFields] = found;
  }
  return {
    source,
    sources: source === 'qr' ? ['qr', 'text'] : [source],
    fields,
    documentTypeCode: KIND[doc.type],
    ...(source === 'einvoice'
      ? { einvoice: { format: 'eslog20', valid: true, schemaErrors: [], problems: [] } }
      : {}),
    ...(source === 'qr' ? { qr: [{ kind: 'upnqr' as const, page: 1, problems: [] }] } : {}),
    ...(source === 'ocr' ? { ocr: { pages: [1], skew: [0] } } : {}),
    partner: { key: doc.supplier.key, by: 'vatId' },
  };
}

/** Capture read a document a few minutes after it came in. */
const CAPTURE_DELAY_MS = 3 * 60_000;

/**
 * Keeps what capture read on each demo document (ids in the plan's order) and works out what
 * became of its values, as the capture job does.
 */
export async function seedDemoCapture(
  trx: Trx,
  organizationId: string,
  planned: readonly PlannedDocument[],
  ids: readonly string[],
): Promise<void> {
  const rows = planned.map(
    (doc, index) =>
      sql`(${ids[index]}::bigint, ${JSON.stringify(demoCaptureResult(doc, index))}::jsonb,
        ${new Date(doc.createdAt.getTime() + CAPTURE_DELAY_MS)}::timestamptz)`,
  );
  if (rows.length === 0) return;
  await sql`
    update doc d set capture_result = v.result, capture_state = 'done', capture_error = null,
      captured_at = v.captured_at
    from (values ${sql.join(rows)}) v (id, result, captured_at)
    where d.organization_id = ${organizationId} and d.id = v.id
  `.execute(trx);
  await recordCaptureOutcome(trx, organizationId, ids);
}
