import type { TableRecord } from '@listina/contract';
import {
  formatDate,
  formatNumber,
  SchemaSchema,
  type FieldInput,
  type Schema,
  type SchemaInput,
} from '@listina/forms';
import { slovenianSortKey } from '../../lib/collation';
import { searchNormalise } from '../../lib/search-normalise';
import type { DisplayColumn } from './display-columns';
import { gridColumnsOf } from './grid-columns';
import type { ArrayDef, ColumnDef, EntityDef } from './entity';

/** Mapping between SQL rows and API models, and the spec §3 schema of an entity. */

export type Row = Record<string, unknown>;
export type Model = Record<string, unknown>;

export function toApiValue(column: ColumnDef, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  // Most values are text (dates and decimals too): passed as they are.
  if (typeof value === 'string' && column.type !== 'int') return value;
  if (value instanceof Date) return value.toISOString();
  if (column.type === 'int' && typeof value === 'string') return Number(value);
  return value;
}

/** A decimal as the database writes it, with at most 20 places (what formatNumber rounds to). */
const PLAIN_DECIMAL = /^-?\d+(\.\d{1,20})?$/;

const titleColumnsOf = new WeakMap<EntityDef, Map<string, ColumnDef>>();

/** The entity's own columns by their API names (once per entity). */
function columnsByName(entity: EntityDef): Map<string, ColumnDef> {
  let found = titleColumnsOf.get(entity);
  if (!found) titleColumnsOf.set(entity, (found = new Map(entity.columns.map((c) => [c.name, c]))));
  return found;
}

/**
 * A title column's value as text: a list of codes with commas, as Array.prototype.join writes
 * it; an amount and a date in the spec §3 locale format (issue 24: "427,00", "05.11.2026"),
 * since titles show in dialog titles and messages as they are.
 */
function titleText(value: unknown, column: ColumnDef | undefined): string {
  if (typeof value === 'string' && column?.type === 'decimal' && PLAIN_DECIMAL.test(value)) {
    return formatNumber(value, { places: value.split('.')[1]?.length ?? 0 });
  }
  if (typeof value === 'string' && column?.type === 'date') return formatDate(value) || value;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? value.join(',') : JSON.stringify(value);
}

/** The title columns' values that are not empty, joined by ' - ' (once per row of a list). */
export const displayTitle = (entity: EntityDef, model: Model): string =>
  titleFrom(entity, (name) => model[name]);

/** displayTitle of the record whose value of each title column valueOf gives. */
export function titleFrom(entity: EntityDef, valueOf: (name: string) => unknown): string {
  const columns = columnsByName(entity);
  let title = '';
  for (const name of entity.titleColumns) {
    const value = valueOf(name);
    if (value === null || value === undefined || value === '') continue;
    const text = titleText(value, columns.get(name));
    title = title === '' ? text : `${title} - ${text}`;
  }
  return title;
}

/** A SQL row as the API model: id (number), key, version, displayTitle and the columns. */
export function toModel(
  entity: EntityDef,
  row: Row,
  columns = entity.columns,
  displays: readonly DisplayColumn[] = [],
): TableRecord {
  const model: TableRecord = {
    id: Number(row.id),
    key: String(row.key),
    version: Number(row.version),
    displayTitle: '',
  };
  for (const column of columns) model[column.name] = toApiValue(column, row[column.column]);
  for (const display of displays) model[display.name] = row[display.alias] ?? null;
  model.displayTitle = displayTitle(entity, model);
  return model;
}

/** Values of the writable columns present in the model, as SQL column → value. */
export function toColumnValues(entity: EntityDef, model: Model): Row {
  const values: Row = {};
  for (const column of entity.columns) {
    if (column.serverOwned || !(column.name in model)) continue;
    const value = model[column.name];
    values[column.column] = value === '' && column.type !== 'text' ? null : value;
  }
  return values;
}

export function searchTextOf(entity: EntityDef, model: Model): string {
  return searchNormalise(
    entity.columns
      .filter((c) => c.search)
      .map((c) => model[c.name])
      .filter((v) => v !== null && v !== undefined)
      .map(String)
      .join(' '),
  );
}

