import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type { Trx } from '../../db/scope';
import { conflict, notFound } from '../../lib/errors';
import { isTenantOwned, type EntityDef } from './entity';
import {
  commitJournal,
  newJournal,
  type DocFilesOperation,
  type Journal,
  type UndoOperation,
} from './journal';
import { canUpdateAt, deleteRowsAt, updateRowsAt } from './save-many';
import * as repo from './tables.repository';

/**
 * Reverses one undo action of this user (spec §4): operations in reverse order, each only if
 * its rows are still as the action left them; otherwise nothing is changed (409).
 */
export async function applyUndo(
  trx: Trx,
  scope: { organizationId: string; userId: string },
  undoKey: string,
  findEntity: (name: string) => EntityDef | undefined,
  /** Told of the records the undo brought back or changed back (for derived data). */
  onRestored: (restored: Journal) => Promise<void> = () => Promise.resolve(),
) {
  const result = await sql<{
    id: string;
    user_id: string;
    organization_id: string | null;
    expires_at: Date;
    undone_at: Date | null;
    operations: UndoOperation[];
    xact: string | null;
  }>`
    select id, user_id, organization_id, expires_at, undone_at, operations, xact
    from undo_action where key = ${undoKey} for update
  `.execute(trx);
  const action = result.rows[0];
  if (
    !action ||
    action.user_id !== scope.userId ||
    action.organization_id !== scope.organizationId
  ) {
    throw notFound('errors.undoNotFound');
  }
  if (action.undone_at) throw conflict('errors.undoDone');
  if (action.expires_at.getTime() < Date.now()) throw conflict('errors.undoExpired');

  const journal = newJournal();
  const restored = newJournal();
  const tables = new Set<string>();
  for (const run of runsOf([...action.operations].reverse())) {
    const entity = findEntity(run.entity);
    if (!entity) throw new Error(`undo names an unknown entity ${run.entity}`);
    tables.add(entity.name);
    const owner = isTenantOwned(entity) ? scope.organizationId : null;
    if (run.kind === 'docFiles') {
      for (const op of run.operations)
        if (op.kind === 'docFiles') await restoreDocFiles(trx, scope.organizationId, op);
    } else {
      await reverseRun(trx, entity, owner, run.operations);
    }
    restored.operations.push(...run.operations.filter((op) => op.kind !== 'created'));
    for (const operation of run.operations)
      journal.audit.push({ entity, key: operation.key, action: 'undo', changes: [] });
  }
  await refuseLosingLaterFiles(trx, scope.organizationId, action.id);
  if (action.xact !== null) {
    await restoreDeletedRows(trx, scope.organizationId, action.xact);
    await restoreDeletedFiles(trx, scope.organizationId, action.xact);
  }
  await checkDeferredRules(trx);
  await onRestored(restored);
  await sql`update undo_action set undone_at = now() where id = ${action.id}`.execute(trx);
  // Audit entries in multi-row inserts; the journal has no operations, so no new undo action.
  await commitJournal(trx, journal, scope);
  return [...tables];
}

/**
 * A document's files back as they were before a file change (add, replace, delete, main file):
 * only while the document is there and its files are exactly as the change left them (the
 * same rows, content, names and places); else nothing is changed (409). The rows come back
 * whole, with their ids and keys; content the change replaced or deleted is still stored (the
 * blob sweep counts it as used for the undo window through doc_file_deleted).
 */
async function restoreDocFiles(trx: Trx, organizationId: string, op: DocFilesOperation) {
  const doc = await sql<{ id: string }>`
    select id from doc where organization_id = ${organizationId} and id = ${op.id} for update
  `.execute(trx);
  if (doc.rows.length === 0) throw conflict('errors.undoChanged');
  const now = await sql<{ id: string; blob_id: string; name: string; file_type_code: string }>`
    select id::text, blob_id, name, file_type_code from doc_file
    where organization_id = ${organizationId} and doc_id = ${op.id} order by id
  `.execute(trx);
  const state = (f: { id: string; blob_id: string; name: string; file_type_code: string }) =>
    `${f.id}\u0000${f.blob_id}\u0000${f.name}\u0000${f.file_type_code}`;
  const current = now.rows.map(state).sort();
  const after = op.after.map(state).sort();
  if (current.join('\n') !== after.join('\n')) throw conflict('errors.undoChanged');
  await sql`
    delete from doc_file where organization_id = ${organizationId} and doc_id = ${op.id}
  `.execute(trx);
  if (op.before.length === 0) return;
  await sql`
    insert into doc_file overriding system value
    select (jsonb_populate_record(null::doc_file, r.value)).*
    from jsonb_array_elements(${JSON.stringify(op.before)}::jsonb) r
  `.execute(trx);
}

