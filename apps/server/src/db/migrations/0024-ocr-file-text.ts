import { sql, type Kysely } from 'kysely';

/**
 * doc_file.is_ocr_text: the file's text was read by OCR (issue 7, "the text of every file is
 * kept for full-text search"), not taken from its text layer at upload. Capture reads a file's
 * stored text as its text layer only when it is one: OCR's words, read again as if printed,
 * would pass for exact values.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table doc_file add column is_ocr_text boolean not null default false;
  `.execute(db);
}
