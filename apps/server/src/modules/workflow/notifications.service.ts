import { sql } from 'kysely';
import type { Notification, NotificationList } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { badRequest, notFound } from '../../lib/errors';
import type { Locale } from '../../plugins/i18n';
import type { NotificationEvents } from './notification-events';
import { notificationText } from './notification-text';

interface NotificationRow {
  id: string;
  kind: Notification['kind'];
  read_at: Date | null;
  created_at: Date;
  organization_key: string;
  organization_name: string;
  doc_key: string | null;
  doc_number: string | null;
  actor: string | null;
  result_code: string | null;
  tile: string | null;
  comment: string | null;
}

/** The user's notifications in organisations they are an active member of. */
const ownAndMember = (userId: string) => sql`n.user_id = ${userId} and exists (
  select 1 from organization_member m
  where m.organization_id = n.organization_id and m.user_id = n.user_id and m.is_active)`;

/**
 * A user's notifications in every organisation they are an active member of (spec §7 GET
 * /api/notification, PUT /api/notification/{id}/read; issue 6, issue 26: the bell counts
 * across organisations). These reads cross organisations by design, so they run without a
 * tenant scope: every statement names the user and the memberships that are still active,
 * and answers nothing else.
 */
export function createNotificationsService(db: Db, events: NotificationEvents) {
  const unreadCount = async (userId: string) => {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from notification n
      where ${ownAndMember(userId)} and n.read_at is null
    `.execute(db);
    return Number(rows[0]?.n ?? 0);
  };

  return {
    unreadCount,

    async list(
      userId: string,
      query: { count: number; cursor?: string; unread?: 'true' | 'false' },
      locale: Locale,
    ): Promise<NotificationList> {
      if (query.cursor !== undefined && !/^\d{1,18}$/.test(query.cursor))
        throw badRequest('errors.badCursor', [], 'cursor');
      const { rows } = await sql<NotificationRow>`
        select n.id, n.kind, n.read_at, n.created_at, o.key as organization_key,
               o.name as organization_name, d.key as doc_key, d.number as doc_number,
               u.display_name as actor, n.result_code, n.tile, n.comment
        from notification n
        join organization o on o.id = n.organization_id
        left join doc d on d.organization_id = n.organization_id and d.id = n.doc_id
        left join app_user u on u.id = n.actor_id
        where ${ownAndMember(userId)}
          ${query.cursor ? sql`and n.id < ${query.cursor}` : sql``}
          ${query.unread === 'true' ? sql`and n.read_at is null` : sql``}
        order by n.id desc
        limit ${query.count + 1}
      `.execute(db);
      const page = rows.slice(0, query.count);
      const last = page[page.length - 1];
      return {
        items: page.map((row) => ({
          id: String(row.id),
          kind: row.kind,
          read: row.read_at !== null,
          createdAt: row.created_at.toISOString(),
          text: notificationText(locale, row),
          organizationKey: String(row.organization_key),
          organizationName: row.organization_name,
          documentKey: row.doc_key,
          documentTitle: row.doc_number,
          actor: row.actor,
          resultCode: row.result_code,
          tile: row.tile,
          comment: row.comment,
        })),
        nextCursor: rows.length > query.count && last ? String(last.id) : null,
        count: { unread: await unreadCount(userId) },
      };
    },

    /** Read, or unread again (spec §7 `read`); either way the streams count anew. */
    async markRead(userId: string, id: string, read: boolean) {
      if (!/^\d{1,18}$/.test(id)) throw notFound('errors.notificationNotFound', [id]);
      const { rows } = await sql<{ organization_id: string }>`
        update notification n
        set read_at = ${read ? sql`coalesce(n.read_at, now())` : sql`null`}
        where ${ownAndMember(userId)} and n.id = ${id}
        returning n.organization_id
      `.execute(db);
      const found = rows[0];
      if (!found) throw notFound('errors.notificationNotFound', [id]);
      events.changed(String(found.organization_id), [userId]);
      return { ok: true as const, count: { unread: await unreadCount(userId) } };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
