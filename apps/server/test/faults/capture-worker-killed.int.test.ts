import { afterAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  captureSettled,
  createOrganization,
  createUser,
  memberHeaders,
  type TestApp,
  uploadedDocument,
} from '../factories';
import { invoicePdf, plannedInvoices } from '../upload';
import { createCluster, ownPostgresRequired, type Cluster } from './pg-cluster';
import { startServer, type ServerProcess } from './server-process';
import { createAppOn, holdDocuments, serverEnv, waitFor, type HeldRows } from './shared-database';

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
let held: HeldRows | undefined;

afterAll(async () => {
  await worker?.kill();
  await held?.end();
  await t?.close();
  await cluster?.destroy();
});

const [planned] = plannedInvoices('faults-capture', 6);

describe.runIf(ownPostgresRequired())('a capture worker killed during a job', () => {
  it(
    'has the job taken back after its lease and the result written exactly once',
    { timeout: 180_000 },
    async () => {
      if (!planned) throw new Error('no planned invoice');
      const own = await createCluster();
      cluster = own;
      t = await createAppOn(own);
      const app = t;
      const clerk = await createUser(app);
      const org = await createOrganization(app, { [clerk.id]: ['dataentry', 'accountant'] });
      const headers = await memberHeaders(app, clerk, org);
      const { key } = await uploadedDocument(app, headers, await invoicePdf(planned));
      const read = async () =>
        (await app.app.inject({ url: `/api/doc/${key}`, headers })).json<TableRecord>();
      // Queued by the upload; nobody here runs it.
      const doc = await read();
      expect(doc).toMatchObject({ captureState: 'pending', captureResult: null });

      const lock = await holdDocuments(own, [doc.key]);
      held = lock;
      const { sql } = lock;
      const env = serverEnv(own, app, { CAPTURE_WORKERS: '1', CAPTURE_LEASE_SECONDS: '2' });
      const first = await startServer(env);
      worker = first;
      // The worker holds the job and waits on the lock to write the result: mid-job.
      const explain = async () =>
        JSON.stringify({
          jobs: (await sql.query('select * from job')).rows,
          activity: (
            await sql.query('select pid, state, wait_event_type, query from pg_stat_activity')
          ).rows,
          output: worker?.output(),
        });
      const waiting = (n: number) => async () => ((await lock.waiting()) === n ? true : undefined);
      await waitFor(waiting(1), explain);
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
      await waitFor(waiting(0), explain);
      await lock.release();
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
