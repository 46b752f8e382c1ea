import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * A user's grid of a table (issue 24): the columns shown, in their order (null: the table's
 * default set), and the widths the user gave them, per organisation, user and table. Only the
 * user sees their own, as with saved filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table grid_preference (
      organization_id bigint not null references organization (id) on delete cascade,
      user_id bigint not null references app_user (id) on delete cascade,
      table_name text not null,
      columns text[],
      widths jsonb not null default '{}'::jsonb,
      updated_at timestamptz not null default now(),
      primary key (organization_id, user_id, table_name)
    );
  `.execute(db);
  await tenantAccess('grid_preference', { ownUser: true }).execute(db);
}
