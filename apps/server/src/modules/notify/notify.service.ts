import {
  DEFAULT_NOTIFICATION_CHANNELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  preferenceKindOf,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferenceKind,
} from '@listina/contract';
import type { Db } from '../../db/create-db';
import { repeatEvery } from '../../lib/repeat';
import type { Mailer } from '../../plugins/mail';
import { notificationText } from '../workflow/notification-text';
import { resolveLocale } from '../../plugins/i18n';
import {
  digestMail,
  notificationMail,
  type DigestOrganization,
  type MailDocument,
} from './compose';
import {
  claimDigestUsers,
  claimReminders,
  claimUndecided,
  insertReminderNotifications,
  setChannels,
  takeDigestNews,
  tasksOfUsers,
  type TaskRow,
  type UndecidedRow,
} from './notify.repository';

/** Notifications decided per transaction, and users digested per transaction. */
const BATCH = 200;
const DIGEST_BATCH = 100;
/** Tasks a digest lists per organisation; the rest are counted. */
export const DIGEST_TASKS_PER_ORGANIZATION = 20;
/** Reminders go out from this hour on, where the organisations are (not at midnight). */
export const REMINDER_HOUR = 7;
export const REMINDER_TIME_ZONE = 'Europe/Ljubljana';

export interface NotifyLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The channel a user chose for a kind of preference (reminders are one), or the default. */
export function channelOf(
  channels: Record<string, string> | null | undefined,
  preference: NotificationPreferenceKind,
): NotificationChannel {
  const chosen = channels?.[preference];
  return (NOTIFICATION_CHANNELS as readonly string[]).includes(chosen ?? '')
    ? (chosen as NotificationChannel)
    : DEFAULT_NOTIFICATION_CHANNELS[preference];
}

