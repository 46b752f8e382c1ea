import type { ArrayRows } from '../../db/pipeline';
import type { JsonWriter } from '../../lib/json-writer';
import { WrittenJson } from '../../lib/json-writer';
import type { DisplayColumn } from './display-columns';
import type { ColumnDef, EntityDef } from './entity';
import { titleFrom, toApiValue, toModel, type Row } from './model';

/**
 * A list page's rows as JSON, written as UTF-8 straight from the rows the database answered: the
 * bytes of JSON.stringify of their toModel records, without building records or texts. For a
 * page of 300 rows the records and their stringifying were a quarter of the server's work
 * (bench/README.md, "Table list at 1,000,000 rows").
 */

/** Writes JSON.stringify(toApiValue(column, value)), quick for the values a row holds. */
export function writeApiValue(writer: JsonWriter, column: ColumnDef, value: unknown): void {
  if (value === null || value === undefined) writer.ascii('null');
  else if (typeof value === 'string') {
    if (column.type === 'int') writer.number(Number(value));
    else writer.string(value);
  } else if (typeof value === 'boolean') writer.ascii(value ? 'true' : 'false');
  else if (typeof value === 'number') writer.number(value);
  else writer.json(JSON.stringify(toApiValue(column, value)) ?? 'null');
}

/** Writes JSON.stringify(value ?? null) of a display column's text. */
function writeDisplay(writer: JsonWriter, value: unknown): void {
  if (typeof value === 'string') writer.string(value);
  else writer.json(JSON.stringify(value ?? null) ?? 'null');
}

/** The record of a row read as an array, by the names of its columns. */
export function rowOf(columns: readonly string[], values: readonly unknown[]): Row {
  const row: Row = {};
  for (let i = 0; i < columns.length; i++) row[columns[i] ?? ''] = values[i];
  return row;
}

interface Field {
  /** `,"name":`: what goes before the value. */
  prefix: string;
  /** The value's place in the row. */
  at: number;
  /** The value's column; none for a display column. */
  column: ColumnDef | undefined;
}

/** `,"name":` before a value; names are ASCII (checked: the writer's ascii takes nothing else). */
function prefixOf(name: string): string {
  const prefix = `,${JSON.stringify(name)}:`;
  if (!/^[\x20-\x7e]*$/.test(prefix)) throw new Error(`A field name must be ASCII: ${name}`);
  return prefix;
}

/**
 * The JSON of the rows as toModel(entity, row, columns, displays) records, a list of them,
 * written when the answer is.
 */
export function listRowsJson(
  entity: EntityDef,
  columns: readonly ColumnDef[],
  displays: readonly DisplayColumn[],
  read: ArrayRows,
): WrittenJson {
  const names = ['id', 'key', 'version', 'displayTitle', ...columns, ...displays].map((c) =>
    typeof c === 'string' ? c : c.name,
  );
  // A column named as a record's own field keeps that field's place in toModel's record.
  if (new Set(names).size !== names.length) {
    const records = read.rows.map((values) =>
      toModel(entity, rowOf(read.columns, values), [...columns], displays),
    );
    return new WrittenJson((writer) => writer.json(JSON.stringify(records)));
  }
  const at = (column: string) => {
    const index = read.columns.indexOf(column);
    if (index < 0) throw new Error(`The list of ${entity.name} did not read ${column}`);
    return index;
  };
  const [id, key, version] = [at('id'), at('key'), at('version')];
  const fields: Field[] = [
    ...columns.map((c) => ({ prefix: prefixOf(c.name), at: at(c.column), column: c })),
    ...displays.map((d) => ({ prefix: prefixOf(d.name), at: at(d.alias), column: undefined })),
  ];
  const valueOf = titleValues(entity, columns, at);
  const rows = read.rows;
  return new WrittenJson((writer) => {
    writer.ascii('[');
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] ?? [];
      writer.ascii(i === 0 ? '{"id":' : ',{"id":');
      writer.number(Number(row[id]));
      writer.ascii(',"key":');
      writer.string(String(row[key]));
      writer.ascii(',"version":');
      writer.number(Number(row[version]));
      writer.ascii(',"displayTitle":');
      writer.string(titleFrom(entity, (name) => valueOf.get(name)?.(row)));
      for (const field of fields) {
        writer.ascii(field.prefix);
        const value = row[field.at];
        if (field.column) writeApiValue(writer, field.column, value);
        else writeDisplay(writer, value);
      }
      writer.ascii('}');
    }
    writer.ascii(']');
  });
}

/** How each title column's API value is taken from a row (listPlan reads every title column). */
function titleValues(
  entity: EntityDef,
  columns: readonly ColumnDef[],
  at: (column: string) => number,
): Map<string, (row: readonly unknown[]) => unknown> {
  const values = new Map<string, (row: readonly unknown[]) => unknown>();
  for (const name of entity.titleColumns) {
    if (name === 'key') {
      const index = at(name);
      values.set(name, (row) => String(row[index]));
      continue;
    }
    if (name === 'id' || name === 'version') {
      const index = at(name);
      values.set(name, (row) => Number(row[index]));
      continue;
    }
    const column = columns.find((c) => c.name === name);
    if (!column) continue;
    const index = at(column.column);
    values.set(name, (row) => toApiValue(column, row[index]));
  }
  return values;
}
