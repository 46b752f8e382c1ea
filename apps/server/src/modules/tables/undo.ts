import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import { conflict, notFound } from '../../lib/errors';
import type { EntityDef } from './entity';
import { newJournal, type UndoOperation } from './journal';
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
) {
  const result = await sql<{
    id: string;
    user_id: string;
    organization_id: string | null;
    expires_at: Date;
    undone_at: Date | null;
    operations: UndoOperation[];
  }>`
    select id, user_id, organization_id, expires_at, undone_at, operations
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
  const tables = new Set<string>();
  for (const operation of [...action.operations].reverse()) {
    const entity = findEntity(operation.entity);
    if (!entity) throw new Error(`undo names an unknown entity ${operation.entity}`);
    tables.add(entity.name);
    const owner = entity.scope === 'tenant' ? scope.organizationId : null;
    await reverse(trx, entity, owner, operation);
    journal.audit.push({ entity, key: operation.key, action: 'undo', changes: [] });
  }
  await sql`update undo_action set undone_at = now() where id = ${action.id}`.execute(trx);
  for (const entry of journal.audit) {
    await sql`
      insert into audit_log (organization_id, table_name, record_key, action, user_id, changes)
      values (${entry.entity.scope === 'tenant' ? scope.organizationId : null}, ${entry.entity.name},
              ${entry.key}, 'undo', ${scope.userId}, '[]'::jsonb)
    `.execute(trx);
  }
  return [...tables];
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
  }
}
