import { sql, type Kysely } from 'kysely';

/**
 * Sessions and sign-in security (issue 9, docs/security.md "Controls: sessions and sign-in").
 *
 * user_session.last_used_at: when the apikey was last used, for the idle expiry
 * (SESSION_IDLE_MINUTES); written at most once a minute per session. rotated_at: when the
 * apikey was exchanged for a new one (POST /api/account/refresh); a rotated session cannot be
 * rotated again, and its expires_at is then a few seconds away (the grace for requests in
 * flight).
 *
 * sign_in_event: every sign-in attempt, its result, address and browser. Not a tenant table
 * (a user belongs to many organisations, an attempt to none): like user_session and
 * login_failure it is read only outside a tenant scope, by the account module, and is not
 * granted to listina_tenant; row-level security is on with no policy, so a tenant-scoped
 * transaction would see nothing even if it were granted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table user_session
      add column last_used_at timestamptz not null default now(),
      add column rotated_at timestamptz;

    create table sign_in_event (
      id bigint generated always as identity primary key,
      created_at timestamptz not null default now(),
      user_id bigint references app_user (id) on delete cascade,
      username text not null,
      result text not null check (result in (
        'success', 'badPassword', 'unknownUser', 'unconfirmed', 'locked', 'addressLimited'
      )),
      ip text not null,
      user_agent text
    );
    create index sign_in_event_user_idx on sign_in_event (user_id, created_at desc);
    create index sign_in_event_created_idx on sign_in_event (created_at desc);
    alter table sign_in_event enable row level security;
  `.execute(db);
}
