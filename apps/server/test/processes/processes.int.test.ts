import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import { doc } from '../../src/modules/tables/entities/doc';
import { partner } from '../../src/modules/tables/entities/partner';
import {
  s3StorageEnv,
  startTestS3Server,
  type TestS3Server,
} from '../../src/plugins/storage/s3-test-server';
import {
  captureSettled,
  createOrganization,
  createUser,
  memberHeaders,
  PASSWORD,
  type TestApp,
} from '../factories';
import { createCluster, ownPostgresRequired, type Cluster } from '../faults/pg-cluster';
import { signInOver, startServer, type ServerProcess } from '../faults/server-process';
import {
  createAppOn,
  holdDocuments,
  serverEnv,
  waitFor,
  type HeldRows,
} from '../faults/shared-database';
import { invoicePdf, plannedInvoices, uploadDocumentOver } from '../upload';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { unreadCounts } from '../event-stream';

/**
 * Issue 10: two API processes and two workers of the real server on one PostgreSQL and one
 * S3 store, behind a round-robin proxy. A user's calls land on either API process; the
 * notification stream opened on one hears of a change made through the other; an undo works
 * on the other process than its action; each capture job runs once, and both workers run some.
 */
let cluster: Cluster | undefined;
let s3: TestS3Server | undefined;
let t: TestApp | undefined;
let proxy: RoundRobinProxy | undefined;
let held: HeldRows | undefined;
const servers: ServerProcess[] = [];

afterAll(async () => {
  await proxy?.close();
  await Promise.all(servers.map((server) => server.stop()));
  await held?.end();
  await t?.close();
  await s3?.close();
  await cluster?.destroy();
});

const UPLOADS = 6;

