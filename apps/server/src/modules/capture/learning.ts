import { sql } from 'kysely';
import type { Trx } from '../../db/scope';

/**
 * Learning from corrections (issue 7): what a user changed on a captured document is kept per
 * supplier and organisation (migration 0023), and a supplier's next documents are captured
 * with it.
 *
 * Learned are the fields a supplier keeps from one invoice to the next, where a correction
 * can be right again: its bank account and BIC (an old IBAN printed on the invoice),
 * reference model, purpose code, document type and description. Numbers, dates, amounts and
 * references change with every invoice and are never learned.
 *
 * A correction is the pair (value capture found, or none; value the document was saved with).
 * The next document of the supplier on which capture finds the same value (or again none)
 * gets the value it was corrected to most often, the latest first on a tie; it still fills
 * only fields the user left empty.
 */

interface LearnedField {
  /** The doc column. */
  column: string;
  /** The capture field whose found value it was corrected from; none for fields never read. */
  captured?: string;
}

/** By the name the capture result and the document model use (capture fields first). */
export const LEARNED_FIELDS: Readonly<Record<string, LearnedField>> = {
  iban: { column: 'payment_iban', captured: 'iban' },
  bic: { column: 'payment_bic', captured: 'bic' },
  referenceModel: { column: 'payment_reference_model', captured: 'referenceModel' },
  purposeCode: { column: 'payment_purpose_code', captured: 'purposeCode' },
  description: { column: 'description', captured: 'description' },
  documentTypeId: { column: 'document_type_id' },
};

/** A captured value as doc.capture_result keeps it. */
export interface CapturedValue {
  value: string;
  confidence: number;
  source: string;
  /** Set when learning replaced what was found: the found value it was learned from. */
  learnedFrom?: string | null;
}

type CapturedFields = Record<string, CapturedValue | undefined>;

/** What was found for a field, before learning changed it (null: nothing). */
function foundValue(fields: CapturedFields, name: string): string | null {
  const found = fields[name];
  if (!found) return null;
  return found.learnedFrom !== undefined ? found.learnedFrom : found.value;
}

/** A column's value as text (ids come as strings or numbers), null when empty. */
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value || null : typeof value === 'number' ? String(value) : null;

/**
 * The write hook of the doc table: for each written document that was captured and has a
 * supplier, its corrections now (one line per field it differs in from what was found).
 */
export async function rememberCorrections(
  trx: Trx,
  organizationId: string | null,
  ids: string[],
): Promise<void> {
  if (organizationId === null || ids.length === 0) return;
  const columns = Object.values(LEARNED_FIELDS).map((f) => sql.ref(f.column));
  const { rows } = await sql<Record<string, unknown>>`
    select id, customer_key, capture_result, ${sql.join(columns)}
    from doc
    where organization_id = ${organizationId} and id = any(${ids}::bigint[])
      and capture_result is not null and customer_key is not null
  `.execute(trx);
  if (rows.length === 0) return;
  await sql`
    delete from capture_correction
    where organization_id = ${organizationId}
      and doc_id = any(${rows.map((r) => String(r.id))}::bigint[])
  `.execute(trx);
  const lines = rows.flatMap((row) => {
    const fields = (row.capture_result as { fields?: CapturedFields } | null)?.fields ?? {};
    return Object.entries(LEARNED_FIELDS).flatMap(([name, field]) => {
      const saved = text(row[field.column]);
      const found = field.captured ? foundValue(fields, field.captured) : null;
      if (saved === null || saved === found) return [];
      return [
        sql`(${organizationId}, ${String(row.id)}, ${String(row.customer_key)}::uuid,
        ${name}, ${found}, ${saved})`,
      ];
    });
  });
  if (lines.length === 0) return;
  await sql`
    insert into capture_correction
      (organization_id, doc_id, partner_key, field, found_value, saved_value)
    values ${sql.join(lines)}
  `.execute(trx);
}

/** What learning gives a new capture of the supplier's document. */
export interface Learned {
  /** The captured fields with learned values in place of (or beside) what was found. */
  fields: CapturedFields;
  /** Learned values of document columns no capture field fills (its document type), by column. */
  columns: { column: string; value: string }[];
}

/** Confidence of a learned value: the user chose it for this supplier before. */
const LEARNED_CONFIDENCE = 0.9;

/** A supplier's corrections applied to what capture found on its new document. */
export async function applyLearning(
  trx: Trx,
  organizationId: string,
  partnerKey: string,
  fields: CapturedFields,
): Promise<Learned> {
  const { rows } = await sql<{ field: string; found_value: string | null; saved_value: string }>`
    select field, found_value, saved_value
    from capture_correction
    where organization_id = ${organizationId} and partner_key = ${partnerKey}::uuid
    group by field, found_value, saved_value
    order by count(*) desc, max(updated_at) desc, saved_value
  `.execute(trx);
  const learned: Learned = { fields: { ...fields }, columns: [] };
  for (const [name, field] of Object.entries(LEARNED_FIELDS)) {
    const found = field.captured ? foundValue(fields, field.captured) : null;
    const rule = rows.find((r) => r.field === name && r.found_value === found);
    if (!rule) continue;
    if (field.captured)
      learned.fields[field.captured] = {
        value: rule.saved_value,
        confidence: LEARNED_CONFIDENCE,
        source: 'learned',
        learnedFrom: found,
      };
    else learned.columns.push({ column: field.column, value: rule.saved_value });
  }
  return learned;
}
