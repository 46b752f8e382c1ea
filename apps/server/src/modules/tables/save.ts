import { validateModel } from '@listina/forms';
import type { Trx } from '../../db/scope';
import { AppError, conflict, type MessageSpec } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { clearOtherDefaults } from './default-rows';
import { isKeyColumn, type ArrayDef, type EntityDef } from './entity';
import { diff, journalCreate, journalUpdate, type Journal } from './journal';
import { engineValuesOf, schemaOf, toColumnValues, type Model, type Row } from './model';
import { recordReferenceProblems } from './references';
import * as repo from './tables.repository';
import { listProblem, rowProblem, typedList, typedValue } from './value-types';

/**
 * Checking and writing one record with its nested arrays (spec §4 grid rows): markForDelete
 * rows removed, negative temporary ids created, the rest updated at their version.
 */

export interface Owner {
  organizationId: string | null;
}

/** A value as shown in a message. */
const shown = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

type RowInput = Model & { id?: unknown; markForDelete?: unknown; version?: unknown };

const isNewRow = (row: RowInput) => typeof row.id !== 'number' || row.id < 0;

/**
 * Keeps the writable columns of the entity, checks each value's type (value-types.ts) and
 * cleans it with the column's normalise function, then normaliseWith across columns; a value
 * of the wrong type anywhere, nested rows included, refuses the request (400, every such
 * field named).
 */
export function cleanInput(entity: EntityDef, body: Model): Model {
  const problems: MessageSpec[] = [];
  const model = cleanModel(entity, body, '', problems);
  if (problems.length > 0) throw new AppError(400, problems);
  return model;
}

function cleanModel(entity: EntityDef, body: Model, prefix: string, problems: MessageSpec[]) {
  const model: Model = {};
  for (const column of entity.columns) {
    if (column.serverOwned || !(column.name in body)) continue;
    const field = `${prefix}${column.name}`;
    const typed = column.multiple
      ? typedList(column.type, body[column.name], field)
      : typedValue(column.type, body[column.name], field);
    if ('problem' in typed) {
      problems.push(typed.problem);
      continue;
    }
    let value = typed.value;
    if (typeof value === 'string' && column.type === 'text') value = value.trim();
    // An empty key names no record: none, as null (issue 22: "" reached the uuid column).
    if (value === '' && isKeyColumn(column)) value = null;
    model[column.name] = column.normalise ? column.normalise(value) : value;
  }
  for (const column of entity.columns) {
    if (column.normaliseWith && column.name in model) {
      Object.assign(model, column.normaliseWith(model[column.name], model));
    }
  }
  for (const array of entity.arrays ?? []) {
    const rows = body[array.name];
    if (rows === undefined) continue;
    if (!Array.isArray(rows)) {
      problems.push(listProblem(`${prefix}${array.name}`));
      continue;
    }
    model[array.name] = rows.flatMap((row: unknown, index) => {
      const path = `${prefix}${array.name}.${index}`;
      if (!row || typeof row !== 'object' || Array.isArray(row)) {
        problems.push(rowProblem(path));
        return [];
      }
      const input = row as RowInput;
      return [
        {
          ...cleanModel(array.entity, input, `${path}.`, problems),
          id: input.id,
          version: input.version,
          markForDelete: input.markForDelete === true,
        },
      ];
    });
  }
  return model;
}

function checkColumns(entity: EntityDef, model: Model, prefix: string): MessageSpec[] {
  const errors: MessageSpec[] = [];
  for (const column of entity.columns) {
    const value = model[column.name];
    // A NOT NULL column cleared is a required field left empty (issue 22: it was a 500 from
    // the constraint), told on its field as the schema's required rule tells it.
    if (column.notNull && !column.serverOwned && value === null) {
      errors.push({
        code: 'validation.required',
        parameters: [],
        field: `${prefix}${column.name}`,
      });
      continue;
    }
    if (!column.check || value === null || value === undefined || value === '') continue;
    const problem = column.check(value, model);
    if (problem) errors.push({ ...problem, field: `${prefix}${column.name}` });
  }
  return errors;
}

