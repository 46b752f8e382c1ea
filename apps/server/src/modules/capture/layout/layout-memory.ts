import { sql } from 'kysely';
import { centsOf } from '@listina/forms';
import type { Trx } from '../../../db/scope';
import type { FoundValue } from '../text/text-fields';
import type { WriteHook } from '../../tables/write-hooks';
import {
  compactPages,
  HINT_FIELDS,
  isLayoutHint,
  isSameValue,
  layoutPages,
  learnHint,
  readByHint,
  type HintField,
} from './layout-learning';
import type { LayoutPage } from './page-words';

/**
 * Layout learning in the database (issue 23, migration 0033, ADR 0018): the capture job keeps
 * the words of a document's pages (capture_layout) and reads a supplier's new document by the
 * hints its earlier ones taught (capture_layout_hint); every write of a captured document
 * with a supplier rewrites that document's hints from what its user corrected or filled, so
 * that an undo of the save forgets them as it forgets capture_correction's lines.
 */

/** A captured value a hint read: marked so that the form shows it was learned. */
export type LayoutFoundValue = FoundValue & { layout: true };

type Fields = Partial<Record<string, FoundValue & { learnedFrom?: string | null; layout?: true }>>;

/** The supplier's (the partner's) columns of the fields no doc column keeps. */
const PARTNER_COLUMNS: Partial<Record<HintField, string>> = {
  vatId: 'vat_id',
  supplierName: 'name',
};

/** A hint is tried only while it reads nothing: the latest few of each field. */
const HINTS_PER_FIELD = 3;

/** The words of the document's pages kept for learning, or none kept when it has none. */
export async function storeLayout(
  trx: Trx,
  organizationId: string,
  docId: string,
  pages: readonly LayoutPage[] | undefined,
): Promise<void> {
  if (!pages || !pages.some((page) => page.words.length > 0)) {
    await sql`
      delete from capture_layout where organization_id = ${organizationId} and doc_id = ${docId}
    `.execute(trx);
    return;
  }
  await sql`
    insert into capture_layout (organization_id, doc_id, words)
    values (${organizationId}, ${docId}, ${JSON.stringify(compactPages(pages))}::jsonb)
    on conflict (organization_id, doc_id)
    do update set words = excluded.words, created_at = now()
  `.execute(trx);
}

/**
 * The fields read where the supplier's earlier documents taught: in place of what was found,
 * except an e-invoice's (the supplier's own data, not read from the page) and one read surer
 * than the hint read it (a hint whose label is gone reads by its box, less sure).
 */
export async function applyLayoutHints<F extends Fields>(
  trx: Trx,
  organizationId: string,
  partnerKey: string,
  pages: readonly LayoutPage[] | undefined,
  fields: F,
): Promise<F> {
  if (!pages || !pages.some((page) => page.words.length > 0)) return fields;
  const { rows } = await sql<{ field: string; hint: unknown }>`
    select field, hint from (
      select field, hint,
        row_number() over (partition by field order by updated_at desc, doc_id desc) as n
      from capture_layout_hint
      where organization_id = ${organizationId} and partner_key = ${partnerKey}::uuid
    ) h
    where n <= ${HINTS_PER_FIELD}
    order by field, n
  `.execute(trx);
  const read: Fields = { ...fields };
  for (const field of HINT_FIELDS) {
    const existing = fields[field];
    if (existing?.source === 'einvoice') continue;
    for (const { hint } of rows.filter((r) => r.field === field)) {
      // A hint of another shape (written by another version) is passed over.
      if (!isLayoutHint(hint)) continue;
      const found = readByHint(pages, field, hint);
      if (!found) continue;
      // Read by its box alone (the label is gone), a hint gives way to a surer reading.
      if (existing && existing.confidence > found.confidence) break;
      read[field] = { ...found, layout: true } satisfies LayoutFoundValue;
      break;
    }
  }
  return keepSums(fields, read) as F;
}

const SUMS = ['netAmount', 'vatAmount', 'totalAmount'] as const;
/** Confidence of an amount a hint read when the sums do not add up: below review (0.9). */
const UNSURE_SUM = 0.7;

/** Whether net + VAT = total: true or false when all three are there, else undefined. */
function adds(fields: Fields): boolean | undefined {
  const [net, vat, total] = SUMS.map((field) => centsOf(fields[field]?.value));
  return net === undefined || vat === undefined || total === undefined
    ? undefined
    : net + vat === total;
}

/**
 * The amounts hints read, unless they break sums that added up as found: an invoice with
 * another VAT rate than the one the hint's label names ("Osnova za DDV 22 %") has its net in
 * two lines, which the reader adds and a hint would take one of.
 */