/**
 * The engine's sort column of a text sort key (name → name_sort): the key in Slovenian
 * alphabetical order, which lists and cursors order by instead of the text itself.
 */
export function sortColumnOf(column: ColumnDef): string | undefined {
  return column.sort && column.type === 'text' ? `${column.column}_sort` : undefined;
}

/** Columns the engine writes from the model on every insert and update: search text, sort keys. */
export function engineColumnsOf(entity: EntityDef): string[] {
  return [
    'search_text',
    ...entity.columns.flatMap((c) => {
      const sortColumn = sortColumnOf(c);
      return sortColumn ? [sortColumn] : [];
    }),
  ];
}

/** A value as its text column stores it; null (empty) as '', which sorts first. */
function textOfValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** The values of engineColumnsOf for a whole model (on update: the merged record). */
export function engineValuesOf(entity: EntityDef, model: Model): Row {
  const values: Row = { search_text: searchTextOf(entity, model) };
  for (const column of entity.columns) {
    const sortColumn = sortColumnOf(column);
    if (!sortColumn) continue;
    values[sortColumn] = slovenianSortKey(textOfValue(model[column.name]));
  }
  return values;
}

const INPUT_FOR_TYPE: Record<ColumnDef['type'], FieldInput['inputType']> = {
  text: 'text',
  int: 'int',
  decimal: 'decimal',
  bool: 'checkbox',
  date: 'date',
  timestamp: 'datetime',
};
const DATA_FOR_TYPE: Record<ColumnDef['type'], FieldInput['dataType']> = {
  text: 'text',
  int: 'int',
  decimal: 'decimal',
  bool: 'bool',
  date: 'date',
  timestamp: 'datetime',
};

function fieldOf(entity: EntityDef, column: ColumnDef): FieldInput {
  return {
    name: column.name,
    dataType: DATA_FOR_TYPE[column.type],
    inputType: INPUT_FOR_TYPE[column.type],
    labelId: `${entity.name}.${column.name}`,
    ...(column.serverOwned ? { readonly: true } : {}),
    ...(column.multiple ? { multiple: true } : {}),
    ...column.field,
  };
}

function gridFieldOf(entity: EntityDef, array: ArrayDef): FieldInput {
  return {
    name: array.name,
    inputType: 'grid',
    labelId: `${entity.name}.${array.name}`,
    schema: schemaInputOf(array.entity, {
      ...(array.addLabelId ? { addLabelId: array.addLabelId } : {}),
      ...(array.allowEmptyArray !== undefined ? { allowEmptyArray: array.allowEmptyArray } : {}),
      // A row added in the form starts from the row entity's default model (e.g. active),
      // with what is left of the parent's total (ArrayDef.newRowRemainder).
      ...(array.entity.defaultModel || array.newRowRemainder
        ? {
            inputProps: {
              ...(array.entity.defaultModel ? { defaultRow: array.entity.defaultModel() } : {}),
              ...(array.newRowRemainder ? { newRowRemainder: array.newRowRemainder } : {}),
            },
          }
        : {}),
    }),
  };
}

/** The catalogue key of one record of the entity, for dialog titles ("Payment order"). */
export const dialogTitleId = (entity: EntityDef) => `language.dialog.${entity.name}`;

function schemaInputOf(entity: EntityDef, extra: Partial<SchemaInput> = {}): SchemaInput {
  return {
    id: entity.name,
    labelId: entity.labelId,
    ...entity.schema,
    // spec §3 dlgTitleId: what an edit dialog of the table edits, in the user's language.
    options: { dlgTitleId: dialogTitleId(entity), ...entity.schema?.options },
    gridColumns: gridColumnsOf(entity),
    ...extra,
    fields: [
      ...entity.columns.map((c) => fieldOf(entity, c)),
      ...(entity.arrays ?? []).map((a) => gridFieldOf(entity, a)),
    ],
  };
}

const schemaCache = new Map<string, Schema>();

/** The entity's spec §3 schema, parsed (so a wrong definition fails at first use, in tests). */
export function schemaOf(entity: EntityDef): Schema {
  let schema = schemaCache.get(entity.name);
  if (!schema) {
    schema = SchemaSchema.parse(schemaInputOf(entity));
    schemaCache.set(entity.name, schema);
  }
  return schema;
}
