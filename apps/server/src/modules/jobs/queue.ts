import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type { Trx } from '../../db/scope';

/** A job as a worker gets it. */
export interface Job {
  id: string;
  organizationId: string | null;
  kind: string;
  subject: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

interface JobRow {
  id: string;
  organization_id: string | null;
  kind: string;
  subject: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

const toJob = (row: JobRow): Job => ({
  id: String(row.id),
  organizationId: row.organization_id === null ? null : String(row.organization_id),
  kind: row.kind,
  subject: row.subject,
  payload: row.payload,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
});

export interface NewJob {
  organizationId: string | null;
  kind: string;
  /** What the job is about (a document key): one live job per kind and subject. */
  subject?: string;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
}

/**
 * Queues jobs in the caller's transaction (they run once it commits). A job whose kind and
 * subject already has one queued or running is left to that one. Returns the ids queued.
 */
export async function enqueue(trx: Trx | Db, jobs: NewJob[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = jobs.map(
    (j) =>
      sql`(${j.organizationId}::bigint, ${j.kind}, ${j.subject ?? ''}, ${JSON.stringify(j.payload ?? {})}::jsonb, ${j.maxAttempts ?? 5})`,
  );
  const { rows: queued } = await sql<{ id: string }>`
    insert into job (organization_id, kind, subject, payload, max_attempts)
    values ${sql.join(rows)}
    on conflict (kind, subject) where state in ('queued', 'running') and subject <> ''
    do nothing
    returning id
  `.execute(trx);
  return queued.map((r) => String(r.id));
}

/** Delay before the next attempt after `attempts` failed ones: 2, 8, 32 s ... at most 10 min. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(600, 2 * 4 ** Math.max(0, attempts - 1));
}

/**
 * Claims up to `limit` due jobs of these kinds for a worker, each for `leaseSeconds`: running,
 * one more attempt counted. Jobs another worker holds are skipped, never waited for.
 */
export async function claim(
  db: Db,
  workerId: string,
  kinds: readonly string[],
  limit: number,
  leaseSeconds: number,
): Promise<Job[]> {
  const { rows } = await sql<JobRow>`
    update job set state = 'running', attempts = attempts + 1, locked_by = ${workerId},
      lease_until = now() + ${leaseSeconds} * interval '1 second', updated_at = now()
    where id in (
      select id from job
      where state = 'queued' and run_at <= now() and kind = any(${[...kinds]}::text[])
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, organization_id, kind, subject, payload, attempts, max_attempts
  `.execute(db);
  return rows.map(toJob);
}

/** A worker's job is done. Only its holder may finish it (a lease another took over is lost). */
export async function complete(db: Db, job: Job, workerId: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    update job set state = 'done', progress = 100, finished_at = now(), updated_at = now(),
      lease_until = null
    where id = ${job.id} and state = 'running' and locked_by = ${workerId}
    returning id
  `.execute(db);
  return rows.length > 0;
}

/**
 * A worker's attempt failed: queued again after retryDelaySeconds, or failed for good after
 * its last attempt. Returns the job's new state.
 */
export async function fail(
  db: Db,
  job: Job,
  workerId: string,
  error: string,
  options: { retry?: boolean } = {},
): Promise<'queued' | 'failed' | 'lost'> {
  const retry = (options.retry ?? true) && job.attempts < job.maxAttempts;
  const { rows } = await sql<{ state: 'queued' | 'failed' }>`
    update job set
      state = ${retry ? 'queued' : 'failed'},
      run_at = now() + ${retryDelaySeconds(job.attempts)} * interval '1 second',
      last_error = ${error.slice(0, 2000)}, lease_until = null, locked_by = null,
      updated_at = now(), finished_at = ${retry ? null : sql`now()`}
    where id = ${job.id} and state = 'running' and locked_by = ${workerId}
    returning state
  `.execute(db);
  return rows[0]?.state ?? 'lost';
}

/** A running job's progress (0–100), for the work list and the edit page. */
export async function reportProgress(db: Db, job: Job, workerId: string, progress: number) {
  await sql`
    update job set progress = ${Math.max(0, Math.min(100, Math.round(progress)))}, updated_at = now()
    where id = ${job.id} and state = 'running' and locked_by = ${workerId}
  `.execute(db);
}

/**
 * Running jobs whose lease ended (their worker died or hung) are queued again for another
 * attempt, or failed when they had their last. Returns how many were taken back.
 */
export async function reclaimExpired(db: Db): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    update job set
      state = case when attempts < max_attempts then 'queued' else 'failed' end,
      last_error = coalesce(last_error, 'the worker stopped before finishing'),
      finished_at = case when attempts < max_attempts then null else now() end,
      lease_until = null, locked_by = null, run_at = now(), updated_at = now()
    where state = 'running' and lease_until < now()
    returning id
  `.execute(db);
  return rows.length;
}

/** Cancels the live jobs of these subjects of an organisation (in the caller's transaction). */
export async function cancel(
  trx: Trx,
  organizationId: string,
  kind: string,
  subjects: string[],
): Promise<number> {
  if (subjects.length === 0) return 0;
  const { rows } = await sql<{ id: string }>`
    update job set state = 'cancelled', finished_at = now(), updated_at = now(),
      lease_until = null
    where organization_id = ${organizationId} and kind = ${kind}
      and subject = any(${subjects}::text[]) and state in ('queued', 'running')
    returning id
  `.execute(trx);
  return rows.length;
}

/** Whether the job is still the live one of its subject (not cancelled meanwhile). */
export async function isLive(db: Db, job: Job, workerId: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    select id from job where id = ${job.id} and state = 'running' and locked_by = ${workerId}
  `.execute(db);
  return rows.length > 0;
}
