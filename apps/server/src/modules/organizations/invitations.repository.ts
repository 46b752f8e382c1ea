import { sql } from 'kysely';
import type { Db } from '../../db/create-db';

/**
 * SQL of invitations. Every query names its organisation (the service has checked the
 * caller's membership and role), or reads one invitation by the hash of its secret.
 */

export function listOpen(db: Db, organizationId: string) {
  return db
    .selectFrom('organization_invitation as i')
    .leftJoin('app_user as u', 'u.id', 'i.invited_by')
    .select(['i.key', 'i.email', 'i.roles', 'i.created_at', 'i.expires_at', 'u.display_name'])
    .where('i.organization_id', '=', organizationId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', new Date())
    .orderBy('i.id', 'desc')
    .execute();
}

/** Ends the address's open invitations to the organisation: a new one replaces them. */
export async function revokeOpenFor(db: Db, organizationId: string, email: string) {
  await db
    .updateTable('organization_invitation')
    .set({ revoked_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export function insertInvitation(
  db: Db,
  values: {
    organization_id: string;
    key: string;
    email: string;
    roles: string[];
    token_hash: string;
    invited_by: string;
    expires_at: Date;
  },
) {
  return db
    .insertInto('organization_invitation')
    .values(values)
    .returning(['key', 'email', 'roles', 'created_at', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** Revokes an open invitation of this organisation; false when there is none by that key. */
export async function revoke(db: Db, organizationId: string, key: string) {
  const done = await db
    .updateTable('organization_invitation')
    .set({ revoked_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('key', '=', key)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('key')
    .execute();
  return done.length > 0;
}

function selectWithOrganization(db: Db) {
  return db
    .selectFrom('organization_invitation as i')
    .innerJoin('organization as o', 'o.id', 'i.organization_id')
    .select([
      'i.organization_id',
      'i.id',
      'i.email',
      'i.roles',
      'i.expires_at',
      'i.accepted_at',
      'i.revoked_at',
      'o.key as organization_key',
      'o.name as organization_name',
      'o.name_nick',
    ]);
}

/** One invitation by the hash of its secret, with its organisation; locked when `forUpdate`. */
export function findByTokenHash(db: Db, tokenHash: string, forUpdate = false) {
  const query = selectWithOrganization(db).where('i.token_hash', '=', tokenHash);
  return (forUpdate ? query.forUpdate('i') : query).executeTakeFirst();
}

/** Records the account registered from an open invitation's link (issue 24). */
export async function reserveForUser(db: Db, tokenHash: string, userId: string) {
  await db
    .updateTable('organization_invitation')
    .set({ registered_user_id: userId })
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The newest invitation an account was registered from, locked, with its organisation. */
export function findReservedFor(db: Db, userId: string) {
  return selectWithOrganization(db)
    .where('i.registered_user_id', '=', userId)
    .orderBy('i.id', 'desc')
    .limit(1)
    .forUpdate('i')
    .executeTakeFirst();
}

export async function markAccepted(
  db: Db,
  invitation: { organization_id: string; id: string },
  userId: string,
) {
  await db
    .updateTable('organization_invitation')
    .set({ accepted_at: new Date(), accepted_by: userId })
    .where('organization_id', '=', invitation.organization_id)
    .where('id', '=', invitation.id)
    .execute();
}

/** Whether an account with this e-mail address is a member of the organisation already. */
export async function isMemberByEmail(db: Db, organizationId: string, email: string) {
  const row = await db
    .selectFrom('organization_member as m')
    .innerJoin('app_user as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.organization_id', '=', organizationId)
    .where(sql<boolean>`lower(u.email) = lower(${email})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The language of the account with this address, for the mail; undefined when there is none. */
export async function findLangByEmail(db: Db, email: string) {
  const row = await db
    .selectFrom('app_user')
    .select('lang')
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirst();
  return row?.lang;
}

export function getOrganizationName(db: Db, organizationId: string) {
  return db
    .selectFrom('organization')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
}