function checkArrayRows(array: ArrayDef, rows: RowInput[]): MessageSpec[] {
  const errors: MessageSpec[] = [];
  const live = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.markForDelete !== true);
  for (const { row, index } of live)
    errors.push(...checkColumns(array.entity, row, `${array.name}.${index}.`));
  for (const column of array.entity.columns.filter((c) => c.unique)) {
    const seen = new Map<unknown, number>();
    for (const { row, index } of live) {
      const value = row[column.name];
      if (value === null || value === undefined || value === '') continue;
      if (seen.has(value)) {
        errors.push({
          code: 'errors.duplicateInList',
          parameters: [shown(value)],
          field: `${array.name}.${index}.${column.name}`,
        });
      }
      seen.set(value, index);
    }
  }
  if (array.oneTrue) {
    const flagged = live.filter(({ row }) => row[array.oneTrue ?? ''] === true);
    if (flagged.length > 1) {
      const last = flagged[flagged.length - 1];
      errors.push({
        code: 'errors.oneDefaultOnly',
        parameters: [],
        field: `${array.name}.${last?.index ?? 0}.${array.oneTrue}`,
      });
    }
  }
  return errors;
}

/** The rules that need no database: schema rules (packages/forms), domain checks, grid rows. */
export function checkRecord(entity: EntityDef, model: Model, today?: string): MessageSpec[] {
  const options = today === undefined ? {} : { today };
  const errors: MessageSpec[] = validateModel(schemaOf(entity), model, options).map((issue) => ({
    ...issue,
  }));
  errors.push(...checkColumns(entity, model, ''));
  for (const array of entity.arrays ?? []) {
    const rows = model[array.name];
    if (Array.isArray(rows)) errors.push(...checkArrayRows(array, rows as RowInput[]));
  }
  // A field the schema and the NOT NULL check both call required is told once.
  const told = new Set<string>();
  return errors.filter((e) => {
    const id = `${e.code} ${e.field ?? ''}`;
    if (told.has(id)) return false;
    told.add(id);
    return true;
  });
}

/** Schema rules (packages/forms, as in the browser), domain checks and uniqueness. */
export async function validateRecord(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  model: Model,
  existingId: string | undefined,
): Promise<MessageSpec[]> {
  const errors = checkRecord(entity, model);
  errors.push(...(await recordReferenceProblems(trx, entity, owner.organizationId, model)));
  if (entity.rules && errors.length === 0) {
    const context = { db: trx, organizationId: owner.organizationId, id: existingId };
    errors.push(...(await entity.rules(model, context)));
  }
  for (const column of entity.columns.filter((c) => c.unique)) {
    const value = model[column.name];
    if (value === null || value === undefined || value === '') continue;
    if (errors.some((e) => e.field === column.name)) continue;
    const duplicate = await repo.findDuplicates(
      trx,
      entity,
      owner.organizationId,
      column.column,
      value,
      existingId,
    );
    if (duplicate)
      errors.push({
        code: 'errors.duplicateValue',
        parameters: [shown(value)],
        field: column.name,
      });
  }
  return errors;
}

export async function insertRecord(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  model: Model,
  journal: Journal,
  extra: Row = {},
) {
  const values = {
    ...toColumnValues(entity, model),
    ...extra,
    key: uuidv7(),
    ...engineValuesOf(entity, model),
  };
  await clearOtherDefaults(trx, entity, owner.organizationId, model, undefined, journal);
  const row = await repo.insertRow(trx, entity, owner.organizationId, values);
  const id = String(row.id);
  journalCreate(journal, entity, row);
  await saveArrays(trx, entity, owner, id, model, journal);
  return row;
}

export async function updateRecord(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  existing: Row,
  model: Model,
  version: number,
  journal: Journal,
) {
  const id = String(existing.id);
  const merged = { ...modelColumns(entity, existing), ...model };
  const values = { ...toColumnValues(entity, model), ...engineValuesOf(entity, merged) };
  await clearOtherDefaults(trx, entity, owner.organizationId, model, id, journal);
  const row = await repo.updateRow(trx, entity, owner.organizationId, id, version, values);
  if (!row) throw conflict('errors.staleVersion', [], 'version');
  journalUpdate(journal, entity, existing, values, row);
  await saveArrays(trx, entity, owner, id, model, journal);
  return row;
}

/** A row's column values under their API names: the record a partial update merges into. */
export function modelColumns(entity: EntityDef, row: Row): Model {
  return Object.fromEntries(entity.columns.map((c) => [c.name, row[c.column]]));
}

