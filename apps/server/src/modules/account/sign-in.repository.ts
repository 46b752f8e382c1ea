import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type { SignInResult } from '../../db/schema';

/** SQL of sign-in security: failed sign-ins, the sign-in log, idle times and rotation. */

/** Failed sign-ins of a subject since `since`: how many and when the newest was. */
export async function failuresSince(db: Db, subject: string, since: Date) {
  const row = await db
    .selectFrom('login_failure')
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      eb.fn.min('failed_at').as('oldest'),
      eb.fn.max('failed_at').as('newest'),
    ])
    .where('subject', '=', subject)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    oldest: row.oldest ? new Date(row.oldest) : undefined,
    newest: row.newest ? new Date(row.newest) : undefined,
  };
}

/** Records one failure per subject and forgets theirs from before `forgetBefore`. */
export async function recordFailures(db: Db, subjects: string[], forgetBefore: Date) {
  await db
    .deleteFrom('login_failure')
    .where('subject', 'in', subjects)
    .where('failed_at', '<', forgetBefore)
    .execute();
  await db
    .insertInto('login_failure')
    .values(subjects.map((subject) => ({ subject })))
    .execute();
}

export async function clearFailures(db: Db, subjects: string[]) {
  await db.deleteFrom('login_failure').where('subject', 'in', subjects).execute();
}

/**
 * How many different subjects starting with `prefix` failed since `since`, and when the
 * oldest of those failures was (a sliding window over names tried from one address).
 */
export async function distinctFailuresSince(db: Db, prefix: string, since: Date) {
  const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
  const row = await db
    .selectFrom('login_failure')
    .select((eb) => [
      sql<string>`count(distinct subject)`.as('count'),
      eb.fn.min('failed_at').as('oldest'),
    ])
    .where('subject', 'like', pattern)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : undefined };
}

/**
 * Serialises the callers that count and record the same subjects, to the end of the
 * transaction: concurrent requests cannot all read a count below the limit.
 */
export async function lockSubjects(trx: Db, subjects: string[]) {
  for (const subject of [...subjects].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${subject}, 0))`.execute(trx);
  }
}

/** Whether the user signed in successfully from this address since `since`. */
export async function hasSignedInFrom(db: Db, userId: string, ip: string, since: Date) {
  const row = await db
    .selectFrom('sign_in_event')
    .select('id')
    .where('user_id', '=', userId)
    .where('result', '=', 'success')
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface SignInEventInput {
  userId: string | null;
  username: string;
  result: SignInResult;
  ip: string;
  userAgent: string | null;
}

export async function insertSignInEvent(db: Db, event: SignInEventInput) {
  await db
    .insertInto('sign_in_event')
    .values({
      user_id: event.userId,
      username: event.username,
      result: event.result,
      ip: event.ip,
      user_agent: event.userAgent,
    })
    .execute();
}

/** The newest sign-in events, of one user or (userId undefined) of everyone. */
export function listSignInEvents(db: Db, userId: string | undefined, count: number) {
  let query = db
    .selectFrom('sign_in_event')
    .select(['created_at', 'username', 'result', 'ip', 'user_agent'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(count);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.execute();
}

/** Marks a session used now (the idle expiry counts from here). */
export async function touchSession(db: Db, sessionId: string) {
  await db
    .updateTable('user_session')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .execute();
}

/**
 * Exchanges a session for a new one: the new apikey's session starts with the old one's last
 * use (a rotation is not activity), and the old one ends `graceMs` from now (or sooner, when
 * it would anyway). Undefined when the session was rotated or revoked meanwhile.
 */
export async function rotateSession(
  db: Db,
  old: { sessionId: string; userId: string; lastUsedAt: Date },
  next: { tokenHash: string; expiresAt: Date },
  graceMs: number,
) {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('user_session')
      .set({
        rotated_at: sql<Date>`now()`,
        expires_at: sql<Date>`least(expires_at, now() + ${`${graceMs} milliseconds`}::interval)`,
      })
      .where('id', '=', old.sessionId)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!ended) return undefined;
    return trx
      .insertInto('user_session')
      .values({
        user_id: old.userId,
        token_hash: next.tokenHash,
        expires_at: next.expiresAt,
        last_used_at: old.lastUsedAt,
      })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
  });
}

/**
 * Ends every session of a user but one; answers how many it ended, not counting apikeys
 * already exchanged for a new one (still in their grace).
 */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string) {
  const rows = await db
    .updateTable('user_session')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('rotated_at')
    .execute();
  return rows.filter((row) => row.rotated_at === null).length;
}
