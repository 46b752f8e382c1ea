import { sql, type Kysely } from 'kysely';

/**
 * Issue 27: the capture report of one supplier finds that supplier's captured documents of a
 * period from their lines (capture_doc.partner_key), not by looking at every captured value's
 * document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index capture_doc_supplier_idx on capture_doc (organization_id, partner_key, captured_on)
      include (doc_id, captured, corrected)
  `.execute(db);
}