async function saveArrays(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  parentId: string,
  model: Model,
  journal: Journal,
) {
  for (const array of entity.arrays ?? []) {
    const rows = model[array.name] as RowInput[] | undefined;
    if (!rows || !array.parentColumn) continue;
    const parent = { column: array.parentColumn, id: parentId };
    const existing = await repo.findRows(
      trx,
      array.entity,
      owner.organizationId,
      { column: array.parentColumn, values: [parentId] },
      true,
    );
    const byId = new Map(existing.map((r) => [Number(r.id), r]));
    // Deletes first, so a new row may take over a value (IBAN, default flag) a removed one had.
    for (const [index, row] of rows.entries()) {
      if (isNewRow(row) || row.markForDelete !== true) continue;
      const current = byId.get(row.id as number);
      if (!current)
        throw new AppError(404, [
          { code: 'errors.rowNotFound', parameters: [], field: `${array.name}.${index}` },
        ]);
      await deleteRecord(trx, array.entity, owner, current, journal);
      byId.delete(row.id as number);
    }
    await clearOtherFlags(trx, array, owner, rows, byId, journal);
    for (const [index, row] of rows.entries()) {
      if (row.markForDelete === true) continue;
      if (isNewRow(row)) {
        await insertRecord(trx, array.entity, owner, row, journal, { [parent.column]: parentId });
        continue;
      }
      const current = byId.get(row.id as number);
      if (!current)
        throw new AppError(404, [
          { code: 'errors.rowNotFound', parameters: [], field: `${array.name}.${index}` },
        ]);
      const version = typeof row.version === 'number' ? row.version : Number(current.version);
      await updateRecord(trx, array.entity, owner, current, row, version, journal);
    }
    await checkSavedRows(trx, array, owner, parentId, rows);
  }
}

/**
 * spec §4: selecting a default bank account clears the default flag on the others, also on
 * stored rows the request did not send again. Journalled as updates, so undo gives the flag
 * back to the previous default.
 */
async function clearOtherFlags(
  trx: Trx,
  array: ArrayDef,
  owner: Owner,
  rows: RowInput[],
  stored: Map<number, Row>,
  journal: Journal,
) {
  const flag = array.oneTrue;
  const column = array.entity.columns.find((c) => c.name === flag);
  if (!flag || !column) return;
  const chosen = rows.find((row) => row.markForDelete !== true && row[flag] === true);
  if (!chosen) return;
  const sent = new Map(rows.filter((row) => !isNewRow(row)).map((row) => [row.id as number, row]));
  for (const [id, current] of stored) {
    if (current[column.column] !== true || id === chosen.id) continue;
    const row = sent.get(id);
    if (row) {
      // Sent without the flag: cleared by the row's own update (a second would be stale).
      if (!(flag in row)) row[flag] = false;
      continue;
    }
    const version = Number(current.version);
    await updateRecord(trx, array.entity, owner, current, { [flag]: false }, version, journal);
  }
}

/**
 * The rows of the owner as written, checked again: a unique column (an IBAN on one owner) so a
 * new row cannot repeat a value of a row the request did not send, and at most one flagged
 * row (one default). A failure throws and the transaction rolls back.
 */
async function checkSavedRows(
  trx: Trx,
  array: ArrayDef,
  owner: Owner,
  parentId: string,
  rows: RowInput[],
) {
  if (!array.parentColumn) return;
  const saved = await repo.findRows(trx, array.entity, owner.organizationId, {
    column: array.parentColumn,
    values: [parentId],
  });
  for (const column of array.entity.columns.filter((c) => c.unique)) {
    const seen = new Set<unknown>();
    for (const row of saved) {
      const value = row[column.column];
      if (value === null || value === undefined || value === '') continue;
      if (seen.has(value)) {
        const index = rows.findIndex((r) => r.markForDelete !== true && r[column.name] === value);
        const field = index >= 0 ? `${array.name}.${index}.${column.name}` : array.name;
        throw new AppError(400, [
          { code: 'errors.duplicateInList', parameters: [shown(value)], field },
        ]);
      }
      seen.add(value);
    }
  }
  const flag = array.entity.columns.find((c) => c.name === array.oneTrue);
  if (flag && saved.filter((row) => row[flag.column] === true).length > 1) {
    throw new AppError(400, [{ code: 'errors.oneDefaultOnly', parameters: [], field: array.name }]);
  }
}

/** Deletes a record after its nested rows, keeping full snapshots so undo can put them back. */
export async function deleteRecord(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  row: Row,
  journal: Journal,
) {
  const id = String(row.id);
  for (const array of entity.arrays ?? []) {
    if (!array.parentColumn) continue;
    const children = await repo.findRows(
      trx,
      array.entity,
      owner.organizationId,
      { column: array.parentColumn, values: [id] },
      true,
    );
    for (const child of children) await deleteRecord(trx, array.entity, owner, child, journal);
  }
  const snapshot = await repo.snapshotRow(trx, entity, owner.organizationId, id);
  await repo.deleteRow(trx, entity, owner.organizationId, id);
  journal.operations.push({
    kind: 'deleted',
    entity: entity.name,
    id,
    key: String(row.key),
    row: snapshot,
  });
  journal.audit.push({
    entity,
    key: String(row.key),
    action: 'delete',
    changes: diff(entity, row, undefined),
  });
}
