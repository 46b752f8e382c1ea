import { sql, type Kysely } from 'kysely';

/**
 * Full-text search of documents (issue 5): a tsvector of the number and partner (weight A),
 * amounts and description (B) and the files' text (C), built in TypeScript from folded words
 * (modules/documents/text/search-document.ts; PGlite has no unaccent) and kept current by the
 * documents module whenever a document, its files or its partner change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table doc add column search_vector tsvector not null default ''::tsvector;
    create index doc_search_vector_idx on doc using gin (search_vector);
  `.execute(db);
}
