import { sql } from 'kysely';
import type { TableRecord } from '@listina/contract';
import type { Schema } from '@listina/forms';
import type { Trx } from '../../db/scope';
import { conflict } from '../../lib/errors';
import type { DisplayColumn } from './display-columns';
import type { ArrayDef, ColumnDef, EntityDef } from './entity';
import { journalUpdate, type Journal } from './journal';
import type { Model } from './model';
import * as repo from './tables.repository';

/**
 * spec §3 grid rows' `isDefaultModel`: the row of a nested grid that is its parent's default
 * (the one whose `oneTrue` flag is set, e.g. the default bank account), so that every grid
 * marks it the same way without knowing which flag makes a row the default.
 */
export function markDefaultRow(array: ArrayDef, row: TableRecord): TableRecord {
  return array.oneTrue && row[array.oneTrue] === true ? { ...row, isDefaultModel: true } : row;
}

const flagColumnOf = (entity: EntityDef): ColumnDef | undefined =>
  entity.columns.find((c) => c.name === entity.defaultFlag && c.type === 'bool');

/**
 * The same mark on a table's own grid rows (the organisation's default VAT rate): a list
 * row's `isDefaultModel`, true on the owner's default record, false on the others.
 */
export function defaultMarkOf(entity: EntityDef): DisplayColumn[] {
  const flag = flagColumnOf(entity);
  if (!flag) return [];
  const own = sql`${sql.table(entity.table)}.${sql.ref(flag.column)}`;
  return [
    { name: 'isDefaultModel', alias: 'is_default_model', text: sql`coalesce(${own}, false)` },
  ];
}

/**
 * A record saved with its `defaultFlag` set takes it from the owner's other records, in the
 * same transaction and journal (undo gives it back), before it is written itself; the
 * database's deferred constraint holds one default at the commit.
 */
export async function clearOtherDefaults(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  model: Model,
  ownId: string | undefined,
  journal: Journal,
): Promise<void> {
  const flag = flagColumnOf(entity);
  if (!flag || model[flag.name] !== true) return;
  const others = await repo.findRows(
    trx,
    entity,
    organizationId,
    { column: flag.column, values: [true] },
    true,
  );
  for (const other of others) {
    if (String(other.id) === ownId) continue;
    const values = { [flag.column]: false };
    const id = String(other.id);
    const row = await repo.updateRow(
      trx,
      entity,
      organizationId,
      id,
      Number(other.version),
      values,
    );
    if (!row) throw conflict('errors.staleVersion', [], flag.name);
    journalUpdate(journal, entity, other, values, row);
  }
}

/**
 * The schema a form of this organisation gets: a grid's new row starts with its row entity's
 * organisation defaults (a cost line with the default VAT rate) over the fixed default row.
 */
export async function withOrganizationRowDefaults(
  trx: Trx,
  entity: EntityDef,
  organizationId: string,
  schema: Schema,
): Promise<Schema> {
  const fields: Schema['fields'] = [];
  for (const field of schema.fields) {
    const array = entity.arrays?.find((a) => a.name === field.name);
    const own = array?.entity.organizationDefaults;
    if (!own || !field.schema) {
      fields.push(field);
      continue;
    }
    const inputProps = field.schema.inputProps ?? {};
    const defaultRow = { ...(inputProps.defaultRow as Model), ...(await own(trx, organizationId)) };
    fields.push({
      ...field,
      schema: { ...field.schema, inputProps: { ...inputProps, defaultRow } },
    });
  }
  return { ...schema, fields };
}
