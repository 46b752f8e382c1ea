import { sql, type Kysely } from 'kysely';

/**
 * Search (spec §7: `search`, case- and accent-insensitive) is `search_text like '%…%'` over
 * the engine's normalised text. Without an index that reads every row of the organisation;
 * a trigram index (pg_trgm, a trusted extension in PostgreSQL and a contrib extension of
 * PGlite) answers it from the index for any search of three or more characters. Small code
 * lists are read whole anyway and get none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create extension if not exists pg_trgm;
    create index partner_search_trgm_idx on partner using gin (search_text gin_trgm_ops);
    create index company_register_search_trgm_idx on company_register
      using gin (search_text gin_trgm_ops);
  `.execute(db);
}
