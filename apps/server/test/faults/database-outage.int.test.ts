import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../../src/db/create-db';
import { seedDemo } from '../../src/modules/demo/demo';
import { DatabaseFault } from '../../src/plugins/fault-errors';
import { translate } from '../../src/plugins/i18n';
import { createCluster, ownPostgresRequired, type Cluster } from './pg-cluster';
import { signInOver, startServer, type ServerProcess } from './server-process';

/**
 * Issue 9, faults (a): PostgreSQL stops under load and starts again. The real server (main.ts)
 * runs on a PostgreSQL 15 server of this test's own, whatever DATABASE_URL says, while three
 * clients keep signing in, listing and saving. Stopped with `pg_ctl -m immediate` (as a crash
 * or a restart by the host would), every request answers 503 errors.databaseUnavailable at
 * once (a refused connection), no request hangs and none gets a 500; once PostgreSQL is back
 * the same process answers again, and every save it confirmed is there. Then PostgreSQL is
 * frozen (SIGSTOP: it accepts connections and answers nothing, as a paused machine): requests
 * answer 503 once DB_CONNECT_TIMEOUT_MS or the statement's read timeout has passed, and all
 * is well again when it resumes.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-outage-'));
let cluster: Cluster | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.kill();
  await cluster?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What the database was doing; 'stopping' and 'starting' are the times pg_ctl runs. */
type Phase = 'before' | 'stopping' | 'outage' | 'starting' | 'after' | 'frozen' | 'thawed';
interface Answer {
  kind: 'signIn' | 'list' | 'save';
  /** The phase when sent and when answered: a request across a change proves nothing. */
  sent: Phase;
  answered: Phase;
  /** HTTP status, or 0 when no answer came in time (a hanging request). */
  status: number;
  codes: string[];
  messages: string[];
  code?: string;
}

/** Longer than DB_CONNECT_TIMEOUT_MS and the statement's read timeout below: a request still open then is hanging. */
const HANG_MS = 15_000;

