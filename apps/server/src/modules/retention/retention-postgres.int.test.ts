import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createCluster, ownPostgresRequired, type Cluster } from '../../../test/faults/pg-cluster';
import { loadConfig } from '../../config';
import { createDb, migrateToLatest, type DbHandle } from '../../db/create-db';
import { ADVISORY_LOCKS } from '../../db/advisory-lock';
import { createRetention } from './schedule';

/**
 * Retention across processes on PostgreSQL (ADR 0013): each handle stands for one worker
 * process with its own pool; the advisory lock lets one run at a time.
 */
let cluster: Cluster | undefined;
const handles: DbHandle[] = [];
const silent = { info: () => undefined, debug: () => undefined, error: () => undefined };
const policy = loadConfig({}).retention;

afterAll(async () => {
  for (const handle of handles) await handle.close();
  await cluster?.destroy();
});

async function oldAuditRows(db: DbHandle['db'], count: number) {
  await sql`
    insert into audit_log (table_name, record_key, action, at, changes)
    select 'partner', gen_random_uuid(), 'update', now() - interval '4000 days', '[]'
    from generate_series(1, ${count})`.execute(db);
}

describe.runIf(ownPostgresRequired())('retention on PostgreSQL', () => {
  it(
    'skips while another process holds the lock, and two workers delete each row once',
    { timeout: 120_000 },
    async () => {
      cluster = await createCluster();
      const url = cluster.url;
      for (let i = 0; i < 2; i++) handles.push(await createDb({ databaseUrl: url }));
      const [a, b] = handles as [DbHandle, DbHandle];
      await migrateToLatest(a.db);
      await oldAuditRows(a.db, 7000);

      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.retention]);
      expect(await createRetention(b, policy, silent).runOnce()).toBeUndefined();
      await holder.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.retention]);
      await holder.end();

      const runs = await Promise.all([
        createRetention(a, policy, silent).runOnce(),
        createRetention(b, policy, silent).runOnce(),
      ]);
      const deleted = runs.reduce((sum, counts) => sum + (counts?.audit_log ?? 0), 0);
      expect(deleted).toBe(7000);
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from audit_log`.execute(b.db);
      expect(rows[0]?.n).toBe(0);
    },
  );
});
