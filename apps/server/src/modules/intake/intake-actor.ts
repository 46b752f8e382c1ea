import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { canWrite, type TableScope } from '../tables/tables.service';
import { doc } from '../tables/entities/doc';

/**
 * Whom the intake acts as in an organisation (issue 25): documents from mail are created,
 * audited and captured as a member's, so every write keeps its usual checks and log. That is
 * the member asked for (the admin who releases a message) when they may still write
 * documents there, else the organisation's longest-standing admin, else any member who may.
 * No such member: the message waits in quarantine.
 */
export async function intakeActor(
  db: Db,
  organizationId: string,
  preferredUserId?: string,
): Promise<TableScope | undefined> {
  const { rows } = await sql<{
    id: string;
    key: string;
    username: string;
    display_name: string;
    email: string;
    lang: string;
    user_roles: string[];
    member_roles: string[];
    organization_key: string;
  }>`
    select u.id, u.key, u.username, u.display_name, u.email, u.lang, u.roles as user_roles,
      m.roles as member_roles, o.key as organization_key
    from organization_member m
    join app_user u on u.id = m.user_id
    join organization o on o.id = m.organization_id
    where m.organization_id = ${organizationId} and m.is_active
    order by (u.id = ${preferredUserId ?? null}::bigint) is true desc,
      ('orgadmin' = any(m.roles)) desc, m.created_at, u.id
  `.execute(db);
  for (const row of rows) {
    const roles = [...row.member_roles, ...row.user_roles].map((r) => r.toLowerCase());
    if (!canWrite(doc, roles)) continue;
    return {
      user: {
        id: String(row.id),
        key: String(row.key),
        username: row.username,
        displayName: row.display_name,
        email: row.email,
        lang: row.lang,
        roles: row.user_roles.map((r) => r.toLowerCase()),
        sessionId: '',
        expiresAt: new Date(8.64e15),
        lastUsedAt: new Date(),
      },
      organization: { id: organizationId, key: String(row.organization_key), roles },
    };
  }
  return undefined;
}
