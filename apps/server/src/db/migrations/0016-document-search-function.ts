import { sql, type Kysely } from 'kysely';

/**
 * Under row-level security a query's `@@` cannot use the GIN index of migration 0015 (the
 * operator is not leakproof), so a search read the organisation's every document: 170 ms at
 * 100,000 documents where the index answers in a few. As listina_search_ids does for `like`
 * (migration 0009), this function runs the indexed match as the tables' owner, inside the
 * organisation of the caller's tenant scope only, on the tables named here. It returns at
 * most max_rows ids: a word in nearly every document would otherwise make the list rank them
 * all (0.5 s at 100,000); the first ones found are ranked instead.
 *
 * Also: the home tiles count pending captures with an index of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function listina_fts_ids(table_name text, query text, max_rows integer)
      returns setof bigint
      language plpgsql stable security definer
      set search_path = public, pg_temp
    as $$
    declare
      org bigint := nullif(current_setting('listina.organization_id', true), '')::bigint;
    begin
      if org is null then
        return;
      end if;
      if table_name <> all (array['doc']) then
        raise exception 'listina_fts_ids: no search vector on %', table_name;
      end if;
      return query execute format(
        'select id from %I where organization_id = $1
           and search_vector @@ (to_tsquery(''simple'', $2) || to_tsquery(''english'', $2))
         limit $3', table_name
      ) using org, query, max_rows;
    end
    $$;
    revoke all on function listina_fts_ids(text, text, integer) from public;
    grant execute on function listina_fts_ids(text, text, integer) to listina_tenant;
    create index doc_capture_pending_idx on doc (organization_id) where capture_state = 'pending';
  `.execute(db);
}
