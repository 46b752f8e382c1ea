import { sql } from 'kysely';
import { ADVISORY_LOCKS, withAdvisoryLock } from '../../db/advisory-lock';
import type { DbHandle } from '../../db/create-db';
import { repeatEvery } from '../../lib/repeat';
import { label, metricText } from '../../plugins/observability/metrics';
import type { RetentionPolicy } from './policy';
import { RETENTION_TABLES, runRetention, type RetentionCounts } from './retention';

/** The first run waits for start-up (migrations, the demo seed) to settle. */
export const FIRST_RUN_DELAY_MS = 60_000;

/** The logger calls of a run (Fastify's logger has them). */
export interface RetentionLog {
  info(details: object, message: string, ...values: unknown[]): void;
  debug(message: string): void;
  error(details: object, message: string): void;
}

export interface Retention {
  /**
   * One run now; undefined when another run holds it (in this process, or on PostgreSQL in
   * any process of the database).
   */
  runOnce(now?: Date): Promise<RetentionCounts | undefined>;
  /** Runs a minute after start and then every intervalMinutes; answers the stop. */
  schedule(): () => Promise<void>;
  /** listina_retention_deleted_total and listina_retention_runs_total, for /api/metrics. */
  metricsText: () => string;
}

/**
 * The retention of a worker process (PROCESS_ROLE worker or all, never api; ADR 0013). On
 * PostgreSQL a run holds pg_try_advisory_lock on one connection, so that of many workers one
 * runs at a time and the others skip; PGlite has one process, and the in-process guard suffices.
 */
export function createRetention(
  database: Pick<DbHandle, 'db' | 'kind'>,
  policy: RetentionPolicy,
  log: RetentionLog,
): Retention {
  const deleted = new Map<string, number>(RETENTION_TABLES.map((t) => [t, 0]));
  let runs = 0;
  let running: Promise<RetentionCounts | undefined> | undefined;

  const locked = async (now: Date): Promise<RetentionCounts | undefined> => {
    if (database.kind !== 'postgres') {
      const counts = await runRetention(database.db, policy, now);
      // PGlite runs no autovacuum: the space and index entries of the deleted rows are freed here.
      for (const [table, n] of Object.entries(counts))
        if (n > 0) await sql`vacuum ${sql.table(table)}`.execute(database.db);
      return counts;
    }
    return withAdvisoryLock(database.db, ADVISORY_LOCKS.retention, false, (connection) =>
      runRetention(connection, policy, now),
    );
  };

  const runOnce = async (now = new Date()) => {
    if (running) return undefined;
    running = locked(now);
    try {
      const counts = await running;
      if (counts) {
        runs += 1;
        for (const [table, n] of Object.entries(counts))
          deleted.set(table, (deleted.get(table) ?? 0) + n);
        const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
        if (total > 0) log.info({ retention: counts }, 'retention deleted %d rows', total);
      } else log.debug('retention skipped: another run holds it');
      return counts;
    } finally {
      running = undefined;
    }
  };

  const guarded = async () => {
    try {
      await runOnce();
    } catch (error) {
      log.error({ err: error }, 'retention failed');
    }
  };

  return {
    runOnce,
    schedule() {
      if (policy.intervalMinutes === 0) return () => Promise.resolve();
      const stop = repeatEvery(policy.intervalMinutes * 60_000, FIRST_RUN_DELAY_MS, guarded);
      return async () => {
        stop();
        // A run in flight finishes before the database closes.
        await running?.catch(() => undefined);
      };
    },
    metricsText: () =>
      metricText(
        'listina_retention_deleted_total',
        'counter',
        'Rows deleted by retention since this process started, by table.',
        [...deleted].map(([table, n]): [string, number] => [label('table', table), n]),
      ) +
      metricText(
        'listina_retention_runs_total',
        'counter',
        'Retention runs this process completed.',
        [['', runs]],
      ),
  };
}
