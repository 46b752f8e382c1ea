import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';

/**
 * The statements of notification delivery (issue 26). They run in the worker for every
 * organisation at once, without a tenant scope, like retention: each names the organisation
 * of every row it joins, and what it reads goes only to the user the row belongs to.
 */
type Executor = Kysely<Database>;

export interface UndecidedRow {
  organization_id: string;
  id: string;
  kind: string;
  user_id: string;
  email: string;
  display_name: string;
  lang: string;
  notify_channels: Record<string, string>;
  is_member: boolean;
  organization_key: string;
  organization_name: string;
  mail_attaches_file: boolean;
  doc_key: string | null;
  doc_number: string | null;
  partner: string | null;
  amount: string | null;
  currency: string | null;
  due_date: string | null;
  actor: string | null;
  comment: string | null;
  main_blob_id: string | null;
  main_name: string | null;
  main_mime: string | null;
}

/** A document's fields as the mails show them, joined onto a row with `d` as the document. */
const DOC_FIELDS = sql`d.key::text as doc_key, d.number as doc_number, p.name as partner,
  coalesce(d.amount_due, d.total_amount)::text as amount, d.currency_code as currency,
  d.due_date::text as due_date`;
const PARTNER_JOIN = sql`left join partner p
  on p.organization_id = d.organization_id and p.key = d.customer_key`;

/**
 * Claims notifications not yet delivered that are older than `before` (skipping rows another
 * worker holds): the caller decides each one's channel in the same transaction.
 */
export async function claimUndecided(trx: Executor, before: Date, limit: number) {
  const { rows } = await sql<UndecidedRow>`
    with claimed as (
      select organization_id, id from notification
      where channel is null and created_at <= ${before}
      order by created_at, id
      limit ${limit}
      for update skip locked
    )
    select n.organization_id, n.id, n.kind, n.user_id, u.email, u.display_name, u.lang,
           u.notify_channels,
           exists (select 1 from organization_member m where m.organization_id = n.organization_id
                   and m.user_id = n.user_id and m.is_active) as is_member,
           o.key::text as organization_key, o.name as organization_name, o.mail_attaches_file,
           ${DOC_FIELDS}, a.display_name as actor, n.comment,
           f.blob_id as main_blob_id, f.name as main_name, f.mime as main_mime
    from claimed c
    join notification n on n.organization_id = c.organization_id and n.id = c.id
    join app_user u on u.id = n.user_id
    join organization o on o.id = n.organization_id
    left join doc d on d.organization_id = n.organization_id and d.id = n.doc_id
    ${PARTNER_JOIN}
    left join app_user a on a.id = n.actor_id
    left join lateral (
      select blob_id, name, mime from doc_file f
      where f.organization_id = n.organization_id and f.doc_id = n.doc_id
        and f.file_type_code = 'main'
      order by f.id limit 1
    ) f on o.mail_attaches_file
    order by n.created_at, n.id
  `.execute(trx);
  return rows;
}

export async function setChannels(
  trx: Executor,
  decided: { organizationId: string; id: string; channel: string; sent: boolean }[],
) {
  for (const channel of ['app', 'mail', 'digest']) {
    for (const sent of [true, false]) {
      const group = decided.filter((d) => d.channel === channel && d.sent === sent);
      if (group.length === 0) continue;
      await sql`
        update notification set channel = ${channel}, sent_at = ${sent ? sql`now()` : sql`null`}
        where (organization_id, id) in (
          select * from unnest(${group.map((d) => d.organizationId)}::bigint[],
                               ${group.map((d) => d.id)}::bigint[]))
      `.execute(trx);
    }
  }
}

/** A reminder to write: the claim row (one per day, or once for due-soon) and whom it tells. */
export interface ReminderRow {
  organization_id: string;
  doc_id: string;
  user_id: string;
  kind: 'dueSoon' | 'overdue' | 'escalated';
}

/**
 * The reminders due on `today` (the date where the organisations are), claimed: a task due
 * within its organisation's remind_days_before reminds each assignee once per due date; an
 * overdue task reminds them each day; escalate_after_days after the due date the
 * organisation's admins are told each day too. Returns the claims this call made; another
 * worker's call the same day finds them taken.
 */
export async function claimReminders(trx: Executor, today: string): Promise<ReminderRow[]> {
  const { rows } = await sql<ReminderRow>`
    with tasks as (
      select d.organization_id, d.id as doc_id, d.due_date, d.workflow_standing,
             d.workflow_forwarded_to, d.workflow_submitted_by, d.workflow_step_id,
             d.workflow_approvals, o.remind_days_before, o.escalate_after_days
      from doc d
      join organization o on o.id = d.organization_id
      where d.workflow_standing is not null and d.due_date is not null
        and d.due_date <= ${today}::date + o.remind_days_before
    ),
    assignees as (
      select t.*, t.workflow_forwarded_to as user_id from tasks t
      where t.workflow_standing = 'step' and t.workflow_forwarded_to is not null
      union
      select t.*, m.user_id from tasks t
      join workflow_step s on s.organization_id = t.organization_id and s.id = t.workflow_step_id
      join organization_member m on m.organization_id = t.organization_id and m.is_active
        and (m.key::text = any(s.member_keys) or s.roles && m.roles)
      where t.workflow_standing = 'step' and t.workflow_forwarded_to is null
        and not (m.user_id = any(t.workflow_approvals))
      union
      select t.*, t.workflow_submitted_by as user_id from tasks t
      where t.workflow_standing = 'supplement' and t.workflow_submitted_by is not null
    ),
    due as (
      select organization_id, doc_id, user_id, 'dueSoon' as kind, due_date as on_day
      from assignees where due_date >= ${today}::date and remind_days_before > 0
      union all
      select organization_id, doc_id, user_id, 'overdue', ${today}::date
      from assignees where due_date < ${today}::date
      union all
      select t.organization_id, t.doc_id, m.user_id, 'escalated', ${today}::date
      from tasks t
      join organization_member m on m.organization_id = t.organization_id and m.is_active
        and m.roles && array['orgadmin']::text[]
      where t.escalate_after_days > 0
        and t.due_date <= ${today}::date - t.escalate_after_days
    )
    insert into task_reminder (organization_id, doc_id, user_id, kind, on_day)
    select organization_id, doc_id, user_id, kind, on_day from due
    where user_id is not null
    on conflict do nothing
    returning organization_id, doc_id, user_id, kind
  `.execute(trx);
  return rows;
}

