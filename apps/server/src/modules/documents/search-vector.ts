import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import { documentSearchParts, searchVectorSql } from './text/search-document';

interface SearchRow {
  id: string;
  number: string;
  net_amount: string | null;
  vat_amount: string | null;
  total_amount: string | null;
  description: string | null;
  partner_name: string | null;
  partner_code: string | null;
}

/**
 * Brings the full-text search vector of documents up to date (issue 5: number, partner,
 * amounts, description and the files' text), in the writing transaction: after a save, an
 * import or an undo of documents (a write hook of the table engine), after a change of their
 * files, and after a partner they name is renamed.
 */
export async function refreshDocSearch(trx: Trx, organizationId: string | null, docIds: string[]) {
  if (organizationId === null || docIds.length === 0) return;
  const { rows } = await sql<SearchRow>`
    select d.id, d.number, d.net_amount, d.vat_amount, d.total_amount, d.description,
           p.name as partner_name, p.code as partner_code
    from doc d
    left join partner p on p.organization_id = d.organization_id and p.key = d.customer_key
    where d.organization_id = ${organizationId} and d.id = any(${docIds}::bigint[])
  `.execute(trx);
  const files = await sql<{ doc_id: string; text: string }>`
    select doc_id, text from doc_file
    where organization_id = ${organizationId} and doc_id = any(${docIds}::bigint[]) and text <> ''
    order by doc_id, file_type_code <> 'main', created_at, id
  `.execute(trx);
  for (const row of rows) {
    const parts = documentSearchParts({
      number: row.number,
      partnerName: row.partner_name,
      partnerCode: row.partner_code,
      amounts: [row.net_amount, row.vat_amount, row.total_amount].filter((a) => a !== null),
      description: row.description,
      fileTexts: files.rows.filter((f) => f.doc_id === row.id).map((f) => f.text),
    });
    await sql`
      update doc set search_vector = listina_fts_vector(${searchVectorSql(parts)}, organization_id)
      where organization_id = ${organizationId} and id = ${row.id}
    `.execute(trx);
  }
}

/** The documents naming partners that were written (a new name is searched at once). */
export async function refreshPartnerDocs(
  trx: Trx,
  organizationId: string | null,
  partnerIds: string[],
) {
  if (organizationId === null || partnerIds.length === 0) return;
  const { rows } = await sql<{ id: string }>`
    select d.id from doc d
    join partner p on p.organization_id = d.organization_id and p.key = d.customer_key
    where d.organization_id = ${organizationId} and p.id = any(${partnerIds}::bigint[])
  `.execute(trx);
  await refreshDocSearch(
    trx,
    organizationId,
    rows.map((r) => r.id),
  );
}
