import { sql, type RawBuilder } from 'kysely';
import type { Trx } from '../../db/scope';
import { AppError, type MessageSpec } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import type { EntityDef, ValueType } from './entity';
import { journalCreate, journalUpdate, type Journal } from './journal';
import { engineColumnsOf, engineValuesOf, toColumnValues, type Model, type Row } from './model';
import { referenceProblems } from './references';
import { checkRecord, modelColumns, type Owner } from './save';
import * as repo from './tables.repository';

/**
 * validateRecord, insertRecord and updateRecord for many records at once (table import): the
 * same rules and the same row mapping and journal, with a query per chunk instead of one per
 * record, since round trips, not the work itself, decide how long 10,000 rows take.
 */

const CHUNK = 1000;
/** Rows per insert statement: well under PostgreSQL's 65,535 bound parameters. */
const INSERT_CHUNK = 500;
/** Rows per update statement, and the bound parameters one may have at most. */
const UPDATE_CHUNK = 500;
const MAX_PARAMETERS = 30_000;

export interface RecordToCheck {
  model: Model;
  /** The record's id when it is an update (its own value is no duplicate). */
  existingId: string | undefined;
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

const shown = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/**
 * checkRecord for each record, then uniqueness as validateRecord has it: a value of a unique
 * column that another row of the owner holds, or that an earlier record of the batch claims,
 * is a duplicate. Returns the problems of each record, in order.
 */
export async function validateRecords(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  records: RecordToCheck[],
): Promise<MessageSpec[][]> {
  const problems = records.map((record) => checkRecord(entity, record.model));
  const unknown = await referenceProblems(
    trx,
    entity,
    owner.organizationId,
    records.map((r) => r.model),
  );
  unknown.forEach((found, index) => problems[index]?.push(...found));
  if (entity.rules) {
    for (const [index, record] of records.entries()) {
      if (problems[index]?.length) continue;
      const context = { db: trx, organizationId: owner.organizationId, id: record.existingId };
      problems[index]?.push(...(await entity.rules(record.model, context)));
    }
  }
  for (const column of entity.columns.filter((c) => c.unique)) {
    const pending = records
      .map((record, index) => ({ record, index, value: record.model[column.name] }))
      .filter(({ index, value }) => {
        const failed = problems[index]?.some((p) => p.field === column.name);
        return !isBlank(value) && !failed;
      });
    const holders = new Map<string, string[]>();
    for (let start = 0; start < pending.length; start += CHUNK) {
      const values = pending.slice(start, start + CHUNK).map((p) => p.value);
      const rows = await repo.findRows(trx, entity, owner.organizationId, {
        column: column.column,
        values,
      });
      for (const row of rows) {
        const value = String(row[column.column]);
        holders.set(value, [...(holders.get(value) ?? []), String(row.id)]);
      }
    }
    const claimed = new Set<string>();
    for (const { record, index, value } of pending) {
      const text = String(value);
      const held = (holders.get(text) ?? []).some((id) => id !== record.existingId);
      if (held || claimed.has(text)) {
        problems[index]?.push({
          code: 'errors.duplicateValue',
          parameters: [shown(value)],
          field: column.name,
        });
      }
      claimed.add(text);
    }
  }
  return problems;
}

/**
 * Inserts records of their columns only (nested arrays are not written) and journals each as
 * insertRecord does: an undo operation and a field-level audit entry. `extras` are further
 * SQL values per record (a nested row's parent). Returns the rows in the order given.
 */
export async function insertRecords(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  models: Model[],
  journal: Journal,
  extras: Row[] = [],
): Promise<Row[]> {
  const inserted: Row[] = [];
  for (let start = 0; start < models.length; start += INSERT_CHUNK) {
    const values = models.slice(start, start + INSERT_CHUNK).map((model, index) => ({
      ...toColumnValues(entity, model),
      ...extras[start + index],
      key: uuidv7(),
      ...engineValuesOf(entity, model),
    }));
    const rows = await repo.insertRows(trx, entity, owner.organizationId, values);
    inserted.push(...rows);
    for (const row of rows) journalCreate(journal, entity, row);
  }
  return inserted;
}

export interface RecordUpdate {
  /** The record as read (locked) before the update. */
  existing: Row;
  /** The columns to set: only those present are written, as updateRecord does. */
  model: Model;
  /** The version the record must still have. */
  version: number;
  /** Where a stale version is reported (updateRecord says `version`; the import its row). */
  field?: string;
}

/**
 * The SQL type a bound value of a column is cast to, so that the columns of a VALUES list have
 * a type on PostgreSQL and PGlite alike; an assignment cast takes it to the column's own type.
 */
const SQL_TYPES: Record<ValueType, string> = {
  text: 'text',
  int: 'bigint',
  decimal: 'numeric',
  bool: 'boolean',
  date: 'date',
  timestamp: 'timestamptz',
};

/**
 * updateRecord for many records, one statement per chunk: each record gets only the columns
 * present in its model, search text from the merged model, `version + 1` and `updated_at`,
 * and only at its expected version; a record changed meanwhile refuses the whole call (409
 * errors.staleVersion at its field; the caller's transaction rolls back what was written).
 * Journals each record as updateRecord does. Nested arrays are not written.
 */
export async function updateRecords(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  updates: RecordUpdate[],
  journal: Journal,
) {
  const planned = updates.map((update) => {
    const merged = { ...modelColumns(entity, update.existing), ...update.model };
    const values: Row = {
      ...toColumnValues(entity, update.model),
      ...engineValuesOf(entity, merged),
    };
    return { update, id: String(update.existing.id), version: update.version, values };
  });
  const { rows, stale } = await updateRowsAt(trx, entity, owner.organizationId, planned);
  if (stale.length > 0) {
    throw new AppError(
      409,
      stale.map((p) => ({
        code: 'errors.staleVersion',
        parameters: [],
        field: p.update.field ?? 'version',
      })),
    );
  }
  return planned.map(({ update, id, values }) => {
    const row = rows.get(id) as Row;
    journalUpdate(journal, entity, update.existing, values, row);
    return row;
  });
}

/** The owner condition of tables.repository's queries, on the alias t. */
function ownerOf(entity: EntityDef, organizationId: string | null): RawBuilder<unknown>[] {
  switch (entity.scope) {
    case 'tenant':
      return [sql`t.organization_id = ${organizationId}`];
    case 'organization':
      return [sql`t.id = ${organizationId}`];
    case 'global':
      return [];
  }
}

/** One row's update at its expected version: SQL column → value. */
export interface RowUpdate {
  id: string;
  version: number;
  values: Row;
}

/**
 * The SQL type of each column a batched update may set: the entity's columns and the engine's
 * own (search text, sort keys).
 */
function settableColumns(entity: EntityDef): Map<string, string> {
  return new Map([
    ...entity.columns.map(
      (c) => [c.column, `${SQL_TYPES[c.type]}${c.multiple ? '[]' : ''}`] as const,
    ),
    ...engineColumnsOf(entity).map((c) => [c, 'text'] as const),
  ]);
}

/** Whether updateRowsAt can set these values (only columns of the entity and the engine's). */
export const canUpdateAt = (entity: EntityDef, values: Row) => {
  const settable = settableColumns(entity);
  return Object.keys(values).every((c) => settable.has(c));
};

/**
 * updateRow for many rows, one statement per chunk: the values of each row, `version + 1` and
 * `updated_at`, only where the row is still at its version. Returns the updated rows by id and
 * the updates whose row was not at its version; it stops after the first chunk with one, as
 * the caller refuses the whole change and rolls back.
 */
export async function updateRowsAt<U extends RowUpdate>(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  updates: U[],
): Promise<{ rows: Map<string, Row>; stale: U[] }> {
  if (new Set(updates.map((u) => u.id)).size !== updates.length)
    throw new Error(`updateRowsAt: a ${entity.name} row twice`);
  const rows = new Map<string, Row>();
  // id, version, then a value and a flag per column at most.
  const perRow = 2 + settableColumns(entity).size * 2;
  const size = Math.max(1, Math.min(UPDATE_CHUNK, Math.floor(MAX_PARAMETERS / perRow)));
  let start = 0;
  while (start < updates.length) {
    const chunk = updates.slice(start, start + size);
    const updated = await updateChunk(trx, entity, organizationId, chunk);
    for (const row of updated) rows.set(String(row.id), row);
    const stale = chunk.filter((u) => !rows.has(u.id));
    if (stale.length > 0) return { rows, stale };
    start += chunk.length;
  }
  return { rows, stale: [] };
}

/**
 * One UPDATE … FROM (VALUES …) for a chunk. A column every row sets is assigned outright; one
 * only some rows set comes with a flag per row and keeps the others' value. Returns the rows
 * updated (those still at their version), in no particular order.
 */
async function updateChunk(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  chunk: RowUpdate[],
) {
  const settable = settableColumns(entity);
  for (const u of chunk)
    for (const column of Object.keys(u.values))
      if (!settable.has(column)) throw new Error(`${entity.table}.${column} is not settable`);
  const typed = [...settable]
    .filter(([column]) => chunk.some((u) => column in u.values))
    .map(([column, type], index) => ({
      column,
      type,
      value: `c${index}`,
      flag: chunk.every((u) => column in u.values) ? undefined : `s${index}`,
    }));
  const cast = (value: unknown, type: string) => sql`cast(${value} as ${sql.raw(type)})`;
  const tuples = chunk.map((u) => {
    const cells: RawBuilder<unknown>[] = [cast(u.id, 'bigint'), cast(u.version, 'integer')];
    for (const c of typed) cells.push(cast(u.values[c.column] ?? null, c.type));
    for (const c of typed) if (c.flag) cells.push(cast(c.column in u.values, 'boolean'));
    return sql`(${sql.join(cells)})`;
  });
  const names = [
    'id',
    'expected',
    ...typed.map((c) => c.value),
    ...typed.flatMap((c) => (c.flag ? [c.flag] : [])),
  ];
  const sets = typed.map((c) =>
    c.flag
      ? sql`${sql.ref(c.column)} = case when v.${sql.ref(c.flag)} then v.${sql.ref(c.value)} else t.${sql.ref(c.column)} end`
      : sql`${sql.ref(c.column)} = v.${sql.ref(c.value)}`,
  );
  sets.push(sql`version = t.version + 1`, sql`updated_at = now()`);
  const where = [sql`t.id = v.id`, sql`t.version = v.expected`];
  where.unshift(...ownerOf(entity, organizationId));
  const returned = [
    'id',
    'key',
    'version',
    ...engineColumnsOf(entity),
    ...entity.columns.map((c) => c.column),
  ];
  const result = await sql<Row>`
    update ${sql.table(entity.table)} as t set ${sql.join(sets)}
    from (values ${sql.join(tuples)}) as v (${sql.join(names.map((n) => sql.ref(n)))})
    where ${sql.join(where, sql` and `)}
    returning ${sql.join(returned.map((c) => sql`t.${sql.ref(c)}`))}
  `.execute(trx);
  return result.rows;
}

/**
 * deleteRow for many rows at their versions, one statement per chunk; returns how many went
 * (fewer than given: some row was not at its version).
 */
export async function deleteRowsAt(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  rows: { id: string; version: number }[],
) {
  let deleted = 0;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const tuples = rows
      .slice(start, start + CHUNK)
      .map((r) => sql`(${sql`cast(${r.id} as bigint)`}, ${sql`cast(${r.version} as integer)`})`);
    const where = [sql`(t.id, t.version) in (values ${sql.join(tuples)})`];
    where.unshift(...ownerOf(entity, organizationId));
    const result = await sql`
      delete from ${sql.table(entity.table)} as t where ${sql.join(where, sql` and `)}
    `.execute(trx);
    deleted += Number(result.numAffectedRows ?? 0);
  }
  return deleted;
}
