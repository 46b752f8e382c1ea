import { sql } from 'kysely';
import type { Notification, NotificationList } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { inScope, readInScope, type Scope } from '../../db/scope';
import { badRequest, notFound } from '../../lib/errors';
import { translate, type Locale } from '../../plugins/i18n';
import type { NotificationEvents } from './notification-events';

interface NotificationRow {
  id: string;
  kind: Notification['kind'];
  read_at: Date | null;
  created_at: Date;
  doc_key: string | null;
  doc_number: string | null;
  actor: string | null;
  result_code: string | null;
  tile: string | null;
  comment: string | null;
}

/**
 * A user's notifications in the active organisation (spec §7 GET /api/notification, PUT
 * /api/notification/{id}/read; issue 6): every query names the user, and row-level security
 * keeps them inside the organisation.
 */
export function createNotificationsService(db: Db, events: NotificationEvents) {
  const unreadCount = async (scope: Required<Scope>) => {
    const rows = await readInScope(
      db,
      scope,
      sql<{ n: string }>`
        select count(*) as n from notification
        where organization_id = ${scope.organizationId} and user_id = ${scope.userId}
          and read_at is null
      `,
    );
    return Number(rows[0]?.n ?? 0);
  };

  function textOf(locale: Locale, row: NotificationRow): string {
    const tile = row.tile ? translate(locale, `tiles.${row.tile}`) : '';
    return translate(locale, `notification.${row.kind}`, [
      row.doc_number ?? '',
      row.actor ?? '',
      tile,
    ]);
  }

  return {
    unreadCount,

    async list(
      scope: Required<Scope>,
      query: { count: number; cursor?: string; unread?: 'true' | 'false' },
      locale: Locale,
    ): Promise<NotificationList> {
      if (query.cursor !== undefined && !/^\d{1,18}$/.test(query.cursor))
        throw badRequest('errors.badCursor', [], 'cursor');
      const rows = await readInScope(
        db,
        scope,
        sql<NotificationRow>`
          select n.id, n.kind, n.read_at, n.created_at, d.key as doc_key, d.number as doc_number,
                 u.display_name as actor, n.result_code, n.tile, n.comment
          from notification n
          left join doc d on d.organization_id = n.organization_id and d.id = n.doc_id
          left join app_user u on u.id = n.actor_id
          where n.organization_id = ${scope.organizationId} and n.user_id = ${scope.userId}
            ${query.cursor ? sql`and n.id < ${query.cursor}` : sql``}
            ${query.unread === 'true' ? sql`and n.read_at is null` : sql``}
          order by n.id desc
          limit ${query.count + 1}
        `,
      );
      const page = rows.slice(0, query.count);
      const last = page[page.length - 1];
      return {
        items: page.map((row) => ({
          id: String(row.id),
          kind: row.kind,
          read: row.read_at !== null,
          createdAt: row.created_at.toISOString(),
          text: textOf(locale, row),
          documentKey: row.doc_key,
          documentTitle: row.doc_number,
          actor: row.actor,
          resultCode: row.result_code,
          tile: row.tile,
          comment: row.comment,
        })),
        nextCursor: rows.length > query.count && last ? String(last.id) : null,
        count: { unread: await unreadCount(scope) },
      };
    },

    async markRead(scope: Required<Scope>, id: string) {
      if (!/^\d{1,18}$/.test(id)) throw notFound('errors.notificationNotFound', [id]);
      const found = await inScope(db, scope, async (trx) => {
        const { rows } = await sql<{ id: string }>`
          update notification set read_at = coalesce(read_at, now())
          where organization_id = ${scope.organizationId} and user_id = ${scope.userId}
            and id = ${id}
          returning id
        `.execute(trx);
        return rows.length > 0;
      });
      if (!found) throw notFound('errors.notificationNotFound', [id]);
      events.changed(scope.organizationId, [scope.userId]);
      return { ok: true as const, count: { unread: await unreadCount(scope) } };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
