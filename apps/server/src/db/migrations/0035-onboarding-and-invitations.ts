import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * A new organisation's first day (issue 24).
 *
 * organization: the address, post code, town and country the company register gives by VAT
 * ID (ADR 0019), kept on the organisation's own record and changed by its admins.
 *
 * organization_onboarding: the checklist on the home page, one row per organisation so every
 * member sees the same progress: each step's state (done or skipped; a step not named is
 * open) and when the checklist was put away.
 *
 * organization_invitation: an admin invites an e-mail address with roles. The mail carries a
 * secret; only its SHA-256 is stored, as with the account's codes (user_code). One use, an
 * expiry, and a revocation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organization add column address text;
    alter table organization add column post_code text;
    alter table organization add column town text;
    alter table organization add column country_code text;
    grant update (address, post_code, town, country_code) on organization to listina_tenant;

    create table organization_onboarding (
      organization_id bigint primary key references organization (id) on delete cascade,
      steps jsonb not null default '{}',
      dismissed_at timestamptz,
      updated_at timestamptz not null default now()
    );
    ${tenantAccess('organization_onboarding')}

    create table organization_invitation (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null unique,
      email text not null,
      roles text[] not null,
      token_hash text not null unique,
      invited_by bigint references app_user (id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_at timestamptz,
      accepted_by bigint references app_user (id) on delete set null,
      revoked_at timestamptz,
      primary key (organization_id, id)
    );
    create index organization_invitation_open_idx on organization_invitation (organization_id)
      where accepted_at is null and revoked_at is null;
    ${tenantAccess('organization_invitation')}
  `.execute(db);
}
