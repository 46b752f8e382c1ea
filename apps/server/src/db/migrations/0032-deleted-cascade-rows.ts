import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * Undo of a delete brings back every row the delete's cascade removed (issue 22). The undo
 * journal snapshots the rows the table engine deletes itself (a record and its nested arrays);
 * rows of other tables that go with a document or a pay order by the foreign keys'
 * `on delete cascade` (workflow history, notifications and tasks, capture learning, payment
 * links) it never sees. Each such row is kept whole in deleted_row, stamped with the deleting
 * transaction, for the undo window; undo_action carries its transaction (migration 0031), and
 * undo puts back the rows its own transaction's cascades removed (modules/tables/undo.ts).
 * Document files keep their own table (doc_file_deleted, migration 0031): the blob sweep
 * counts their contents as used.
 *
 * Only rows the database deleted itself (a cascade, a trigger) are kept; a statement of the
 * app (retention's delete of old notifications, an undo of a workflow action) deletes its
 * rows for good. The trigger runs before the delete: a cascade's row triggers before it run
 * inside the foreign key's own trigger (depth 2), those after it once it has returned.
 */
export const KEPT_CASCADE_TABLES = [
  'workflow_log',
  'notification',
  'capture_correction',
  'pay_order_doc',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table deleted_row (
      organization_id bigint not null,
      id bigint generated always as identity,
      table_name text not null,
      deleted_by_xact bigint not null default txid_current(),
      deleted_at timestamptz not null default now(),
      row_data jsonb not null,
      primary key (organization_id, id)
    );
    create index deleted_row_xact_idx on deleted_row (organization_id, deleted_by_xact);
    create index deleted_row_at_idx on deleted_row (deleted_at);

    -- Security definer: a cascade runs as the table's owner, a direct delete as the tenant;
    -- either way the copy is the deleted row itself, in its own organisation.
    create function listina_keep_cascaded_row() returns trigger
      language plpgsql security definer set search_path = public, pg_temp as $$
    begin
      if pg_trigger_depth() > 1 then
        insert into deleted_row (organization_id, table_name, row_data)
        values (old.organization_id, tg_table_name, to_jsonb(old));
      end if;
      return old;
    end $$;
  `.execute(db);
  for (const table of KEPT_CASCADE_TABLES) {
    await sql
      .raw(
        `create trigger ${table}_keep_cascaded before delete on ${table}
           for each row execute function listina_keep_cascaded_row();`,
      )
      .execute(db);
  }
  await tenantAccess('deleted_row').execute(db);
  // Only the trigger writes kept rows; a tenant reads and takes back its own (an undo).
  await sql`revoke insert, update on deleted_row from listina_tenant`.execute(db);
}
