import { sql, type Kysely } from 'kysely';

/**
 * Full-text search words of each organisation apart (bench/README.md, "Documents at scale").
 * One GIN index holds every organisation's words, and a prefix query ('servis':*) collects
 * the postings of every word it expands to in all of them before the organisation's rows are
 * picked: a common word took 210 ms at 1,000,000 documents, and would grow with every new
 * customer. Each stored word now carries its organisation ('7_servis'), and a query is
 * written for the scope's organisation only, so a search reads that organisation's postings
 * alone. Words hold only letters, digits and a decimal point (search-words.ts), never a quote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function listina_fts_vector(words tsvector, org bigint)
      returns tsvector
      language sql immutable parallel safe
    as $$
      select regexp_replace(words::text, '''([^'']+)''', '''' || org::text || '_\\1''', 'g')::tsvector
    $$;

    create function listina_fts_query(query text)
      returns tsquery
      language sql stable parallel safe
    as $$
      select regexp_replace(
        (to_tsquery('simple', query) || to_tsquery('english', query))::text,
        '''([^'']+)''',
        '''' || nullif(current_setting('listina.organization_id', true), '') || '_\\1''',
        'g')::tsquery
    $$;

    create or replace function listina_fts_ids(table_name text, query text, max_rows integer)
      returns setof bigint
      language plpgsql stable security definer
      set search_path = public, pg_temp
    as $$
    declare
      org bigint := nullif(current_setting('listina.organization_id', true), '')::bigint;
      words tsquery;
    begin
      if org is null then
        return;
      end if;
      if table_name <> all (array['doc']) then
        raise exception 'listina_fts_ids: no search vector on %', table_name;
      end if;
      words := listina_fts_query(query);
      return query execute format(
        'select id from %I where organization_id = $1 and search_vector @@ $2 limit $3', table_name
      ) using org, words, max_rows;
    end
    $$;
    grant execute on function listina_fts_query(text) to listina_tenant;
    grant execute on function listina_fts_vector(tsvector, bigint) to listina_tenant;

    update doc set search_vector = listina_fts_vector(search_vector, organization_id);
  `.execute(db);
}