/**
 * The document files the action's transaction deleted, back in their rows as they were (key,
 * content, name, text), for the documents the undo brought back (migration 0031): a document's
 * files go by the foreign key's cascade, which the journal does not see. Their content is
 * still stored: the blob sweep counts kept rows as references for the undo window.
 */
async function restoreDeletedFiles(trx: Trx, organizationId: string, xact: string) {
  await sql`
    with kept as (
      delete from doc_file_deleted k
      where k.organization_id = ${organizationId} and k.deleted_by_xact = ${xact}
        and exists (select 1 from doc d where d.organization_id = k.organization_id and d.id = k.doc_id)
        and not exists (select 1 from doc_file f
                        where f.organization_id = k.organization_id and f.id = (k.file_row->>'id')::bigint)
      returning file_row
    )
    insert into doc_file overriding system value
    select (jsonb_populate_record(null::doc_file, kept.file_row)).* from kept
  `.execute(trx);
}

interface KeptTable {
  name: string;
  /** Columns an insert may name (not generated ones). */
  columns: string[];
  /** Its foreign keys: own columns and the parent table's columns they name, in order. */
  parents: { table: string; columns: string[]; parentColumns: string[] }[];
}

/** A kept table's columns and foreign keys, read from the PostgreSQL catalog. */
async function describeTable(trx: Trx, name: string): Promise<KeptTable> {
  const columns = await sql<{ name: string }>`
    select attname as name from pg_attribute
    where attrelid = ${name}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
    order by attnum
  `.execute(trx);
  const parents = await sql<{ table: string; columns: string[]; parent_columns: string[] }>`
    select c.confrelid::regclass::text as table,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i)
        as parent_columns
    from pg_constraint c where c.conrelid = ${name}::regclass and c.contype = 'f'
  `.execute(trx);
  return {
    name,
    columns: columns.rows.map((r) => r.name),
    parents: parents.rows.map((r) => ({
      table: r.table,
      columns: r.columns,
      parentColumns: r.parent_columns,
    })),
  };
}

