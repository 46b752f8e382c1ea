import { sql, type Kysely } from 'kysely';

/**
 * The table engine's own tables (audit log, undo actions) and its first tenant entities:
 * partners with bank accounts. Every engine table has `search_text` (lower-cased, accents
 * removed, written by the engine) so search is case- and accent-insensitive on any backend.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      organization_id bigint references organization (id) on delete cascade,
      table_name text not null,
      record_key uuid not null,
      action text not null check (action in ('create', 'update', 'delete', 'undo')),
      user_id bigint references app_user (id) on delete set null,
      at timestamptz not null default now(),
      changes jsonb not null
    );
    create index audit_log_record_idx on audit_log (organization_id, table_name, record_key, id);

    create table undo_action (
      id bigint generated always as identity primary key,
      key uuid not null unique,
      organization_id bigint references organization (id) on delete cascade,
      user_id bigint not null references app_user (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      undone_at timestamptz,
      operations jsonb not null
    );

    alter table organization_bank_account add column search_text text not null default '';
    alter table organization_bank_account add column updated_at timestamptz not null default now();

    create table partner (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      code text not null,
      name text not null,
      vat_id text,
      tax_number text,
      address text,
      post_code text,
      town text,
      country_code text not null default 'SI',
      email text,
      is_active boolean not null default true,
      search_text text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key),
      unique (organization_id, code)
    );

    create table partner_bank_account (
      organization_id bigint not null,
      id bigint generated always as identity,
      key uuid not null,
      partner_id bigint not null,
      code text not null,
      bic text,
      display_text text,
      is_default boolean not null default false,
      is_active boolean not null default true,
      search_text text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key),
      foreign key (organization_id, partner_id) references partner (organization_id, id) on delete cascade
    );
    create index partner_bank_account_partner_idx on partner_bank_account (organization_id, partner_id);
  `.execute(db);

  await sql`
    grant select, insert, update, delete on partner, partner_bank_account, audit_log, undo_action
      to listina_tenant;
    grant usage on all sequences in schema public to listina_tenant;

    alter table partner enable row level security;
    create policy tenant_only on partner
      using (organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint);
    alter table partner_bank_account enable row level security;
    create policy tenant_only on partner_bank_account
      using (organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint);
    alter table audit_log enable row level security;
    create policy tenant_or_global on audit_log
      using (organization_id is null
        or organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint);
    alter table undo_action enable row level security;
    create policy own_actions on undo_action
      using (user_id = nullif(current_setting('listina.user_id', true), '')::bigint);
  `.execute(db);
}
