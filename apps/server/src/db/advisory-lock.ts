import { sql } from 'kysely';
import type { Db } from './create-db';

/**
 * Arbitrary keys of the session-level advisory locks, one per kind of work that only one
 * process of a PostgreSQL database may do at a time.
 */
export const ADVISORY_LOCKS = {
  /** Migrations and the demo seed at start-up (main.ts). */
  startup: 740_155_010,
  /** A retention run (modules/retention). */
  retention: 740_155_011,
} as const;

/**
 * Runs work on one connection while it holds the advisory lock `key` of a PostgreSQL database:
 * waiting for it (`wait`), or else answering undefined at once when another session holds it.
 * The lock is released when work ends, failed or not.
 */
export function withAdvisoryLock<T>(
  db: Db,
  key: number,
  wait: boolean,
  work: (connection: Db) => Promise<T>,
): Promise<T | undefined> {
  return db.connection().execute(async (connection) => {
    if (wait) {
      await sql`select pg_advisory_lock(${key})`.execute(connection);
    } else {
      const { rows } = await sql<{ got: boolean }>`
        select pg_try_advisory_lock(${key}) as got`.execute(connection);
      if (!rows[0]?.got) return undefined;
    }
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
