import { sql, type Kysely } from 'kysely';

/**
 * Retention (issue 10 "Growth", ADR 0013): the indexes the batched deletes of
 * modules/retention need to find the oldest rows of the tables that only grow, without
 * reading the whole table each batch. None is unique, so the distribution rule
 * (test/distribution.int.test.ts) is untouched. sign_in_event has its (created_at) index
 * from 0026; user_code is small (a few per user) and is read whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index audit_log_at_idx on audit_log (at);
    create index notification_created_idx on notification (created_at, read_at);
    create index job_finished_idx on job (finished_at)
      where state in ('done', 'failed', 'cancelled');
    create index undo_action_expires_idx on undo_action (expires_at);
    create index user_session_expires_idx on user_session (expires_at);
    create index login_failure_failed_idx on login_failure (failed_at);
    create index mail_outbox_done_idx on mail_outbox (created_at) where status <> 'pending';
  `.execute(db);
}
