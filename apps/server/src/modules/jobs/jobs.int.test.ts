import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrganization, createTestApp, type TestApp } from '../../../test/factories';
import { cancel, claim, complete, enqueue, fail, reclaimExpired, type Job } from './queue';
import { PermanentJobError, startWorker } from './worker';

/**
 * The job queue on the real database (issue 7: a PostgreSQL-backed queue with retries; issue
 * 9: a worker killed during a job, the job is retried; issue 10: each job runs once).
 */
let t: TestApp;
let organizationId: string;

beforeAll(async () => {
  // No capture worker of the app's own: it would race the tests' workers for their jobs.
  t = await createTestApp({ CAPTURE_WORKERS: '0' });
  organizationId = (await createOrganization(t, {})).id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await sql`delete from job`.execute(t.database.db);
});

const db = () => t.database.db;
const states = async () =>
  (
    await sql<{ subject: string; state: string; attempts: number }>`
      select subject, state, attempts from job order by id
    `.execute(db())
  ).rows;

describe('the queue', () => {
  it('keeps one live job per kind and subject', async () => {
    const first = await enqueue(db(), [
      { organizationId, kind: 'capture', subject: 'doc-1' },
      { organizationId, kind: 'capture', subject: 'doc-2' },
    ]);
    expect(first).toHaveLength(2);
    expect(await enqueue(db(), [{ organizationId, kind: 'capture', subject: 'doc-1' }])).toEqual(
      [],
    );
    // Once it is done, the subject may be queued again.
    const [job] = await claim(db(), 'w1', ['capture'], 1, 60);
    if (!job) throw new Error('nothing claimed');
    await complete(db(), job, 'w1');
    expect(
      await enqueue(db(), [{ organizationId, kind: job.kind, subject: job.subject }]),
    ).toHaveLength(1);
  });

  it('gives each due job to one worker only', async () => {
    await enqueue(
      db(),
      Array.from({ length: 10 }, (_, i) => ({ organizationId, kind: 'capture', subject: `d${i}` })),
    );
    const [a, b] = await Promise.all([
      claim(db(), 'w1', ['capture'], 6, 60),
      claim(db(), 'w2', ['capture'], 6, 60),
    ]);
    const ids = [...(a ?? []), ...(b ?? [])].map((j) => j.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(10);
    expect(await claim(db(), 'w3', ['capture'], 6, 60)).toEqual([]);
    // Kinds a worker does not handle stay queued.
    await enqueue(db(), [{ organizationId, kind: 'other', subject: 'x' }]);
    expect(await claim(db(), 'w3', ['capture'], 6, 60)).toEqual([]);
  });

  it('retries a failed attempt later, and fails the job after its last', async () => {
    await enqueue(db(), [{ organizationId, kind: 'capture', subject: 'd', maxAttempts: 2 }]);
    let [job] = await claim(db(), 'w1', ['capture'], 1, 60);
    expect(await fail(db(), job as Job, 'w1', 'timeout')).toBe('queued');
    // Not due yet: the retry waits its delay.
    expect(await claim(db(), 'w1', ['capture'], 1, 60)).toEqual([]);
    await sql`update job set run_at = now()`.execute(db());
    [job] = await claim(db(), 'w1', ['capture'], 1, 60);
    expect(job?.attempts).toBe(2);
    expect(await fail(db(), job as Job, 'w1', 'timeout again')).toBe('failed');
    expect(await states()).toEqual([{ subject: 'd', state: 'failed', attempts: 2 }]);
  });

  it('takes back a job whose worker stopped when its lease ends', async () => {
    await enqueue(db(), [{ organizationId, kind: 'capture', subject: 'd' }]);
    const [job] = await claim(db(), 'dead-worker', ['capture'], 1, 0);
    expect(job).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await reclaimExpired(db())).toBe(1);
    const [again] = await claim(db(), 'w2', ['capture'], 1, 60);
    expect(again?.attempts).toBe(2);
    // The dead worker can no longer finish it.
    expect(await complete(db(), job as Job, 'dead-worker')).toBe(false);
    expect(await complete(db(), again as Job, 'w2')).toBe(true);
  });

  it('cancels the live jobs of subjects, queued or running', async () => {
    await enqueue(db(), [
      { organizationId, kind: 'capture', subject: 'a' },
      { organizationId, kind: 'capture', subject: 'b' },
      { organizationId, kind: 'capture', subject: 'c' },
    ]);
    await claim(db(), 'w1', ['capture'], 1, 60);
    const cancelled = await t.database.db
      .transaction()
      .execute((trx) => cancel(trx, organizationId, 'capture', ['a', 'b']));
    expect(cancelled).toBe(2);
    expect((await states()).map((s) => s.state)).toEqual(['cancelled', 'cancelled', 'queued']);
  });
});

describe('workers', () => {
  it('run every job exactly once with two workers, retry a failing one and fail a hopeless one', async () => {
    const runs = new Map<string, number>();
    let flaky = 0;
    const handlers = {
      capture: async (job: Job) => {
        runs.set(job.subject, (runs.get(job.subject) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
        if (job.subject === 'flaky' && flaky++ === 0) throw new Error('busy, try again');
        if (job.subject === 'corrupt') throw new PermanentJobError('not a PDF');
      },
    };
    await enqueue(db(), [
      ...Array.from({ length: 40 }, (_, i) => ({
        organizationId,
        kind: 'capture',
        subject: `d${i}`,
      })),
      { organizationId, kind: 'capture', subject: 'flaky' },
      { organizationId, kind: 'capture', subject: 'corrupt' },
    ]);
    const workers = [
      startWorker({ db: db(), handlers, concurrency: 2, pollMs: 20 }),
      startWorker({ db: db(), handlers, concurrency: 2, pollMs: 20 }),
    ];
    try {
      // The flaky job's retry waits 2 s; let it be due at once.
      const deadline = Date.now() + 20_000;
      for (;;) {
        await sql`update job set run_at = now() where state = 'queued'`.execute(db());
        const left = (await states()).filter((s) => s.state === 'queued' || s.state === 'running');
        if (left.length === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const byState = await states();
    expect(byState.filter((s) => s.state === 'done')).toHaveLength(41);
    expect(byState.find((s) => s.subject === 'corrupt')).toMatchObject({
      state: 'failed',
      attempts: 1,
    });
    expect(byState.find((s) => s.subject === 'flaky')).toMatchObject({
      state: 'done',
      attempts: 2,
    });
    for (let i = 0; i < 40; i++) expect(runs.get(`d${i}`), `d${i}`).toBe(1);
  });
});