/** Kept tables ordered parents first: a row is put back after the rows it names. */
function parentsFirst(tables: KeptTable[]): KeptTable[] {
  const ordered: KeptTable[] = [];
  const placed = new Set<string>();
  const place = (table: KeptTable, path: Set<string>) => {
    if (placed.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const parent of table.parents) {
      const kept = tables.find((t) => t.name === parent.table && t.name !== table.name);
      if (kept) place(kept, path);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

/**
 * The rows the action's transaction deleted by cascade (workflow history, notifications and
 * tasks, capture learning, payment links: migration 0032), back as they were, same ids and
 * values, parents first. A row whose parent is gone since (a pay order deleted later) stays
 * gone, as that delete would have taken it; one already back is not put back twice.
 */
async function restoreDeletedRows(trx: Trx, organizationId: string, xact: string) {
  const names = await sql<{ table_name: string }>`
    select distinct table_name from deleted_row
    where organization_id = ${organizationId} and deleted_by_xact = ${xact}
  `.execute(trx);
  if (names.rows.length === 0) return;
  const tables = await Promise.all(names.rows.map((r) => describeTable(trx, r.table_name)));
  for (const table of parentsFirst(tables)) {
    const columns = sql.join(table.columns.map((c) => sql.ref(`r.${c}`)));
    const parentsPresent = table.parents.map(
      (fk) =>
        sql`(${sql.join(
          fk.columns.map((c) => sql`${sql.ref(`r.${c}`)} is null`),
          sql` or `,
        )} or exists (select 1 from ${sql.table(fk.table)} p where ${sql.join(
          fk.columns.map(
            (c, i) => sql`p.${sql.ref(fk.parentColumns[i] ?? c)} = ${sql.ref(`r.${c}`)}`,
          ),
          sql` and `,
        )}))`,
    );
    await sql`
      with kept as (
        delete from deleted_row k
        where k.organization_id = ${organizationId} and k.deleted_by_xact = ${xact}
          and k.table_name = ${table.name}
        returning row_data
      ),
      r as (select (jsonb_populate_record(null::${sql.table(table.name)}, kept.row_data)).* from kept)
      insert into ${sql.table(table.name)} (${sql.join(table.columns.map((c) => sql.ref(c)))})
      overriding system value
      select ${columns} from r
      where ${parentsPresent.length ? sql.join(parentsPresent, sql` and `) : sql`true`}
      on conflict do nothing
    `.execute(trx);
  }
}

/** Forgets kept cascaded rows no undo can bring back any more (kept since before the date). */
export async function forgetDeletedRows(db: Db, before: Date) {
  const result = await sql`delete from deleted_row where deleted_at < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Undoing the creation of a document takes its files with it (the cascade): those it came
 * with, not a file added to it since, which would be lost with no undo of its own. Such a
 * file is a change since the action (409), as a changed field is.
 */
async function refuseLosingLaterFiles(trx: Trx, organizationId: string, actionId: string) {
  const { rows } = await sql`
    select 1 from doc_file_deleted k, undo_action a
    where a.id = ${actionId} and k.organization_id = ${organizationId}
      and k.deleted_by_xact = txid_current()
      and (k.file_row->>'created_at')::timestamptz > a.created_at
    limit 1
  `.execute(trx);
  if (rows.length > 0) throw conflict('errors.undoChanged');
}

/** Exclusion constraint, and the rules our constraint triggers raise (migrations 0010, 0011). */
const RULE_VIOLATIONS = new Set(['23P01', 'P0001']);

/**
 * The database's deferred rules (one default bank account, an organisation keeps an orgadmin)
 * checked now rather than at commit: a reversal that would break one is refused as a change
 * since (409), not a failed commit.
 */
async function checkDeferredRules(trx: Trx) {
  try {
    await sql`set constraints all immediate`.execute(trx);
  } catch (error) {
    if (RULE_VIOLATIONS.has(String((error as { code?: unknown }).code))) {
      throw conflict('errors.undoChanged');
    }
    throw error;
  }
}

/**
 * Consecutive operations of one kind on one entity, each row once: they touch distinct rows,
 * so they may be reversed together (a large import is thousands of them).
 */
function runsOf(operations: UndoOperation[]) {
  const runs: { entity: string; kind: UndoOperation['kind']; operations: UndoOperation[] }[] = [];
  let ids = new Set<string>();
  for (const operation of operations) {
    const last = runs[runs.length - 1];
    if (
      last &&
      last.entity === operation.entity &&
      last.kind === operation.kind &&
      !ids.has(operation.id)
    ) {
      last.operations.push(operation);
    } else {
      runs.push({ entity: operation.entity, kind: operation.kind, operations: [operation] });
      ids = new Set();
    }
    ids.add(operation.id);
  }
  return runs;
}

/** Reverses a run: created rows deleted and updated rows restored in batches, at their versions. */
async function reverseRun(
  trx: Trx,
  entity: EntityDef,
  owner: string | null,
  operations: UndoOperation[],
) {
  const created = operations.flatMap((o) => (o.kind === 'created' ? [o] : []));
  const updated = operations.flatMap((o) => (o.kind === 'updated' ? [o] : []));
  if (created.length > 1) {
    const deleted = await deleteRowsAt(trx, entity, owner, created);
    if (deleted !== created.length) throw conflict('errors.undoChanged');
  } else if (updated.length > 1 && updated.every((o) => canUpdateAt(entity, o.before))) {
    const { stale } = await updateRowsAt(
      trx,
      entity,
      owner,
      updated.map((o) => ({ id: o.id, version: o.version, values: o.before })),
    );
    if (stale.length > 0) throw conflict('errors.undoChanged');
  } else {
    for (const operation of operations) await reverse(trx, entity, owner, operation);
  }
}

async function reverse(
  trx: Trx,
  entity: EntityDef,
  owner: string | null,
  operation: UndoOperation,
) {
  switch (operation.kind) {
    case 'created': {
      const deleted = await repo.deleteRow(trx, entity, owner, operation.id, operation.version);
      if (deleted === 0) throw conflict('errors.undoChanged');
      return;
    }
    case 'updated': {
      const restored = await repo.updateRow(
        trx,
        entity,
        owner,
        operation.id,
        operation.version,
        operation.before,
      );
      if (!restored) throw conflict('errors.undoChanged');
      return;
    }
    case 'deleted': {
      const present = await repo.findRows(trx, entity, owner, {
        column: 'key',
        values: [operation.key],
      });
      if (present.length > 0) throw conflict('errors.undoChanged');
      const { id: _id, ...row } = operation.row;
      await repo.insertRow(trx, entity, owner, row, operation.id);
      return;
    }
    case 'docFiles':
      await restoreDocFiles(trx, owner ?? '', operation);
      return;
  }
}
