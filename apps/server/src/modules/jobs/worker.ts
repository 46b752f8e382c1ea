import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { claim, complete, fail, isLive, reclaimExpired, reportProgress, type Job } from './queue';

/** What a handler gets besides its job. */
export interface JobContext {
  /** Tells the work list how far the job is (0–100). */
  progress(percent: number): Promise<void>;
  /** Whether the job is still wanted (not cancelled meanwhile): check before writing results. */
  isLive(): Promise<boolean>;
  /** Aborted when the worker stops. */
  signal: AbortSignal;
}

export type JobHandler = (job: Job, context: JobContext) => Promise<void>;

/** An error that another attempt would not cure (a corrupt file): the job fails at once. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export interface WorkerOptions {
  db: Db;
  handlers: Readonly<Record<string, JobHandler>>;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** How long a claimed job is the worker's before another may take it back; renewed while it runs. */
  leaseSeconds?: number;
  workerId?: string;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export interface Worker {
  readonly id: string;
  /** Looks for jobs now (after queueing some), instead of at the next poll. */
  wake(): void;
  /** Finishes the jobs in hand, then stops. */
  stop(): Promise<void>;
}

/** Reclaims expired leases at most this often per worker (and at least once per lease). */
const RECLAIM_EVERY_MS = 10_000;

/**
 * A worker: claims due jobs of its kinds (skip locked, so workers never take the same job),
 * runs their handlers, and records the outcome: done, queued again after a delay, or failed.
 * A job whose worker died is taken back when its lease ends (reclaimExpired).
 */
export function startWorker(options: WorkerOptions): Worker {
  const { db, handlers } = options;
  const kinds = Object.keys(handlers);
  const concurrency = options.concurrency ?? 1;
  const pollMs = options.pollMs ?? 500;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;
  let lastReclaim = 0;

  async function run(job: Job) {
    const handler = handlers[job.kind];
    const renew = setInterval(
      () =>
        void sql`update job set lease_until = now() + ${leaseSeconds} * interval '1 second'
                 where id = ${job.id} and state = 'running' and locked_by = ${id}`
          .execute(db)
          .catch(() => undefined),
      (leaseSeconds * 1000) / 3,
    );
    try {
      if (!handler) throw new PermanentJobError(`no handler for ${job.kind}`);
      await handler(job, {
        progress: (percent) => reportProgress(db, job, id, percent),
        isLive: () => isLive(db, job, id),
        signal: controller.signal,
      });
      await complete(db, job, id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const state = await fail(db, job, id, message, {
        retry: !(error instanceof PermanentJobError),
      }).catch(() => 'lost' as const);
      options.log?.warn({ jobId: job.id, kind: job.kind, state, err: message }, 'job failed');
    } finally {
      clearInterval(renew);
    }
  }

  async function look() {
    if (controller.signal.aborted) return;
    if (Date.now() - lastReclaim > Math.min(RECLAIM_EVERY_MS, leaseSeconds * 1000)) {
      lastReclaim = Date.now();
      const taken = await reclaimExpired(db);
      if (taken > 0) options.log?.info({ jobs: taken }, 'jobs of a stopped worker queued again');
    }
    const free = concurrency - running.size;
    if (free <= 0) return;
    const jobs = await claim(db, id, kinds, free, leaseSeconds);
    for (const job of jobs) {
      const task = run(job).finally(() => {
        running.delete(task);
        wake();
      });
      running.add(task);
    }
  }

  function wake() {
    if (controller.signal.aborted) return;
    clearTimeout(timer);
    looking ??= look()
      .catch((error: unknown) =>
        options.log?.warn({ err: String(error) }, 'looking for jobs failed'),
      )
      .finally(() => {
        looking = undefined;
        if (!controller.signal.aborted) timer = setTimeout(wake, pollMs);
      });
  }

  wake();
  return {
    id,
    wake,
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await looking;
      await Promise.allSettled([...running]);
    },
  };
}
