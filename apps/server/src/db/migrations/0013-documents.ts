import { sql, type Kysely } from 'kysely';

/**
 * Documents (issue 5): the incoming business papers of an organisation with their cost
 * allocation lines (liquidation data) and files. Tenant tables with the usual key, policy and
 * grants. References to code lists and partners are by their code or key, checked by the
 * engine on every save (modules/tables/references.ts); the document type by its id, as the
 * spec names it (documentTypeId). A file row names its content by SHA-256 in the blob store
 * (plugins/storage), where the content is written before the row commits.
 *
 * Text sort keys (`<column>_sort`, ADR 0007) are written by the engine; the list orders by
 * them, by dates and by the total, each served by an index with the owner first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table doc (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      document_type_id bigint,
      customer_key uuid,
      number text not null default '',
      issue_date date,
      due_date date,
      received_date date,
      net_amount numeric(18, 2),
      vat_amount numeric(18, 2),
      total_amount numeric(18, 2),
      currency_code text not null default 'EUR',
      payment_iban text,
      payment_bic text,
      payment_reference_model text,
      payment_reference text,
      payment_purpose_code text,
      description text,
      status text not null default 'draft'
        check (status in ('draft', 'active', 'archived', 'rejected')),
      workflow_current_step_system_tile_code text,
      capture_state text not null default 'none'
        check (capture_state in ('none', 'pending', 'done', 'failed')),
      created_by bigint references app_user (id),
      search_text text not null default '',
      number_sort text collate "C" not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key)
    );
    create index doc_number_sort_idx on doc (organization_id, number_sort, id);
    create index doc_received_date_idx on doc
      (organization_id, coalesce(received_date, '0001-01-01'::date), id);
    create index doc_issue_date_idx on doc
      (organization_id, coalesce(issue_date, '0001-01-01'::date), id);
    create index doc_due_date_idx on doc
      (organization_id, coalesce(due_date, '0001-01-01'::date), id);
    create index doc_total_amount_idx on doc (organization_id, coalesce(total_amount, 0), id);
    create index doc_customer_idx on doc (organization_id, customer_key);
    create index doc_status_idx on doc (organization_id, status);
    create index doc_search_trgm_idx on doc using gin (search_text gin_trgm_ops);

    create table doc_cost_line (
      organization_id bigint not null,
      id bigint generated always as identity,
      key uuid not null,
      doc_id bigint not null,
      cost_center_code text,
      account text,
      amount numeric(18, 2),
      vat_rate_code text,
      description text,
      search_text text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key),
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
    create index doc_cost_line_doc_idx on doc_cost_line (organization_id, doc_id);

    create table doc_file (
      organization_id bigint not null,
      id bigint generated always as identity,
      key uuid not null,
      doc_id bigint not null,
      blob_id text not null check (blob_id ~ '^[0-9a-f]{64}$'),
      name text not null,
      mime text not null,
      kind text not null,
      size bigint not null check (size >= 0),
      file_type_code text not null default 'attachment'
        check (file_type_code in ('main', 'attachment')),
      visibility integer not null default 1,
      created_by bigint references app_user (id),
      created_at timestamptz not null default now(),
      primary key (organization_id, id),
      unique (organization_id, key),
      unique (organization_id, doc_id, blob_id),
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
    create index doc_file_doc_idx on doc_file (organization_id, doc_id);
    create index doc_file_blob_idx on doc_file (organization_id, blob_id);
    -- The blob sweep asks which contents any organisation still uses.
    create index doc_file_blob_any_idx on doc_file (blob_id);
  `.execute(db);

  await sql`
    grant select, insert, update, delete on doc, doc_cost_line, doc_file to listina_tenant;
    grant usage on all sequences in schema public to listina_tenant;
    alter table doc enable row level security;
    create policy tenant_only on doc
      using (organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint);
    alter table doc_cost_line enable row level security;
    create policy tenant_only on doc_cost_line
      using (organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint);
    alter table doc_file enable row level security;
    create policy tenant_only on doc_file
      using (organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint);
  `.execute(db);

  // Documents are searched through the trigram index like partners (migration 0009).
  await sql`
    create or replace function listina_search_ids(table_name text, pattern text)
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
      if table_name <> all (array['partner', 'doc']) then
        raise exception 'listina_search_ids: no search index on %', table_name;
      end if;
      return query execute format(
        'select id from %I where organization_id = $1 and search_text like $2', table_name
      ) using org, pattern;
    end
    $$;
  `.execute(db);
}