describe.runIf(ownPostgresRequired())('the database stopping under load', () => {
  it(
    'answers 503 at once while it is down, and succeeds again without a restart of the app',
    { timeout: 180_000 },
    async () => {
      cluster = await createCluster();
      const setup = await createDb({ databaseUrl: cluster.url });
      await migrateToLatest(setup.db);
      await seedDemo(setup.db);
      await setup.close();
      server = await startServer({
        DATABASE_URL: cluster.url,
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        DB_CONNECT_TIMEOUT_MS: '2000',
        // A frozen server's statements are given up on 5 s after this (query_timeout).
        DB_STATEMENT_TIMEOUT_MS: '2000',
        LOGIN_RATE_MAX_PER_USER: '100000',
        LOGIN_RATE_MAX_PER_ADDRESS: '100000',
      });
      const { url } = server;
      const pid = server.child.pid;
      const running = server;
      const headers = await signInOver(url).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${running.output()}`);
      });
      let phase: Phase = 'before';
      let stopped = false;
      const answers: Answer[] = [];
      let n = 0;

      async function call(kind: Answer['kind'], init: () => [string, RequestInit], code?: string) {
        const sent = phase;
        const [target, request] = init();
        let status = 0;
        let body: { error?: { code: string; msg: string }[] } = {};
        try {
          const res = await fetch(`${url}${target}`, {
            ...request,
            signal: AbortSignal.timeout(HANG_MS),
          });
          status = res.status;
          body = (await res.json()) as typeof body;
        } catch (error) {
          if ((error as Error).name !== 'TimeoutError') throw error;
        }
        const codes = (body.error ?? []).map((e) => e.code);
        const messages = (body.error ?? []).map((e) => e.msg);
        answers.push({ kind, sent, answered: phase, status, codes, messages, code });
      }

      const client = async () => {
        while (!stopped) {
          const code = `OUT${n++}`;
          await call('signIn', () => [
            '/api/account/login',
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ username: 'demo', password: 'listina-demo' }),
            },
          ]);
          await call('list', () => ['/api/cl/partner?count=20', { headers }]);
          await call(
            'save',
            () => [
              '/api/cl/costCenter',
              {
                method: 'POST',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify({ code, name: `Outage ${code}`, isActive: true }),
              },
            ],
            code,
          );
        }
      };
      const clients = Promise.all([client(), client(), client()]);
      const within = (p: Phase) => answers.filter((a) => a.sent === p && a.answered === p);
      const until = async (done: () => boolean) => {
        while (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
      };

      await until(() => within('before').length >= 30);
      phase = 'stopping';
      await cluster.stop('immediate');
      phase = 'outage';
      await until(() => within('outage').length >= 30);
      phase = 'starting';
      await cluster.start();
      phase = 'after';
      await until(() => within('after').length >= 30);
      // Frozen: connections are accepted (by the kernel) and nothing is answered.
      phase = 'frozen';
      cluster.freeze();
      await until(() => within('frozen').length >= 6);
      cluster.thaw();
      phase = 'thawed';
      await until(() => within('thawed').length >= 30);
      stopped = true;
      await clients;

      // Before: all answered. During: all 503 with the translated message, none hanging.
      const failures = (p: Phase) => within(p).filter((a) => a.status < 200 || a.status >= 300);
      expect(failures('before')).toEqual([]);
      const unavailable = translate('en-gb', 'errors.databaseUnavailable', []);
      for (const answer of within('outage')) {
        expect(answer, JSON.stringify(answer)).toMatchObject({
          status: 503,
          codes: ['errors.databaseUnavailable'],
          messages: [unavailable],
        });
      }
      expect(new Set(within('outage').map((a) => a.kind))).toEqual(
        new Set(['signIn', 'list', 'save']),
      );
      // Across a change: either outcome, but never a hang or a 500.
      for (const answer of answers)
        expect([200, 201, 503], JSON.stringify(answer)).toContain(answer.status);
      // After: the same process answers again.
      expect(failures('after')).toEqual([]);
      // Frozen: 503 too, once the connect or the answer has waited its time.
      for (const answer of within('frozen')) {
        expect(answer.status, JSON.stringify(answer)).toBe(503);
        expect(['errors.databaseUnavailable', 'errors.databaseTimeout']).toEqual(
          expect.arrayContaining(answer.codes),
        );
      }
      expect(failures('thawed')).toEqual([]);
      expect(server.child.exitCode).toBeNull();
      expect(server.child.pid).toBe(pid);

      // Every save that was confirmed is there.
      const confirmed = answers.filter((a) => a.kind === 'save' && a.status === 201);
      const list = await fetch(`${url}/api/cl/costCenter?count=1000&search=Outage`, { headers });
      const saved = ((await list.json()) as { items: { code: string }[] }).items.map((i) => i.code);
      expect(saved).toEqual(expect.arrayContaining(confirmed.map((a) => a.code)));
    },
  );

  it('gives up on a statement a frozen server never answers, and drops its connection', async () => {
    const own = cluster ?? (cluster = await createCluster());
    const handle = await createDb({
      databaseUrl: own.url,
      timeouts: { connectMs: 1000, statementMs: 500 },
    });
    try {
      await sql`select 1`.execute(handle.db);
      own.freeze();
      // On the pooled connection: no answer, given up after 500 + 5000 ms.
      const fault = await sql`select 1`.execute(handle.db).catch((error: unknown) => error);
      expect(fault).toBeInstanceOf(DatabaseFault);
      expect(fault).toMatchObject({ code: 'errors.databaseTimeout' });
      // A new connection to it: given up after 1000 ms.
      await expect(sql`select 1`.execute(handle.db)).rejects.toMatchObject({
        code: 'errors.databaseUnavailable',
      });
      own.thaw();
      expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([
        { one: 1 },
      ]);
    } finally {
      own.thaw();
      await handle.close();
    }
  });
});
