import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * Background jobs (issue 7: data capture runs in a PostgreSQL-backed queue with retries; issue
 * 10: any number of worker processes). A worker claims queued jobs with `for update skip
 * locked`, so each runs once however many workers there are; a running job carries a lease,
 * and one whose worker died is queued again when its lease ends. A failed attempt is retried
 * with a growing delay until max_attempts.
 *
 * The API queues, reads and cancels its organisation's jobs under row-level security like
 * any tenant table; workers claim them as the owner, across organisations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table job (
      id bigint generated always as identity primary key,
      organization_id bigint references organization (id) on delete cascade,
      kind text not null,
      subject text not null default '',
      payload jsonb not null default '{}',
      state text not null default 'queued'
        check (state in ('queued', 'running', 'done', 'failed', 'cancelled')),
      attempts integer not null default 0,
      max_attempts integer not null default 5 check (max_attempts between 1 and 100),
      run_at timestamptz not null default now(),
      locked_by text,
      lease_until timestamptz,
      last_error text,
      progress integer not null default 0 check (progress between 0 and 100),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index job_queued_idx on job (run_at, id) where state = 'queued';
    create index job_running_lease_idx on job (lease_until) where state = 'running';
    -- One live job per kind and subject (a document's capture): queueing it again is a no-op.
    create unique index job_live_subject_uq on job (kind, subject)
      where state in ('queued', 'running') and subject <> '';
    create index job_organization_idx on job (organization_id, kind, subject);
  `.execute(db);
  await tenantAccess('job').execute(db);
  await sql`grant usage on all sequences in schema public to listina_tenant`.execute(db);
}
