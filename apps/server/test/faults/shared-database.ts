import pg from 'pg';
import { createDb, migrateToLatest } from '../../src/db/create-db';
import { createTestApp, type TestApp } from '../factories';
import type { Cluster } from './pg-cluster';

/*
 * A test app and spawned server processes on one PostgreSQL cluster of the test's own, as a
 * deployment of several processes shares its database and files.
 */

/** The test's own app on the cluster's database (migrated); its capture workers off. */
export function createAppOn(cluster: Cluster): Promise<TestApp> {
  return createTestApp(
    { CAPTURE_WORKERS: '0' },
    {
      openDatabase: async () => {
        const handle = await createDb({ databaseUrl: cluster.url });
        await migrateToLatest(handle.db);
        return handle;
      },
    },
  );
}

/** The environment of a server process on the app's database and DATA_DIR, with more set. */
export function serverEnv(
  cluster: Cluster,
  app: TestApp,
  more: Record<string, string> = {},
): Record<string, string> {
  return { DATABASE_URL: cluster.url, DATA_DIR: app.config.dataDir, SEED_DEMO: '0', ...more };
}

/** Until check answers something, polled; after a minute, an error with what explain says. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  explain: () => Promise<string> = () => Promise.resolve('waited a minute in vain'),
): Promise<T> {
  for (let waited = 0; waited < 60_000; waited += 50) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(await explain());
}

/** Documents' rows held by a session of the test's own, until released. */
export interface HeldRows {
  /** The holding session, for the test's own queries. */
  sql: pg.Client;
  /** How many other sessions wait on the held rows (a worker that wants to write its result). */
  waiting(): Promise<number>;
  /** Rolls the holding transaction back: the waiting sessions go on. */
  release(): Promise<void>;
  end(): Promise<void>;
}

/**
 * Holds the rows of these documents (select … for update in an open transaction), so a capture
 * worker that claimed one's job has read its file and waits to write the result: mid-job.
 */
export async function holdDocuments(cluster: Cluster, keys: string[]): Promise<HeldRows> {
  const sql = new pg.Client({ connectionString: cluster.url });
  await sql.connect();
  await sql.query('begin');
  await sql.query('select id from doc where key = any($1) for update', [keys]);
  return {
    sql,
    waiting: async () =>
      (
        await sql.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where wait_event_type = 'Lock' and pg_backend_pid() = any(pg_blocking_pids(pid))`,
        )
      ).rows[0]?.n ?? 0,
    release: async () => {
      await sql.query('rollback');
    },
    end: () => sql.end().catch(() => undefined),
  };
}
