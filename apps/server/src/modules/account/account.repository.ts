import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { prepared } from '../../db/pipeline';
import { inScope } from '../../db/scope';
import type { AppUserTable } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';

/** SQL of the account module: users, sessions and mailed codes (sign-in.repository.ts: the rest). */

export function findUserByLogin(db: Db, login: string) {
  return db
    .selectFrom('app_user')
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', login), eb(sql`lower(email)`, '=', login)]))
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The accounts that already hold the username or the e-mail address (letter case aside). */
export async function findHolders(db: Db, username: string, email: string) {
  const rows = await db
    .selectFrom('app_user')
    .selectAll()
    .where((eb) =>
      eb.or([eb('username', '=', username), eb(sql`lower(email)`, '=', email.toLowerCase())]),
    )
    .execute();
  return {
    byUsername: rows.find((r) => r.username === username),
    byEmail: rows.find((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/** Postgres' unique_violation: a concurrent registration took the name first. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

export function insertUser(db: Db, user: Insertable<AppUserTable>) {
  return db.insertInto('app_user').values(user).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(
  db: Db,
  id: string,
  changes: Updateable<
    Pick<AppUserTable, 'display_name' | 'lang' | 'password_hash' | 'email_confirmed_at'>
  >,
) {
  return db
    .updateTable('app_user')
    .set({ ...changes, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertSession(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
  return db
    .insertInto('user_session')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** A key no organisation has (uuidv7 never makes it): the membership join finds nothing. */
const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';

interface SessionRow {
  sessionId: string;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date;
  id: string;
  key: string;
  username: string;
  display_name: string;
  email: string;
  lang: string;
  roles: string[];
  organizationId: string | null;
  organizationKey: string | null;
  memberRoles: string[] | null;
}

/**
 * Every request runs it, so its text is fixed (written out, not built per call) and prepared
 * once per connection (ADR 0008). $1 the organisation key, $2 the apikey's hash.
 */
const SESSION_BY_HASH = `
  select s.id as "sessionId", s.expires_at, s.revoked_at, s.last_used_at,
         u.id, u.key, u.username, u.display_name, u.email, u.lang, u.roles,
         mo."organizationId", mo."organizationKey", mo."memberRoles"
  from user_session as s
  inner join app_user as u on u.id = s.user_id
  left join (
    select m.user_id, o.id as "organizationId", o.key as "organizationKey",
           m.roles as "memberRoles"
    from organization_member as m
    inner join organization as o on o.id = m.organization_id
    where o.key = $1
  ) as mo on mo.user_id = u.id
  where s.token_hash = $2`;

/**
 * The session of an apikey with its user and, when an organisation key is given, the user's
 * membership there (null columns when not a member): one round trip per request.
 */
export async function findSessionByHash(
  db: Db,
  tokenHash: string,
  organizationKey?: string,
): Promise<SessionRow | undefined> {
  const query = CompiledQuery.raw(SESSION_BY_HASH, [organizationKey ?? NO_ORGANIZATION, tokenHash]);
  const { rows } = await db.executeQuery<SessionRow>(prepared('listina_session', query));
  return rows[0];
}

export async function revokeSessions(db: Db, userId: string, exceptSessionId?: string) {
  let query = db
    .updateTable('user_session')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
  await query.execute();
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .updateTable('user_session')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .execute();
}

export async function insertCode(
  db: Db,
  userId: string,
  kind: 'confirmEmail' | 'resetPassword',
  codeHash: string,
  expiresAt: Date,
) {
  await db
    .insertInto('user_code')
    .values({ user_id: userId, kind, code_hash: codeHash, expires_at: expiresAt })
    .execute();
}

export function findCode(db: Db, codeHash: string) {
  return db
    .selectFrom('user_code')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

/** Uses the code up; false when a concurrent request used (or ended) it first. */
export async function useCode(db: Db, id: string) {
  const used = await db
    .updateTable('user_code')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/** Ends every outstanding code of the kind of a user (marks it used). */
export async function endCodes(db: Db, userId: string, kind: 'confirmEmail' | 'resetPassword') {
  await db
    .updateTable('user_code')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

/** Locks the user's row to the end of the transaction (codes of one user, one at a time). */
export async function lockUser(db: Db, id: string) {
  await db.selectFrom('app_user').select('id').where('id', '=', id).forUpdate().execute();
}

/** The user's organisations, read under the user's scope (row-level security applies). */
export function listMemberships(db: Db, userId: string) {
  return inScope(db, { userId }, (trx) =>
    trx
      .selectFrom('organization_member as m')
      .innerJoin('organization as o', 'o.id', 'm.organization_id')
      .select(['o.key', 'o.name_nick', 'm.roles'])
      .where('m.user_id', '=', userId)
      .execute(),
  );
}