/** The date (YYYY-MM-DD) and hour at `now` in a time zone. */
export function localDateHour(now: Date, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const mailDocument = (row: {
  doc_key: string | null;
  doc_number: string | null;
  partner: string | null;
  amount: string | null;
  currency: string | null;
  due_date: string | null;
}): MailDocument | null =>
  row.doc_key
    ? {
        key: row.doc_key,
        number: row.doc_number ?? '',
        partner: row.partner,
        amount: row.amount,
        currency: row.currency,
        dueDate: row.due_date,
      }
    : null;

/**
 * Notifications that reach people (issue 26), run by the workers:
 * - deliver: each new notification, once it is `delayMs` old (an undone action's is gone by
 *   then), goes out as its user chose: a mail at once (through the outbox, in the same
 *   transaction that marks it, so it is mailed once whatever number of workers run), the
 *   digest, or the app only.
 * - remind: tasks near or past their due date remind their assignees, and the admins after
 *   the organisation's escalation days (claims in task_reminder).
 * - digest: one mail per user across their organisations at their hour (claim: the user's
 *   digest_sent_on).
 */
export function createNotifyDelivery(options: {
  db: Db;
  mailer: Pick<Mailer, 'enqueue' | 'flush'>;
  publicUrl: string;
  delayMs: number;
  /** Tells the open streams that the users' notifications changed (reminders are new ones). */
  changed: (organizationId: string, userIds: string[]) => void;
  log: NotifyLog;
}) {
  const { db, mailer, publicUrl } = options;

  function mailOf(row: UndecidedRow) {
    const locale = resolveLocale(row.lang);
    const mail = notificationMail(
      {
        kind: row.kind as NotificationKind,
        to: { email: row.email, name: row.display_name, locale },
        organization: { key: row.organization_key, name: row.organization_name },
        document: mailDocument(row),
        actor: row.actor,
        comment: row.comment,
      },
      publicUrl,
    );
    if (row.main_blob_id && row.main_name && row.main_mime)
      mail.attachments = [
        { filename: row.main_name, contentType: row.main_mime, blobId: row.main_blob_id },
      ];
    return mail;
  }

  /** Decides the channel of every notification old enough; answers how many went each way. */
  async function deliver(now = new Date()) {
    const counts = { mail: 0, digest: 0, app: 0 };
    const before = new Date(now.getTime() - options.delayMs);
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        const rows = await claimUndecided(trx, before, BATCH);
        const decided = [];
        for (const row of rows) {
          const known = (NOTIFICATION_KINDS as readonly string[]).includes(row.kind);
          const channel =
            row.is_member && known
              ? channelOf(row.notify_channels, preferenceKindOf(row.kind as NotificationKind))
              : 'app';
          if (channel === 'mail') await mailer.enqueue(trx, mailOf(row));
          decided.push({
            organizationId: String(row.organization_id),
            id: String(row.id),
            channel,
            sent: channel === 'mail',
          });
          counts[channel] += 1;
        }
        await setChannels(trx, decided);
        return rows.length;
      });
      if (done < BATCH) break;
    }
    if (counts.mail > 0) await mailer.flush();
    return counts;
  }

  /** Claims today's reminders and writes them as notifications; answers how many. */
  async function remind(now = new Date()) {
    const { date, hour } = localDateHour(now, REMINDER_TIME_ZONE);
    if (hour < REMINDER_HOUR) return 0;
    const claimed = await db.transaction().execute(async (trx) => {
      const rows = await claimReminders(trx, date);
      await insertReminderNotifications(trx, rows);
      return rows;
    });
    const byOrganization = new Map<string, Set<string>>();
    for (const r of claimed) {
      const users = byOrganization.get(String(r.organization_id)) ?? new Set<string>();
      users.add(String(r.user_id));
      byOrganization.set(String(r.organization_id), users);
    }
    for (const [organizationId, users] of byOrganization)
      options.changed(organizationId, [...users]);
    return claimed.length;
  }

  function organizationsOf(tasks: TaskRow[], localDate: string): DigestOrganization[] {
    const out: DigestOrganization[] = [];
    for (const task of tasks) {
      let entry = out[out.length - 1];
      if (entry?.organization.key !== task.organization_key) {
        entry = {
          organization: { key: task.organization_key, name: task.organization_name },
          tasks: [],
          more: 0,
        };
        out.push(entry);
      }
      const document = mailDocument(task);
      if (!document) continue;
      if (entry.tasks.length >= DIGEST_TASKS_PER_ORGANIZATION) entry.more += 1;
      else
        entry.tasks.push({
          document,
          overdueDays: task.due_date ? daysBetween(task.due_date, localDate) : 0,
        });
    }
    return out;
  }

  /** Rows by their user, in their order. */
  function byUser<T extends { user_id: string }>(rows: T[]): Map<string, T[]> {
    const grouped = new Map<string, T[]>();
    for (const row of rows) {
      const id = String(row.user_id);
      const list = grouped.get(id);
      if (list) list.push(row);
      else grouped.set(id, [row]);
    }
    return grouped;
  }

  /** Sends every digest due at `now`; answers how many mails went out. */
  async function digest(now = new Date()) {
    let mailed = 0;
    for (;;) {
      const result = await db.transaction().execute(async (trx) => {
        const users = await claimDigestUsers(trx, now, DIGEST_BATCH);
        const ids = users.map((u) => String(u.id));
        // Each user's share, grouped once for the batch.
        const tasks = byUser(await tasksOfUsers(trx, ids));
        const news = byUser(await takeDigestNews(trx, ids));
        let sent = 0;
        for (const user of users) {
          const id = String(user.id);
          const locale = resolveLocale(user.lang);
          const organizations = organizationsOf(tasks.get(id) ?? [], user.local_date);
          const items = (news.get(id) ?? []).map((n) => ({
            organization: { key: n.organization_key, name: n.organization_name },
            text: notificationText(locale, n),
          }));
          // Nothing waits and nothing happened: no mail today.
          if (organizations.length === 0 && items.length === 0) continue;
          await mailer.enqueue(
            trx,
            digestMail(
              {
                to: { email: user.email, name: user.display_name, locale },
                organizations,
                news: items,
              },
              publicUrl,
            ),
          );
          sent += 1;
        }
        return { claimed: users.length, sent };
      });
      mailed += result.sent;
      if (result.claimed < DIGEST_BATCH) break;
    }
    if (mailed > 0) await mailer.flush();
    return mailed;
  }

  return {
    deliver,
    remind,
    digest,
    /** Delivery every `deliverMs`; reminders and digests every `dailyMs`. Answers the stop. */
    schedule(deliverMs: number, dailyMs: number) {
      // A run that outlasts its period is not started again beside itself.
      const guard = (name: string, run: () => Promise<unknown>) => {
        let running = false;
        return async () => {
          if (running) return;
          running = true;
          try {
            await run();
          } catch (error) {
            options.log.error({ err: error }, `notification ${name} failed`);
          } finally {
            running = false;
          }
        };
      };
      const stops = [
        repeatEvery(
          deliverMs,
          deliverMs,
          guard('delivery', () => deliver()),
        ),
        repeatEvery(
          dailyMs,
          dailyMs,
          guard('reminders and digests', async () => {
            await remind();
            await digest();
          }),
        ),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}
export type NotifyDelivery = ReturnType<typeof createNotifyDelivery>;
