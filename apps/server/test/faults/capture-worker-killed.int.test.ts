import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import { createDb, migrateToLatest } from '../../src/db/create-db';
import { planDocuments } from '../../src/db/seed/demo-document-plan';
import { renderInvoice } from '../../src/db/seed/demo-invoice-pdf';
import { profileSuppliers } from '../../src/db/seed/profile-suppliers';
import {
  captureSettled,
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  multipartBody,
  type TestApp,
} from '../factories';
import { createCluster, ownPostgresRequired, type Cluster } from './pg-cluster';
import { startServer, type ServerProcess } from './server-process';

/**
 * Issue 9, faults (d): a capture worker killed in the middle of a job. The web side (this
 * test's app, CAPTURE_WORKERS=0) and the worker (the real server in a process of its own,
 * CAPTURE_WORKERS=1) share a PostgreSQL server of the test's own and DATA_DIR, as a
 * deployment with separate workers does. To kill the worker mid-job, not before or after it,
 * the test holds the document's row lock: the worker has claimed the job and read the file,
 * and waits to write its result. SIGKILL then, and a second worker process takes the job back
 * once its lease (CAPTURE_LEASE_SECONDS) has run out: one more attempt, one result.
 */
let cluster: Cluster | undefined;
let t: TestApp | undefined;
let worker: ServerProcess | undefined;
let lock: pg.Client | undefined;

afterAll(async () => {
  await worker?.kill();
  await lock?.end().catch(() => undefined);
  await t?.close();
  await cluster?.destroy();
});

const [supplier] = profileSuppliers();
const [planned] = planDocuments({
  seed: 'faults-capture',
  count: 6,
  today: '2026-11-24',
  suppliers: supplier ? [supplier] : [],
  costCenters: ['100'],
}).filter((d) => d.type === 'INV');

/** Until check answers something, polled; after a minute, an error with what explain says. */
async function waitFor<T>(
  check: () => Promise<T | undefined>,
  explain: () => Promise<string>,
): Promise<T> {
  for (let waited = 0; waited < 60_000; waited += 50) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(await explain());
}

describe.runIf(ownPostgresRequired())('a capture worker killed during a job', () => {
  it(
    'has the job taken back after its lease and the result written exactly once',
    { timeout: 180_000 },
    async () => {
      if (!planned) throw new Error('no planned invoice');
      const own = await createCluster();
      cluster = own;
      t = await createTestApp(
        { CAPTURE_WORKERS: '0' },
        {
          openDatabase: async () => {
            const handle = await createDb({ databaseUrl: own.url });
            await migrateToLatest(handle.db);
            return handle;
          },
        },
      );
      const app = t;
      const clerk = await createUser(app);
      const org = await createOrganization(app, { [clerk.id]: ['dataentry', 'accountant'] });
      const headers = await memberHeaders(app, clerk, org);
      const pdf = await renderInvoice(planned, {
        name: 'Kupec d.o.o.',
        address: 'Ulica 1',
        postCode: '1000',
        town: 'Ljubljana',
        taxNumber: 'SI12345678',
      });
      const { payload, contentType } = multipartBody([
        { name: 'main', filename: 'racun.pdf', content: pdf.content, type: 'application/pdf' },
        { name: 'json', value: '{}' },
      ]);
      const uploaded = await app.app.inject({
        method: 'POST',
        url: '/api/uploadDoc?ignoreWarnings=true',
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const { key } = uploaded.json<{ item: TableRecord }>().item;
      const read = async () =>
        (await app.app.inject({ url: `/api/doc/${key}`, headers })).json<TableRecord>();
      // Queued by the upload; nobody here runs it.
      const doc = await read();
      expect(doc).toMatchObject({ captureState: 'pending', captureResult: null });

      lock = new pg.Client({ connectionString: own.url });
      await lock.connect();
      const sql = lock;
      await sql.query('begin');
      await sql.query('select id from doc where key = $1 for update', [doc.key]);
      const env = {
        DATABASE_URL: own.url,
        DATA_DIR: app.config.dataDir,
        SEED_DEMO: '0',
        CAPTURE_WORKERS: '1',
        CAPTURE_LEASE_SECONDS: '2',
      };
      const first = await startServer(env);
      worker = first;
      // The worker holds the job and waits on the lock to write the result: mid-job.
      const stuck = `select pid from pg_stat_activity
        where wait_event_type = 'Lock' and pg_backend_pid() = any(pg_blocking_pids(pid))`;
      const explain = async () =>
        JSON.stringify({
          jobs: (await sql.query('select * from job')).rows,
          activity: (
            await sql.query('select pid, state, wait_event_type, query from pg_stat_activity')
          ).rows,
          output: worker?.output(),
        });
      await waitFor(async () => (await sql.query<{ pid: number }>(stuck)).rows[0], explain);
      const job = async () =>
        (
          await sql.query<{
            state: string;
            attempts: number;
            locked_by: string;
            last_error: string;
          }>('select state, attempts, locked_by, last_error from job where subject = $1', [doc.key])
        ).rows;
      expect(await job()).toEqual([
        expect.objectContaining({
          state: 'running',
          attempts: 1,
          locked_by: expect.stringContaining(`:${first.child.pid}:`),
        }),
      ]);

      await first.kill();
      // Its database session ends with it (client_connection_check_interval), uncommitted.
      await waitFor(
        async () => ((await sql.query(stuck)).rows.length === 0 ? true : undefined),
        explain,
      );
      await sql.query('rollback');
      // Nothing of the first attempt was kept.
      expect(await read()).toEqual(doc);

      const second = await startServer(env);
      worker = second;
      const done = await captureSettled(app, doc.key, headers, 120_000);
      expect(done).toMatchObject({
        captureState: 'done',
        number: planned.number,
        totalAmount: (planned.total / 100).toFixed(2),
        // One write of the result: one new version.
        version: (doc.version ?? 0) + 1,
      });
      expect(await job()).toEqual([
        {
          state: 'done',
          attempts: 2,
          locked_by: expect.stringContaining(`:${second.child.pid}:`),
          last_error: 'the worker stopped before finishing',
        },
      ]);
      await second.stop();
    },
  );
});