/** Writes the reminders as notifications: the delivery decides how each goes out. */
export async function insertReminderNotifications(trx: Executor, reminders: ReminderRow[]) {
  if (reminders.length === 0) return;
  await sql`
    insert into notification (organization_id, key, user_id, doc_id, kind)
    select o, key, u, d, k
    from unnest(${reminders.map((r) => r.organization_id)}::bigint[],
                ${reminders.map(() => uuidv7())}::uuid[],
                ${reminders.map((r) => r.user_id)}::bigint[],
                ${reminders.map((r) => r.doc_id)}::bigint[],
                ${reminders.map((r) => r.kind)}::text[]) as r(o, key, u, d, k)
  `.execute(trx);
}

export interface DigestUserRow {
  id: string;
  email: string;
  display_name: string;
  lang: string;
  local_date: string;
}

/**
 * Claims up to `limit` users whose digest is due at `now` (their hour has come on one of their
 * days, in their time zone) and who had none today: their digest_sent_on becomes today, so a
 * second worker, or a second run, passes them by.
 */
export async function claimDigestUsers(trx: Executor, now: Date, limit: number) {
  const { rows } = await sql<DigestUserRow>`
    with due as (
      select u.id, (${now}::timestamptz at time zone u.time_zone)::date as local_date
      from app_user u
      where extract(hour from ${now}::timestamptz at time zone u.time_zone) >= u.digest_hour
        and extract(isodow from ${now}::timestamptz at time zone u.time_zone)::smallint
          = any(u.digest_days)
        and (u.digest_sent_on is null
          or u.digest_sent_on < (${now}::timestamptz at time zone u.time_zone)::date)
      order by u.id
      limit ${limit}
      for update of u skip locked
    )
    update app_user u set digest_sent_on = due.local_date
    from due where u.id = due.id
    returning u.id, u.email, u.display_name, u.lang, due.local_date::text as local_date
  `.execute(trx);
  return rows;
}

export interface TaskRow {
  user_id: string;
  organization_key: string;
  organization_name: string;
  doc_key: string;
  doc_number: string | null;
  partner: string | null;
  amount: string | null;
  currency: string | null;
  due_date: string | null;
  step_at: Date | null;
}

/**
 * The tasks of the users in every organisation they are an active member of (as
 * workflow/tasks.ts myTasksSql tells one user's in one organisation), oldest in its step first.
 */
export async function tasksOfUsers(trx: Executor, userIds: string[]): Promise<TaskRow[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<TaskRow>`
    select m.user_id, o.key::text as organization_key, o.name as organization_name,
           ${DOC_FIELDS}, d.workflow_step_at as step_at
    from organization_member m
    join organization o on o.id = m.organization_id
    join doc d on d.organization_id = m.organization_id and d.workflow_standing is not null
    left join workflow_step s on s.organization_id = d.organization_id and s.id = d.workflow_step_id
    ${PARTNER_JOIN}
    where m.user_id = any(${userIds}::bigint[]) and m.is_active and (
      (d.workflow_standing = 'step' and (
        d.workflow_forwarded_to = m.user_id
        or (d.workflow_forwarded_to is null
            and (m.key::text = any(s.member_keys) or s.roles && m.roles)
            and not (m.user_id = any(d.workflow_approvals)))))
      or (d.workflow_standing = 'supplement' and d.workflow_submitted_by = m.user_id))
    order by m.user_id, o.name, o.id, d.workflow_step_at nulls first, d.id
  `.execute(trx);
  return rows;
}

export interface DigestNewsRow {
  organization_id: string;
  id: string;
  user_id: string;
  kind: string;
  organization_key: string;
  organization_name: string;
  doc_number: string | null;
  actor: string | null;
  tile: string | null;
}

/** The notifications waiting for the users' digests, marked sent. */
export async function takeDigestNews(trx: Executor, userIds: string[]): Promise<DigestNewsRow[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<DigestNewsRow>`
    with taken as (
      update notification n set sent_at = now()
      where n.user_id = any(${userIds}::bigint[]) and n.channel = 'digest' and n.sent_at is null
      returning n.organization_id, n.id, n.user_id, n.kind, n.doc_id, n.actor_id, n.tile
    )
    select t.organization_id, t.id, t.user_id, t.kind, o.key::text as organization_key,
           o.name as organization_name, d.number as doc_number, a.display_name as actor,
           t.tile
    from taken t
    join organization o on o.id = t.organization_id
    left join doc d on d.organization_id = t.organization_id and d.id = t.doc_id
    left join app_user a on a.id = t.actor_id
    where exists (select 1 from organization_member m where m.organization_id = t.organization_id
                  and m.user_id = t.user_id and m.is_active)
    order by t.user_id, t.id
  `.execute(trx);
  return rows;
}
