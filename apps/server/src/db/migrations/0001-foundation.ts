import { sql, type Kysely } from 'kysely';
import { CREATE_TENANT_ROLE } from '../tenant-role';

/**
 * Accounts, sessions, organisations and their members. Tenant tables carry organization_id
 * first in their primary key and are guarded by row-level security for the role
 * listina_tenant, which every tenant-scoped transaction switches to (see db/scope.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(CREATE_TENANT_ROLE).execute(db);

  await sql`
    create table app_user (
      id bigint generated always as identity primary key,
      key uuid not null unique,
      username text not null unique,
      email text not null,
      display_name text not null,
      password_hash text not null,
      lang text not null default 'sl',
      roles text[] not null default '{}',
      email_confirmed_at timestamptz,
      created_at timestamptz not null default now(),
      version integer not null default 1
    );
    create unique index app_user_email_uq on app_user (lower(email));

    create table user_session (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    );
    create index user_session_user_idx on user_session (user_id);

    create table user_code (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id) on delete cascade,
      kind text not null check (kind in ('confirmEmail', 'resetPassword')),
      code_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );

    create table login_failure (
      id bigint generated always as identity primary key,
      subject text not null,
      failed_at timestamptz not null default now()
    );
    create index login_failure_subject_idx on login_failure (subject, failed_at);

    create table organization (
      id bigint generated always as identity primary key,
      key uuid not null unique,
      name text not null,
      name_nick text not null,
      tax_number text,
      connect_code text not null unique,
      created_at timestamptz not null default now(),
      version integer not null default 1
    );

    create table organization_member (
      organization_id bigint not null references organization (id) on delete cascade,
      user_id bigint not null references app_user (id) on delete cascade,
      roles text[] not null default '{}',
      created_at timestamptz not null default now(),
      primary key (organization_id, user_id)
    );
    create index organization_member_user_idx on organization_member (user_id);

    create table organization_bank_account (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      code text not null,
      bic text,
      display_text text,
      is_default boolean not null default false,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (organization_id, id),
      unique (organization_id, key)
    );

    create table mail_outbox (
      id bigint generated always as identity primary key,
      to_address text not null,
      subject text not null,
      text_body text not null,
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      next_attempt_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index mail_outbox_pending_idx on mail_outbox (next_attempt_at) where status = 'pending';
  `.execute(db);

  // The second wall: inside a tenant scope only the scoped organisation's rows are visible;
  // memberships are also visible to their own user (to list the user's organisations).
  await sql`
    grant usage on schema public to listina_tenant;
    grant usage on all sequences in schema public to listina_tenant;
    grant select on app_user, organization to listina_tenant;
    grant select, insert, update, delete on organization_member, organization_bank_account
      to listina_tenant;

    alter table organization_member enable row level security;
    create policy tenant_or_self on organization_member
      using (
        organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint
        or user_id = nullif(current_setting('listina.user_id', true), '')::bigint
      );

    alter table organization enable row level security;
    create policy member_only on organization
      using (
        id = nullif(current_setting('listina.organization_id', true), '')::bigint
        or exists (
          select 1 from organization_member m
          where m.organization_id = organization.id
            and m.user_id = nullif(current_setting('listina.user_id', true), '')::bigint
        )
      );

    alter table organization_bank_account enable row level security;
    create policy tenant_only on organization_bank_account
      using (organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint);
  `.execute(db);
}
