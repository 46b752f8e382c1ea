import { sql, type Kysely } from 'kysely';

/**
 * Issue 24: a newcomer registers from an invitation link. The registration is recorded on the
 * invitation (registered_user_id), so that confirming the account's e-mail accepts it and
 * nobody opens the mailed link a second time. The token itself is never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organization_invitation
      add column registered_user_id bigint references app_user (id) on delete set null;
    create index organization_invitation_registered_idx
      on organization_invitation (registered_user_id)
      where registered_user_id is not null and accepted_at is null;
  `.execute(db);
}
