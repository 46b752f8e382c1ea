import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY_MS, KEEP, type RetentionPolicy } from './policy';

/** Rows one statement deletes at most: its locks, WAL and undo stay small (ADR 0013). */
export const BATCH_ROWS = 5000;

export const RETENTION_TABLES = [
  'audit_log',
  'notification',
  'job',
  'sign_in_event',
  'undo_action',
  'user_session',
  'user_code',
  'login_failure',
  'mail_outbox',
  'task_reminder',
] as const;
export type RetentionTable = (typeof RETENTION_TABLES)[number];
export type RetentionCounts = Record<RetentionTable, number>;

interface Rule {
  table: RetentionTable;
  /** The primary key's columns, by which the delete names its rows. */
  key: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
}

const ID = sql`id`;
const TENANT_KEY = sql`organization_id, id`;

/** The rows past their time at `now`; a period of 0 days keeps its table's rows forever. */
function rules(policy: RetentionPolicy, now: Date): Rule[] {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const expired = before(KEEP.expiredMs);
  const found: Rule[] = [];
  if (policy.auditLogDays > 0)
    found.push({
      table: 'audit_log',
      key: ID,
      where: sql`at < ${before(policy.auditLogDays * DAY_MS)}`,
    });
  if (policy.notificationDays > 0) {
    const read = before(policy.notificationDays * DAY_MS);
    // Unread ones are kept twice as long: nobody has seen them yet, and the list shows them first.
    found.push(
      {
        table: 'notification',
        key: TENANT_KEY,
        where: sql`created_at < ${before(2 * policy.notificationDays * DAY_MS)}`,
      },
      {
        table: 'notification',
        key: TENANT_KEY,
        where: sql`created_at < ${read} and read_at is not null`,
      },
    );
  }
  if (policy.jobDays > 0)
    found.push({
      table: 'job',
      key: ID,
      where: sql`state in ('done', 'failed', 'cancelled') and finished_at < ${before(policy.jobDays * DAY_MS)}`,
    });
  found.push(
    {
      table: 'sign_in_event',
      key: ID,
      where: sql`created_at < ${before(policy.signInDays * DAY_MS)}`,
    },
    { table: 'undo_action', key: ID, where: sql`expires_at < ${expired}` },
    { table: 'user_session', key: ID, where: sql`expires_at < ${expired}` },
    { table: 'user_code', key: ID, where: sql`expires_at < ${expired}` },
    { table: 'login_failure', key: ID, where: sql`failed_at < ${before(policy.loginFailureMs)}` },
    {
      table: 'mail_outbox',
      key: ID,
      where: sql`status <> 'pending' and created_at < ${before(KEEP.mailMs)}`,
    },
    {
      table: 'task_reminder',
      key: sql`organization_id, doc_id, user_id, kind, on_day`,
      where: sql`created_at < ${before(KEEP.reminderMs)}`,
    },
  );
  return found;
}

/**
 * Deletes what `policy` no longer keeps at `now`, table by table, in statements of at most
 * `batchRows` rows each (each its own transaction), until a statement finds fewer. Answers the
 * rows deleted per table. Safe beside another run: a row is counted by the run that deleted it.
 */
export async function runRetention(
  db: Kysely<Database>,
  policy: RetentionPolicy,
  now: Date,
  batchRows = BATCH_ROWS,
): Promise<RetentionCounts> {
  const counts = Object.fromEntries(RETENTION_TABLES.map((t) => [t, 0])) as RetentionCounts;
  for (const rule of rules(policy, now)) {
    const table = sql.table(rule.table);
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        with gone as (
          delete from ${table} where (${rule.key}) in (
            select ${rule.key} from ${table} where ${rule.where} limit ${batchRows}
          )
          returning 1
        )
        select count(*)::int as n from gone`.execute(db);
      const deleted = rows[0]?.n ?? 0;
      counts[rule.table] += deleted;
      if (deleted < batchRows) break;
    }
  }
  return counts;
}
