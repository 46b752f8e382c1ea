import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * Issue 26, notifications that reach people outside the app:
 * - app_user: the user's channel per kind of notification (notify_channels, the kinds not in
 *   it take the defaults of the contract), and when their daily digest goes out: the hour and
 *   the ISO days of the week in their time zone; digest_sent_on is the user's own date of the
 *   last one, the claim that sends it once whatever number of workers look.
 * - organization: reminders a number of days before a task's due date, escalation to the
 *   admins a number of days after it (0: never), and whether mails carry the document's file.
 * - notification.channel: how it was delivered, decided by the worker after a short delay (an
 *   undone action's notification is gone by then and never mailed); sent_at: when it went out
 *   by mail or in a digest. The ones of before this migration were seen in the app only.
 * - task_reminder: one row per reminder sent (a task's due-soon reminder once; overdue and
 *   escalation once a day), the claim that makes two workers send it once.
 */
export const KEPT_NOTIFY_TABLES = ['task_reminder'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table app_user
      add column notify_channels jsonb not null default '{}',
      add column digest_hour smallint not null default 7
        check (digest_hour between 0 and 23),
      add column digest_days smallint[] not null default '{1,2,3,4,5}',
      add column time_zone text not null default 'Europe/Ljubljana',
      add column digest_sent_on date;

    alter table organization
      add column remind_days_before integer not null default 3
        check (remind_days_before between 0 and 60),
      add column escalate_after_days integer not null default 3
        check (escalate_after_days between 0 and 365),
      add column mail_attaches_file boolean not null default false;
    grant update (remind_days_before, escalate_after_days, mail_attaches_file) on organization
      to listina_tenant;

    alter table notification
      add column channel text check (channel in ('app', 'mail', 'digest')),
      add column sent_at timestamptz;
    update notification set channel = 'app' where channel is null;
    create index notification_undecided_idx on notification (created_at) where channel is null;
    create index notification_digest_idx on notification (user_id, organization_id, id)
      where channel = 'digest' and sent_at is null;

    alter table mail_outbox
      add column html_body text,
      add column headers jsonb not null default '{}',
      add column attachments jsonb not null default '[]';

    create table task_reminder (
      organization_id bigint not null references organization (id) on delete cascade,
      doc_id bigint not null,
      user_id bigint not null references app_user (id) on delete cascade,
      kind text not null check (kind in ('dueSoon', 'overdue', 'escalated')),
      on_day date not null,
      created_at timestamptz not null default now(),
      primary key (organization_id, doc_id, user_id, kind, on_day),
      foreign key (organization_id, doc_id) references doc (organization_id, id) on delete cascade
    );
    create index task_reminder_created_idx on task_reminder (created_at);

    -- Reminders look for tasks by due date among the documents standing in a workflow.
    create index doc_workflow_due_idx on doc (due_date, organization_id)
      where workflow_standing is not null;
    -- A user's tasks across organisations: forwarded to them, or sent back to them.
    create index doc_forwarded_to_idx on doc (workflow_forwarded_to)
      where workflow_forwarded_to is not null;
    create index doc_submitted_by_idx on doc (workflow_submitted_by)
      where workflow_standing = 'supplement';

  `.execute(db);
  await tenantAccess('task_reminder').execute(db);
  for (const table of KEPT_NOTIFY_TABLES) {
    await sql
      .raw(
        `create trigger ${table}_keep_cascaded before delete on ${table}
           for each row execute function listina_keep_cascaded_row();`,
      )
      .execute(db);
  }
}