export function keepSums<F extends Fields>(found: F, read: F): F {
  if (adds(read) !== false) return read;
  const kept: Fields = { ...read };
  for (const field of SUMS) {
    const value = read[field];
    if (!value?.layout) continue;
    // Sums that did not add up as found either: what the hint read is to be checked.
    kept[field] =
      adds(found) === true
        ? found[field]
        : { ...value, confidence: Math.min(value.confidence, UNSURE_SUM) };
  }
  return kept as F;
}

/** A column's value as text, null when empty. */
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value.trim() || null : null;

/**
 * The write hook of the doc table: for each written document that was captured and has a
 * supplier, the hints of the fields its user corrected or filled (a value other than the one
 * capture found), learned where that value stands on its pages. `columns` are the doc columns
 * capture fills, by field (capture.service.ts).
 */
export function rememberLayoutHints(columns: Partial<Record<string, string>>): WriteHook {
  const selected = HINT_FIELDS.flatMap((field) => {
    const column = columns[field];
    const partnerColumn = PARTNER_COLUMNS[field];
    if (column) return [sql`${sql.ref(`d.${column}`)}::text as ${sql.ref(field)}`];
    if (partnerColumn) return [sql`${sql.ref(`p.${partnerColumn}`)}::text as ${sql.ref(field)}`];
    return [];
  });
  return async (trx, organizationId, ids) => {
    if (organizationId === null || ids.length === 0) return;
    const { rows } = await sql<
      Record<string, unknown> & { id: string; customer_key: string | null }
    >`
      select d.id::text as id, d.customer_key::text as customer_key, d.capture_result,
        ${sql.join(selected)}
      from doc d
      left join partner p on p.organization_id = d.organization_id and p.key = d.customer_key
      where d.organization_id = ${organizationId} and d.id = any(${ids}::bigint[])
    `.execute(trx);
    const { rows: kept } = await sql<{
      doc_id: string;
      field: string;
      partner_key: string;
      value: string | null;
    }>`
      select doc_id::text as doc_id, field, partner_key::text as partner_key,
        hint->>'value' as value
      from capture_layout_hint
      where organization_id = ${organizationId} and doc_id = any(${ids}::bigint[])
    `.execute(trx);
    // The fields each captured document with a supplier was saved with other than capture
    // found them; none for one without (its supplier taken away, its capture cancelled).
    const changed = rows.map((row) => {
      const fields = (row.capture_result as { fields?: Fields } | null)?.fields;
      const saved = HINT_FIELDS.flatMap((field) => {
        const value = text(row[field]);
        const found = fields?.[field]?.value;
        if (!fields || row.customer_key === null || value === null) return [];
        // The currency is never empty (a new document is in euros): learned only when changed.
        if (field === 'currencyCode' && found === undefined) return [];
        return found !== undefined && isSameValue(field, found, value) ? [] : [{ field, value }];
      });
      return { row, saved };
    });
    // A hint stays while its document keeps the value and the supplier it was learned from:
    // a later write (an approval, a payment) learns nothing again.
    const isKept = (
      row: { id: string; customer_key: string | null },
      field: string,
      value: string,
    ) =>
      kept.some(
        (k) =>
          k.doc_id === row.id &&
          k.field === field &&
          k.value === value &&
          k.partner_key === row.customer_key,
      );
    const stale = kept.filter(
      (k) =>
        !changed.some(
          ({ row, saved }) =>
            row.id === k.doc_id &&
            saved.some((s) => s.field === k.field && isKept(row, s.field, s.value)),
        ),
    );
    if (stale.length > 0)
      await sql`
        delete from capture_layout_hint
        where organization_id = ${organizationId}
          and (doc_id, field) in (${sql.join(stale.map((k) => sql`(${k.doc_id}::bigint, ${k.field})`))})
      `.execute(trx);
    const toLearn = changed.flatMap(({ row, saved }) => {
      const fresh = saved.filter((s) => !isKept(row, s.field, s.value));
      return fresh.length > 0 ? [{ row, saved: fresh }] : [];
    });
    if (toLearn.length === 0) return;
    const { rows: layouts } = await sql<{ doc_id: string; words: unknown }>`
      select doc_id::text as doc_id, words from capture_layout
      where organization_id = ${organizationId}
        and doc_id = any(${toLearn.map((c) => c.row.id)}::bigint[])
    `.execute(trx);
    const lines = toLearn.flatMap(({ row, saved }) => {
      const pages = layoutPages(layouts.find((l) => l.doc_id === row.id)?.words);
      if (pages.length === 0) return [];
      return saved.flatMap(({ field, value }) => {
        const hint = learnHint(pages, field, value);
        // With the value it was learned from: kept while the document keeps it.
        return hint
          ? [
              sql`(${organizationId}, ${row.id}, ${row.customer_key}::uuid, ${field},
                ${JSON.stringify({ ...hint, value })}::jsonb)`,
            ]
          : [];
      });
    });
    if (lines.length === 0) return;
    await sql`
      insert into capture_layout_hint (organization_id, doc_id, partner_key, field, hint)
      values ${sql.join(lines)}
    `.execute(trx);
  };
}
