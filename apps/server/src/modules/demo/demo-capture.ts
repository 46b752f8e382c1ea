import { centsText } from '@listina/forms';
import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import type { CaptureResult } from '../capture/capture.service';
import { recordCaptureOutcome } from '../capture/outcome';
import type { FoundFields } from '../capture/read-main-file';
import type { FoundValue } from '../capture/text/text-fields';
import { addDays, type DocTypeCode, type PlannedDocument } from './demo-document-plan';

/**
 * What data capture read on the demo documents (issue 27, the capture report): each document's
 * doc.capture_result as the capture job keeps it, and the outcome of its values worked out by
 * the same function the job calls (modules/capture/outcome.ts), so the capture report of a new
 * user's first day has something to show. The values are what the document's invoice prints;
 * where a source misread one, the document holds what the user typed over it instead.
 *
 * The demo's files are PDFs with a text layer and nothing else (no e-invoice inside, no payment
 * QR code, no scan), so every value was read from the text layer, as capture reads such a
 * file; where the layout misled it (a due date taken from the delivery date printed beside it,
 * on one document in eight), the user corrected it. Every demo document came in as an upload.
 */

/** How sure the text layer's reading is of what it read (as capture's reader says it). */
const TEXT_CONFIDENCE = 0.9;

/** UNTDID 1001 codes of the demo's document types, as capture reads a document's kind. */
const KIND: Record<DocTypeCode, string> = { INV: '380', CN: '381', ADV: '386', OTH: '325' };

const cents = (amount: number) => centsText(BigInt(amount));

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

/**
 * The value the text layer misread on the document, which the user corrected: on one document
 * in eight, the due date taken from the delivery date printed three days before it.
 */
function misread(index: number, values: Record<string, string>): [string, string] | undefined {
  const { dueDate } = values;
  return index % 8 === 5 && dueDate ? ['dueDate', addDays(dueDate, -3)] : undefined;
}

/** What capture kept on a demo document, as the capture job writes it. */
export function demoCaptureResult(doc: PlannedDocument, index: number): CaptureResult {
  const values = printed(doc);
  const wrong = misread(index, values);
  const fields: FoundFields = {};
  for (const [field, value] of Object.entries(values)) {
    const read = wrong?.[0] === field ? wrong[1] : value;
    const found: FoundValue = { value: read, confidence: TEXT_CONFIDENCE, source: 'text' };
    fields[field as keyof FoundFields] = found;
  }
  return {
    source: 'text',
    sources: ['text'],
    fields,
    documentTypeCode: KIND[doc.type],
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
