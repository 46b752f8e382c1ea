import { afterAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../../db/create-db';
import { createTestApp, errorCodes, type TestApp } from '../../../test/factories';
import { createCluster, ownPostgresRequired, type Cluster } from '../../../test/faults/pg-cluster';

let cluster: Cluster | undefined;
let t: TestApp | undefined;

afterAll(async () => {
  await t?.close();
  await cluster?.destroy();
});

const sample = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${series} `))
      ?.slice(series.length + 1),
  );

describe.runIf(ownPostgresRequired())('readiness and pool figures on PostgreSQL', () => {
  it(
    'shows the pool, and answers 503 naming the database once PostgreSQL stops',
    { timeout: 120_000 },
    async () => {
      cluster = await createCluster();
      const url = cluster.url;
      t = await createTestApp(
        { DATABASE_URL: url, DB_CONNECT_TIMEOUT_MS: '1000' },
        {
          openDatabase: async () => {
            const handle = await createDb({ databaseUrl: url });
            await migrateToLatest(handle.db);
            return handle;
          },
        },
      );
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      const metrics = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
      expect(sample(metrics, 'listina_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(
        1,
      );
      expect(sample(metrics, 'listina_db_pool_waiting')).toBe(0);

      await cluster.stop('immediate');
      const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(errorCodes(down)).toEqual(['errors.notReady.database']);

      await cluster.start();
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    },
  );
});
