import { sql, type Kysely } from 'kysely';

/**
 * What the document files need beyond migration 0013:
 * - server_secret: secrets every server process of the database shares, made here once. The
 *   signed links of preview.info (modules/documents/file-links.ts) are checked by whichever
 *   process gets the request, so their key cannot be one process's random number. Only the
 *   tables' owner reads it (no grant to listina_tenant).
 * - doc_file.text: the readable text of a file (PDF text layer, XML, plain text), which the
 *   document's full-text search covers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table server_secret (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    );
    insert into server_secret (name, value)
    values ('file-links', encode(sha256(convert_to(
      gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'));
    alter table doc_file add column text text not null default '';
  `.execute(db);
}
