import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * A user's saved list filters (issue 5: the document list's filters, saved per user): the list
 * call's `filter` values per organisation, user and table. Only the user sees their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table saved_filter (
      organization_id bigint not null references organization (id) on delete cascade,
      user_id bigint not null references app_user (id) on delete cascade,
      table_name text not null,
      filter text[] not null,
      updated_at timestamptz not null default now(),
      primary key (organization_id, user_id, table_name)
    );
  `.execute(db);
  await tenantAccess('saved_filter', { ownUser: true }).execute(db);
}