describe.runIf(ownPostgresRequired())('two API processes and two workers', () => {
  it('share sessions, notifications, undo and jobs', { timeout: 180_000 }, async () => {
    const own = await createCluster();
    cluster = own;
    s3 = await startTestS3Server();
    const app = await createAppOn(own);
    t = app;
    const sam = await createUser(app);
    const ana = await createUser(app);
    const boss = await createUser(app);
    const org = await createOrganization(app, {
      [sam.id]: ['dataentry', 'accountant'],
      [ana.id]: ['approver'],
      [boss.id]: ['orgadmin'],
    });
    const bossHeaders = await memberHeaders(app, boss, org);
    const post = async (url: string, payload: object) => {
      const res = await app.app.inject({ method: 'POST', url, headers: bossHeaders, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ item: TableRecord }>().item;
    };
    const documentType = await post('/api/cl/documentType', {
      code: 'INV',
      name: 'Invoice',
      nameSl: 'Račun',
      einvoiceTypeCode: '380',
      isActive: true,
    });
    const customer = await post('/api/cl/partner', partner.sample(1));
    const members = (
      await app.app.inject({ url: '/api/cl/organizationMember?count=100', headers: bossHeaders })
    ).json<{ items: TableRecord[] }>().items;
    const anaMember = members.find((m) => m.userName === ana.username);
    await post('/api/cl/workflow', {
      code: 'INV',
      name: 'Invoices',
      documentTypeId: documentType.id,
      isActive: true,
      steps: [
        {
          id: -1,
          position: 1,
          systemTileCode: 'approval',
          name: 'Approval',
          memberKeys: [anaMember?.key],
          roles: [],
          approvalRule: 'any',
          minApprovers: 1,
          commentRequired: false,
        },
      ],
    });

    const env = serverEnv(own, app, { ...s3StorageEnv(s3), CAPTURE_WORKERS: '1' });
    const apis = await Promise.all([0, 1].map(() => startServer({ ...env, PROCESS_ROLE: 'api' })));
    servers.push(...apis);
    const balancer = await startRoundRobinProxy(apis.map((api) => api.url));
    proxy = balancer;
    const via = (url: string, init: RequestInit = {}) => fetch(`${balancer.url}${url}`, init);
    /** The next request through the proxy goes to API process `index`. */
    const landOn = async (index: number) => {
      while (balancer.next() !== index) await via('/api/health');
    };

    // Signed in through the proxy on one process, the apikey works on the other.
    const anaHeaders = {
      ...(await signInOver(balancer.url, ana.username, PASSWORD)),
      'organization-id': org.key,
    };
    const samHeaders = {
      ...(await signInOver(balancer.url, sam.username, PASSWORD)),
      'organization-id': org.key,
    };
    const json = { ...samHeaders, 'content-type': 'application/json' };

    // Ana's stream lands on one process; Sam's calls on the other.
    const streamOn = balancer.next();
    const other = 1 - streamOn;
    const controller = new AbortController();
    const stream = await via('/api/notification/events', {
      headers: anaHeaders,
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const nextCount = unreadCounts(stream);
    try {
      const start = await nextCount();
      await landOn(other);
      const created = await via('/api/doc', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          ...doc.sample(1),
          number: 'PROC-1',
          documentTypeId: documentType.id,
          customerKey: customer.key,
        }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { item } = (await created.json()) as { item: TableRecord };
      await landOn(other);
      const activated = await via('/api/doc/activate', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ keys: [item.key] }),
      });
      expect(activated.status, await activated.clone().text()).toBe(200);
      expect(await nextCount()).toBe(start + 1);

      // The undo lands on the process that did not activate: it takes the notification back.
      await landOn(streamOn);
      const { undoId } = (await activated.json()) as { undoId: string };
      const undone = await via(`/api/undo/${undoId}`, { method: 'POST', headers: samHeaders });
      expect(undone.status, await undone.clone().text()).toBe(200);
      expect(await nextCount()).toBe(start);
      const after = await via(`/api/doc/${String(item.key)}`, { headers: samHeaders });
      expect(((await after.json()) as TableRecord).status).toBe('draft');

      // The listening connections drop (PostgreSQL restarted, a proxy cut them): each is opened
      // again, and the streams are told to count again, for what was sent meanwhile is lost.
      const admin = new pg.Client({ connectionString: own.url });
      await admin.connect();
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      await admin.end();
      expect(rowCount).toBeGreaterThanOrEqual(2);
      expect(await nextCount()).toBe(start);
    } finally {
      controller.abort();
    }

    // Uploads through the proxy queue capture jobs; no worker runs yet.
    const planned = plannedInvoices('processes', UPLOADS * 3).slice(0, UPLOADS);
    const keys: string[] = [];
    const versions = new Map<string, number>();
    for (const invoice of planned) {
      const uploaded = await uploadDocumentOver(
        balancer.url,
        samHeaders,
        await invoicePdf(invoice),
        {},
        { ignoreWarnings: true },
      );
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const { item } = (await uploaded.json()) as { item: TableRecord };
      keys.push(String(item.key));
      versions.set(String(item.key), Number(item.version));
    }
    expect(new Set(balancer.picks)).toEqual(new Set([0, 1]));

    // Every document's row is held, so a worker that claimed a job waits to write its result:
    // the other worker must take the next job. Both then finish.
    const lock = await holdDocuments(own, keys);
    held = lock;
    const workers = await Promise.all(
      [0, 1].map(() => startServer({ ...env, PROCESS_ROLE: 'worker' })),
    );
    servers.push(...workers);
    // A worker answers only its system routes.
    expect((await fetch(`${workers[0]?.url ?? ''}/api/doc/${keys[0] ?? ''}`)).status).toBe(404);
    await waitFor(async () => ((await lock.waiting()) >= 2 ? true : undefined));
    await lock.release();

    const samInApp = await memberHeaders(app, sam, org);
    for (const key of keys) {
      expect(await captureSettled(app, key, samInApp, 120_000)).toMatchObject({
        captureState: 'done',
        // One write of the result: one new version after the upload's.
        version: (versions.get(key) ?? 0) + 1,
      });
    }
    const jobs = await lock.sql.query<{
      subject: string;
      state: string;
      attempts: number;
      pid: string;
    }>(
      `select subject, state, attempts, split_part(locked_by, ':', 2) as pid from job
       where subject = any($1) order by subject`,
      [keys],
    );
    expect(jobs.rows.map((j) => [j.state, j.attempts])).toEqual(keys.map(() => ['done', 1]));
    expect(new Set(jobs.rows.map((j) => j.subject))).toEqual(new Set(keys));
    expect(new Set(jobs.rows.map((j) => Number(j.pid)))).toEqual(
      new Set(workers.map((w) => w.child.pid)),
    );
  });
});
