import type { ArrayRows } from '../../db/pipeline';
import { rawValue, type RawRows } from '../../db/raw-rows';
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

/** Types whose value node-postgres hands over as its text (uuid, numeric, and a date here). */
const TEXT_TYPES = new Set([25, 1043, 1042, 19, 2950, 1082, 1700]);
const INT8 = 20;
/** int2, int4: handed over as numbers. */
const SMALL_INTS = new Set([21, 23]);
const BOOL = 16;
/** Digits of at most 15 characters are the text of the same number (a safe integer). */
const MAX_DIGITS = 15;
const DISPLAY_TITLE = Buffer.from(',"displayTitle":', 'latin1');
const DISPLAY_COLUMN: ColumnDef = { name: '', column: '', type: 'text', field: {} };

/** How a value is written: its bytes quoted, its digits, t/f, or decoded as node-postgres would. */
type Kind = 'text' | 'digits' | 'bool' | 'decoded';

function kindOf(type: number, column: ColumnDef | undefined): Kind {
  if (type === BOOL) return 'bool';
  if (SMALL_INTS.has(type)) return 'digits';
  if (type === INT8) return !column || column.type === 'int' ? 'digits' : 'text';
  if (TEXT_TYPES.has(type)) return column?.type === 'int' ? 'decoded' : 'text';
  return 'decoded';
}

interface RawField {
  prefix: Uint8Array;
  at: number;
  kind: Kind;
  column: ColumnDef | undefined;
}

/**
 * listRowsJson of rows kept as PostgreSQL's bytes (ADR 0014): text is copied into the answer
 * escaped, numbers and booleans from their text; only other values are decoded. The first
 * `count` rows.
 */
export function listRawJson(
  entity: EntityDef,
  columns: readonly ColumnDef[],
  displays: readonly DisplayColumn[],
  raw: RawRows,
  count: number,
): WrittenJson {
  const n = raw.columns.length;
  const rows = Math.min(count, raw.count);
  const at = (name: string) => {
    const index = raw.columns.findIndex((c) => c.name === name);
    if (index < 0) throw new Error(`The list of ${entity.name} did not read ${name}`);
    return index;
  };
  const names = ['id', 'key', 'version', 'displayTitle', ...columns, ...displays].map((c) =>
    typeof c === 'string' ? c : c.name,
  );
  // Anything unusual (a field named as a record's own): decoded and written as listRowsJson.
  if (new Set(names).size !== names.length) {
    const values = Array.from({ length: rows }, (_, i) =>
      raw.columns.map((_column, j) => rawValue(raw, i, j)),
    );
    const read = { rows: values, columns: raw.columns.map((c) => c.name) };
    return listRowsJson(entity, columns, displays, read);
  }
  // A display column's value goes out as node-postgres hands it over, as a text column's does.
  const field = (
    name: string,
    prefix: string,
    column: ColumnDef | undefined,
    display = false,
  ): RawField => {
    const index = at(name);
    const kind = kindOf(raw.columns[index]?.type ?? 0, display ? DISPLAY_COLUMN : column);
    return { prefix: Buffer.from(prefix, 'latin1'), at: index, kind, column };
  };
  const id = field('id', '{"id":', undefined);
  const key = field('key', ',"key":', undefined);
  const version = field('version', ',"version":', undefined);
  const fields = [
    ...columns.map((c) => field(c.column, prefixOf(c.name), c)),
    ...displays.map((d) => field(d.alias, prefixOf(d.name), undefined, true)),
  ];
  const titles = entity.titleColumns.flatMap((name) => {
    const column = columns.find((c) => c.name === name);
    return column ? [field(column.column, '', column)] : [];
  });
  // The title from the bytes when its values are text or digits, and every title column read.
  // Amounts and dates are formatted for people (titleFrom), so they never take the quick way.
  const quickTitle =
    titles.length === entity.titleColumns.length &&
    titles.every(
      (t) =>
        (t.kind === 'text' || t.kind === 'digits') &&
        t.column?.type !== 'decimal' &&
        t.column?.type !== 'date',
    );
  const digitsInTitle = titles.some((t) => t.kind === 'digits');
  const { bytes, starts, ends } = raw;

  const write = (writer: JsonWriter, i: number, f: RawField) => {
    const k = i * n + f.at;
    const start = starts[k] ?? -1;
    const end = ends[k] ?? -1;
    if (start < 0) {
      // As toModel's Number(null) and String(null) of a record's own fields.
      writer.ascii(f === id || f === version ? '0' : f === key ? '"null"' : 'null');
      return;
    }
    if (f.kind === 'text') return writer.utf8String(bytes, start, end);
    if (f.kind === 'bool') return writer.ascii(bytes[start] === 0x74 ? 'true' : 'false');
    if (f.kind === 'digits' && end - start <= MAX_DIGITS) return writer.raw(bytes, start, end);
    const value = rawValue(raw, i, f.at);
    if (f === id || f === version) writer.number(Number(value));
    else if (f === key) writer.string(String(value));
    else if (f.column) writeApiValue(writer, f.column, value);
    else writeDisplay(writer, value);
  };

  const writeTitle = (writer: JsonWriter, i: number) => {
    // Digits longer than a safe integer's are written as the number they round to.
    const slow =
      !quickTitle ||
      (digitsInTitle &&
        titles.some(
          (t) =>
            t.kind === 'digits' &&
            (ends[i * n + t.at] ?? 0) - (starts[i * n + t.at] ?? 0) > MAX_DIGITS,
        ));
    if (slow) {
      const values = new Map(titles.map((t) => [t.column?.name, t]));
      const title = titleFrom(entity, (name) => {
        const t = values.get(name);
        return t?.column ? toApiValue(t.column, rawValue(raw, i, t.at)) : undefined;
      });
      return writer.string(title);
    }
    writer.ascii('"');
    let first = true;
    for (const t of titles) {
      const k = i * n + t.at;
      const start = starts[k] ?? -1;
      const end = ends[k] ?? -1;
      if (start < 0 || end === start) continue;
      if (!first) writer.ascii(' - ');
      first = false;
      writer.utf8Piece(bytes, start, end);
    }
    writer.ascii('"');
  };

  return new WrittenJson((writer) => {
    writer.ascii('[');
    for (let i = 0; i < rows; i++) {
      if (i > 0) writer.ascii(',');
      writer.ascii8(id.prefix);
      write(writer, i, id);
      writer.ascii8(key.prefix);
      write(writer, i, key);
      writer.ascii8(version.prefix);
      write(writer, i, version);
      writer.ascii8(DISPLAY_TITLE);
      writeTitle(writer, i);
      const base = i * n;
      for (const f of fields) {
        // Text, the most common value, in one call with its name.
        const start = f.kind === 'text' ? (starts[base + f.at] ?? -1) : -1;
        if (start >= 0) {
          writer.utf8Member(f.prefix, bytes, start, ends[base + f.at] ?? start);
          continue;
        }
        writer.ascii8(f.prefix);
        write(writer, i, f);
      }
      writer.ascii('}');
    }
    writer.ascii(']');
  });
}
