import { sql, type Kysely } from 'kysely';

/**
 * What data capture (issue 7) found on a document: each field's value, confidence, source and
 * where it was found, kept beside the document's own fields (which capture fills only where
 * they were empty), with the reason when it failed and when it ran.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table doc
      add column capture_result jsonb,
      add column capture_error text,
      add column captured_at timestamptz;
  `.execute(db);
}
