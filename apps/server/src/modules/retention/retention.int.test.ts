import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createTestApp,
  createUser,
  type TestApp,
} from '../../../test/factories';
import { loadConfig } from '../../config';
import type { RetentionPolicy } from './policy';
import { RETENTION_TABLES, runRetention } from './retention';
import { createRetention } from './schedule';

/**
 * Retention (ADR 0013, docs/operations.md "Retention") on a real database: PGlite, or
 * PostgreSQL when DATABASE_URL is set (the advisory lock then guards the runs).
 */
let t: TestApp;
let userId: string;
let orgA: string;
let orgB: string;
const now = new Date();
const defaults: RetentionPolicy = loadConfig({}).retention;

/** A timestamp `days` before now (negative: after). */
const ago = (days: number) => sql`${now}::timestamptz - ${`${days * 86_400} seconds`}::interval`;

async function audit(org: string | null, days: number, count = 1) {
  await sql`
    insert into audit_log (organization_id, table_name, record_key, action, user_id, at, changes)
    select ${org}, 'partner', gen_random_uuid(), 'update', ${userId}, ${ago(days)}, '[]'
    from generate_series(1, ${count})`.execute(t.database.db);
}

async function notification(org: string, days: number, read: boolean) {
  await sql`
    insert into notification (organization_id, key, user_id, kind, read_at, created_at)
    values (${org}, gen_random_uuid(), ${userId}, 'assigned',
            ${read ? ago(days - 1) : null}, ${ago(days)})`.execute(t.database.db);
}

async function job(org: string, state: string, days: number) {
  const finished = ['done', 'failed', 'cancelled'].includes(state) ? ago(days) : null;
  await sql`
    insert into job (organization_id, kind, state, created_at, finished_at)
    values (${org}, 'capture', ${state}, ${ago(days)}, ${finished})`.execute(t.database.db);
}

