import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import { uuidv7 } from '../../lib/ids';
import { isTenantOwned, type EntityDef } from './entity';
import type { Row } from './model';

/**
 * What a table action did, kept twice: field-level in the audit log (who, when, before and
 * after) and as undo operations that reverse exactly that action (ARCHITECTURE §2).
 */
export type UndoOperation =
  | { kind: 'created'; entity: string; id: string; key: string; version: number }
  | { kind: 'updated'; entity: string; id: string; key: string; version: number; before: Row }
  | { kind: 'deleted'; entity: string; id: string; key: string; row: Row }
  | DocFilesOperation;

/**
 * A change of a document's files (spec §4, issue 24): its file rows whole as they were before,
 * and what identifies them after (id, content, name, place). Undone only while the files are
 * still as the action left them; the rows come back with their ids, keys and content.
 */
export interface DocFilesOperation {
  kind: 'docFiles';
  entity: string;
  /** The document's id and key. */
  id: string;
  key: string;
  before: Row[];
  after: FileState[];
}

export interface FileState {
  id: string;
  blob_id: string;
  name: string;
  file_type_code: string;
}

/** spec §4 offers undo for 8 s; the server keeps it longer so a slow click still works. */
export const UNDO_WINDOW_MS = 10 * 60_000;

export interface Journal {
  operations: UndoOperation[];
  audit: {
    entity: EntityDef;
    key: string;
    action: 'create' | 'update' | 'delete' | 'undo';
    changes: Change[];
  }[];
}

export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

const AUDIT_CHUNK = 1000;

export const newJournal = (): Journal => ({ operations: [], audit: [] });

const comparable = (value: unknown) =>
  value instanceof Date ? value.toISOString() : (value ?? null);

/** Field-level differences between two rows, in API names of the entity's columns. */
export function diff(entity: EntityDef, before: Row | undefined, after: Row | undefined): Change[] {
  const changes: Change[] = [];
  for (const column of entity.columns) {
    const a = comparable(before?.[column.column]);
    const b = comparable(after?.[column.column]);
    if (JSON.stringify(a) !== JSON.stringify(b))
      changes.push({ field: column.name, before: a, after: b });
  }
  return changes;
}

/** Writes the audit entries and the undo action in the caller's transaction; returns the undo id. */
export async function commitJournal(
  trx: Trx,
  journal: Journal,
  scope: { organizationId: string | null; userId: string },
): Promise<string> {
  // Many entries per statement: an import journals thousands of records.
  for (let start = 0; start < journal.audit.length; start += AUDIT_CHUNK) {
    const rows = journal.audit.slice(start, start + AUDIT_CHUNK).map(
      (entry) => sql`(${isTenantOwned(entry.entity) ? scope.organizationId : null},
        ${entry.entity.name}, ${entry.key}, ${entry.action}, ${scope.userId},
        ${JSON.stringify(entry.changes)}::jsonb)`,
    );
    await sql`
      insert into audit_log (organization_id, table_name, record_key, action, user_id, changes)
      values ${sql.join(rows)}
    `.execute(trx);
  }
  const key = uuidv7();
  if (journal.operations.length > 0) {
    await sql`
      insert into undo_action (key, organization_id, user_id, expires_at, operations)
      values (${key}, ${scope.organizationId}, ${scope.userId}, ${new Date(Date.now() + UNDO_WINDOW_MS)},
              ${JSON.stringify(journal.operations)}::jsonb)
    `.execute(trx);
  }
  return key;
}

export async function readAudit(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  key: string,
) {
  const result = await sql<{
    action: string;
    at: Date;
    username: string | null;
    changes: Change[];
  }>`
    select a.action, a.at, u.username, a.changes
    from audit_log a left join app_user u on u.id = a.user_id
    where a.table_name = ${entity.name} and a.record_key = ${key}
      and ${isTenantOwned(entity) ? sql`a.organization_id = ${organizationId}` : sql`a.organization_id is null`}
    order by a.id
  `.execute(trx);
  return result.rows;
}

/** Records one row insert: the undo operation (delete it at this version) and its audit diff. */
export function journalCreate(journal: Journal, entity: EntityDef, row: Row) {
  const key = String(row.key);
  journal.operations.push({
    kind: 'created',
    entity: entity.name,
    id: String(row.id),
    key,
    version: Number(row.version),
  });
  journal.audit.push({ entity, key, action: 'create', changes: diff(entity, undefined, row) });
}

/** Records one row update: the undo operation (set columns' old values) and its audit diff. */
/** Per journal, its created and updated operations by entity and id (a pay writes 10,000). */
const written = new WeakMap<Journal, { seen: number; byId: Map<string, UndoOperation> }>();

function writtenBefore(journal: Journal, entity: string, id: string): UndoOperation | undefined {
  let index = written.get(journal);
  if (!index) {
    index = { seen: 0, byId: new Map() };
    written.set(journal, index);
  }
  for (; index.seen < journal.operations.length; index.seen++) {
    const op = journal.operations[index.seen];
    const name = op ? `${op.entity}:${op.id}` : '';
    if (op && (op.kind === 'created' || op.kind === 'updated') && !index.byId.has(name))
      index.byId.set(name, op);
  }
  return index.byId.get(`${entity}:${id}`);
}

export function journalUpdate(
  journal: Journal,
  entity: EntityDef,
  existing: Row,
  values: Row,
  row: Row,
) {
  const before = Object.fromEntries(Object.keys(values).map((c) => [c, existing[c] ?? null]));
  const key = String(row.key);
  const changes = diff(entity, existing, row);
  // A record this journal wrote before is undone in one step at its newest version: deleted
  // if the journal created it, else restored to what it was before the first change.
  const earlier = writtenBefore(journal, entity.name, String(row.id));
  if (earlier && (earlier.kind === 'created' || earlier.kind === 'updated')) {
    earlier.version = Number(row.version);
    if (earlier.kind === 'updated') earlier.before = { ...before, ...earlier.before };
    if (changes.length) journal.audit.push({ entity, key, action: 'update', changes });
    return;
  }
  journal.operations.push({
    kind: 'updated',
    entity: entity.name,
    id: String(row.id),
    key,
    version: Number(row.version),
    before,
  });
  if (changes.length) journal.audit.push({ entity, key, action: 'update', changes });
}
