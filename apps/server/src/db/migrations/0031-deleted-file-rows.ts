import { sql, type Kysely } from 'kysely';
import { tenantAccess } from './tenant-access';

/**
 * Undo of a document delete brings its files back (issue 22). A document's files go with it by
 * the foreign key's cascade, which the undo journal never sees; so every deleted doc_file row
 * is kept whole in doc_file_deleted, stamped with the transaction that deleted it, for the
 * undo window. undo_action carries its transaction too: undoing an action puts back the file
 * rows its own transaction deleted. The blob sweep counts the kept rows' contents as used and
 * forgets rows older than the window (modules/documents/blob-sweep.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table doc_file_deleted (
      organization_id bigint not null,
      id bigint generated always as identity,
      doc_id bigint not null,
      blob_id text not null,
      deleted_by_xact bigint not null default txid_current(),
      deleted_at timestamptz not null default now(),
      file_row jsonb not null,
      primary key (organization_id, id)
    );
    create index doc_file_deleted_xact_idx on doc_file_deleted (organization_id, deleted_by_xact);
    -- The blob sweep asks which contents any organisation's kept rows name, and forgets old ones.
    create index doc_file_deleted_blob_idx on doc_file_deleted (blob_id);
    create index doc_file_deleted_at_idx on doc_file_deleted (deleted_at);

    alter table undo_action add column xact bigint default txid_current();

    -- Security definer: a cascade from doc runs as the table's owner, a file call as the
    -- tenant; either way the copy is the deleted row itself, in its own organisation.
    create function listina_keep_deleted_doc_file() returns trigger
      language plpgsql security definer set search_path = public, pg_temp as $$
    begin
      insert into doc_file_deleted (organization_id, doc_id, blob_id, file_row)
      values (old.organization_id, old.doc_id, old.blob_id, to_jsonb(old));
      return old;
    end $$;
    create trigger doc_file_keep_deleted after delete on doc_file
      for each row execute function listina_keep_deleted_doc_file();
  `.execute(db);
  await tenantAccess('doc_file_deleted').execute(db);
}