/** Rows of a table, optionally of one organisation. */
async function count(table: string, org?: string): Promise<number> {
  const where = org ? sql`where organization_id = ${org}` : sql``;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(table)} ${where}`.execute(t.database.db);
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  // An API process: nothing of its own runs retention beside the test.
  t = await createTestApp({ PROCESS_ROLE: 'api' });
  const user = await createUser(t);
  userId = user.id;
  orgA = (await createOrganization(t, { [userId]: ['admin'] })).id;
  orgB = (await createOrganization(t, { [userId]: ['admin'] })).id;
});

afterAll(() => t.close());

beforeEach(async () => {
  for (const table of RETENTION_TABLES)
    await sql`delete from ${sql.table(table)}`.execute(t.database.db);
});

describe('retention', () => {
  it('keeps ten years of audit log, 90 days of read and 180 of unread notifications, 30 of finished jobs by default', () => {
    expect(defaults).toMatchObject({
      auditLogDays: 3653,
      notificationDays: 90,
      jobDays: 30,
      signInDays: 180,
      intervalMinutes: 60,
    });
  });

  it('deletes the rows past their time in every table and keeps the newer, unread and live ones', async () => {
    const db = t.database.db;
    await audit(orgA, 3660, 2);
    await audit(orgA, 3600);
    await audit(null, 3660);
    await notification(orgA, 100, true);
    await notification(orgA, 80, true);
    await notification(orgA, 100, false);
    await notification(orgA, 190, false);
    for (const state of ['done', 'failed', 'cancelled']) await job(orgA, state, 40);
    await job(orgA, 'done', 20);
    await job(orgA, 'queued', 400);
    await job(orgA, 'running', 400);
    // Another organisation's recent rows.
    await audit(orgB, 1, 3);
    await notification(orgB, 1, true);
    await job(orgB, 'done', 1);
    await sql`
      insert into sign_in_event (created_at, username, result, ip)
      values (${ago(200)}, 'old', 'success', '::1'), (${ago(100)}, 'new', 'success', '::1')`.execute(
      db,
    );
    await sql`
      insert into undo_action (key, organization_id, user_id, expires_at, operations)
      values (gen_random_uuid(), ${orgA}, ${userId}, ${ago(2)}, '[]'),
             (gen_random_uuid(), ${orgA}, ${userId}, ${ago(0.05)}, '[]')`.execute(db);
    await sql`
      insert into user_session (user_id, token_hash, expires_at)
      values (${userId}, 'old-session', ${ago(2)}), (${userId}, 'live-session', ${ago(-0.5)})`.execute(
      db,
    );
    await sql`
      insert into user_code (user_id, kind, code_hash, expires_at)
      values (${userId}, 'resetPassword', 'old-code', ${ago(2)}),
             (${userId}, 'confirmEmail', 'live-code', ${ago(-1)})`.execute(db);
    await sql`
      insert into login_failure (subject, failed_at)
      values ('user:old', ${ago(2)}), ('user:new', ${ago(0.5)})`.execute(db);
    await sql`
      insert into mail_outbox (to_address, subject, text_body, status, created_at)
      values ('a@example.test', 's', 'b', 'sent', ${ago(40)}),
             ('a@example.test', 's', 'b', 'failed', ${ago(40)}),
             ('a@example.test', 's', 'b', 'pending', ${ago(40)}),
             ('a@example.test', 's', 'b', 'sent', ${ago(10)})`.execute(db);

    const { rows: docs } = await sql<{ id: string }>`
      insert into doc (organization_id, key) values (${orgA}, gen_random_uuid()) returning id
    `.execute(db);
    await sql`
      insert into task_reminder (organization_id, doc_id, user_id, kind, on_day, created_at)
      values (${orgA}, ${docs[0]?.id}, ${userId}, 'overdue', '2026-01-01', ${ago(100)}),
             (${orgA}, ${docs[0]?.id}, ${userId}, 'overdue', '2026-01-02', ${ago(10)})`.execute(db);

    expect(await runRetention(db, defaults, now)).toEqual({
      audit_log: 3,
      notification: 2,
      job: 3,
      sign_in_event: 1,
      undo_action: 1,
      user_session: 1,
      user_code: 1,
      login_failure: 1,
      mail_outbox: 2,
      task_reminder: 1,
    });
    expect(await count('audit_log', orgA)).toBe(1);
    expect(await count('task_reminder', orgA)).toBe(1);
    const notifications = await sql<{ unread: boolean }>`
      select read_at is null as unread from notification where organization_id = ${orgA}
      order by created_at`.execute(db);
    // The unread one of 100 days and the read one of 80.
    expect(notifications.rows.map((n) => n.unread)).toEqual([true, false]);
    const jobs = await sql<{ state: string }>`
      select state from job where organization_id = ${orgA}`.execute(db);
    expect(jobs.rows.map((j) => j.state).sort()).toEqual(['done', 'queued', 'running']);
    expect([
      await count('audit_log', orgB),
      await count('notification', orgB),
      await count('job', orgB),
    ]).toEqual([3, 1, 1]);
    const left = await sql<{ name: string }>`
      select username as name from sign_in_event union all select token_hash from user_session
      union all select code_hash from user_code union all select subject from login_failure
      union all select status || ' ' || (created_at > ${ago(20)}) from mail_outbox
      order by name`.execute(db);
    expect(left.rows.map((r) => r.name)).toEqual([
      'live-code',
      'live-session',
      'new',
      'pending false',
      'sent true',
      'user:new',
    ]);
    expect(await count('undo_action')).toBe(1);
    // A second run finds nothing more.
    const again = await runRetention(db, defaults, now);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it('keeps audit entries, notifications and jobs forever when their days are 0', async () => {
    await audit(orgA, 5000);
    await notification(orgA, 5000, true);
    await job(orgA, 'done', 5000);
    const forever = { ...defaults, auditLogDays: 0, notificationDays: 0, jobDays: 0 };
    const counts = await runRetention(t.database.db, forever, now);
    expect([counts.audit_log, counts.notification, counts.job]).toEqual([0, 0, 0]);
    expect([await count('audit_log'), await count('notification'), await count('job')]).toEqual([
      1, 1, 1,
    ]);
  });

  it('deletes more rows than one statement takes, in several', async () => {
    await audit(orgA, 4000, 250);
    await audit(orgA, 10, 30);
    const counts = await runRetention(t.database.db, defaults, now, 100);
    expect(counts.audit_log).toBe(250);
    expect(await count('audit_log')).toBe(30);
  });

  it('deletes each row once when two runs start together, and neither fails', async () => {
    await audit(orgA, 4000, 120);
    await audit(orgB, 4000, 80);
    const retention = createRetention(t.database, defaults, t.app.log);
    const [first, second] = await Promise.all([retention.runOnce(now), retention.runOnce(now)]);
    expect([first, second].filter((c) => c === undefined)).toHaveLength(1);
    expect((first ?? second)?.audit_log).toBe(200);
    expect(retention.metricsText()).toContain(
      'listina_retention_deleted_total{table="audit_log"} 200',
    );
    expect(retention.metricsText()).toContain('listina_retention_runs_total 1');
    // Without the guard, two runs at once share the rows between them.
    await audit(orgA, 4000, 150);
    const both = await Promise.all([
      runRetention(t.database.db, defaults, now, 40),
      runRetention(t.database.db, defaults, now, 40),
    ]);
    expect(both[0].audit_log + both[1].audit_log).toBe(150);
    expect(await count('audit_log')).toBe(0);
  });
});

describe('retention by process role', () => {
  const metrics = async (app: TestApp) =>
    (await app.app.inject({ method: 'GET', url: '/api/metrics' })).body;

  it('is not part of an API process', async () => {
    expect(await metrics(t)).not.toContain('listina_retention');
  });

  it('is part of a worker process, counted in /api/metrics', async () => {
    const worker = await createTestApp({ PROCESS_ROLE: 'worker' });
    try {
      const text = await metrics(worker);
      expect(text).toContain('listina_retention_runs_total 0');
      expect(text).toContain('listina_retention_deleted_total{table="notification"} 0');
    } finally {
      await worker.close();
    }
  });
});
