import {
  compareDecimal,
  DEFAULT_DECIMAL_PLACES,
  formatDate,
  parseDate,
  parseDecimal,
  roundDecimal,
  toDecimalString,
} from '@listina/forms';
import { LOCALES } from '@listina/contract';
import type { MessageSpec } from '../../lib/errors';
import { translate, type Locale } from '../../plugins/i18n';
import type { ArrayDef, ColumnDef, EntityDef, ValueType } from './entity';
import { searchNormalise } from '../../lib/search-normalise';
import { schemaOf } from './model';
import { fileArraysOf } from './nested-cells';
import {
  CellError,
  columnLetter,
  neutralise,
  unneutralise,
  type Cell,
  type SheetRow,
} from './spreadsheet';

/**
 * How the values of a table's columns become file cells on export and come back on import,
 * and how a file's header row names the columns (by field name or by label in sl or en-gb).
 */

/** Fields a file may have beyond the entity's columns. */
export const EXTRA_FIELDS: Record<string, string> = {
  key: 'tablesIo.key',
  displayTitle: 'tablesIo.displayTitle',
};

export function labelIdOf(entity: EntityDef, name: string): string {
  const extra = EXTRA_FIELDS[name];
  if (extra) return extra;
  const field = schemaOf(entity).fields.find((f) => f.name === name);
  return field?.labelId ?? `${entity.name}.${name}`;
}

export const labelOf = (entity: EntityDef, name: string, locale: Locale) =>
  translate(locale, labelIdOf(entity, name));

export type XlsxValue = string | number | boolean | Date | null;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** A model value as text: API values are strings, numbers, booleans or ISO date strings. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  // A column of several values (a member's roles) as a person writes a list.
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  return JSON.stringify(value);
}

/** yyyy-mm-dd as a Date at UTC midnight: how xlsx stores a date without a time zone. */
const utcDate = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** An API model value as an xlsx cell: numbers, booleans and dates stay typed. */
export function xlsxValue(type: ValueType, value: unknown): XlsxValue {
  if (isEmpty(value)) return null;
  switch (type) {
    case 'text':
      return neutralise(textOf(value));
    case 'int':
    case 'decimal':
      return Number(value);
    case 'bool':
      return value === true;
    case 'date':
      return utcDate(textOf(value));
    case 'timestamp':
      return new Date(textOf(value));
  }
}

/**
 * An API model value as CSV text, as Excel with Slovenian regional settings reads it (the
 * separator is ";"): decimal comma, dates dd.mm.yyyy, timestamps ISO 8601.
 */
export function csvValue(type: ValueType, value: unknown): string {
  if (isEmpty(value)) return '';
  switch (type) {
    case 'text':
      return neutralise(textOf(value));
    case 'int':
      return textOf(value);
    case 'decimal':
      return textOf(value).replace('.', ',');
    case 'bool':
      return value === true ? 'true' : 'false';
    case 'date':
      return formatDate(textOf(value).slice(0, 10));
    case 'timestamp':
      return new Date(textOf(value)).toISOString();
  }
}

export type Parsed = { value: unknown } | { problem: MessageSpec };

const problem = (code: string, parameters: (string | number)[] = []): Parsed => ({
  problem: { code, parameters },
});

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'da', 'd', 'x', 'ja']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'ne', '']);

const isoOfUtc = (date: Date) => date.toISOString().slice(0, 10);
/** Excel day serials count from 1899-12-30. */
const fromSerial = (serial: number) => new Date(Math.round((serial - 25569) * 86_400_000));

/** A file cell as the value a create or update of the column takes, or why it cannot be. */
export function importValue(column: ColumnDef, cell: Cell): Parsed {
  if (cell instanceof CellError) return problem('errors.importCellError', [cell.text]);
  const text = typeof cell === 'string' ? unneutralise(cell).trim() : undefined;
  const blank = cell === null || text === '';
  switch (column.type) {
    case 'text':
      if (blank) return { value: '' };
      if (cell instanceof Date) return { value: cell.toISOString().replace('T00:00:00.000Z', '') };
      return { value: typeof cell === 'string' ? unneutralise(cell) : String(cell) };
    case 'int':
    case 'decimal':
      return blank ? { value: null } : numberValue(column.type, cell);
    case 'bool': {
      if (typeof cell === 'boolean') return { value: cell };
      const word = (text ?? String(cell ?? '')).toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return problem('errors.importNotABoolean');
    }
    case 'date':
      if (blank) return { value: null };
      if (cell instanceof Date) return { value: isoOfUtc(cell) };
      if (typeof cell === 'number') return { value: isoOfUtc(fromSerial(cell)) };
      return dateValue(text ?? '');
    case 'timestamp':
      if (blank) return { value: null };
      if (cell instanceof Date) return { value: cell.toISOString() };
      return timestampValue(text ?? '');
  }
}

function numberValue(type: 'int' | 'decimal', cell: Exclude<Cell, CellError>): Parsed {
  if (typeof cell === 'number') {
    if (type === 'int') {
      return Number.isInteger(cell) ? { value: cell } : problem('errors.importNotAnInteger');
    }
    // A typed number cell carries binary floating-point noise (0.1 + 0.2): round it quietly.
    const exact = toDecimalString(cell);
    const value = exact === undefined ? undefined : roundDecimal(exact, DEFAULT_DECIMAL_PLACES);
    return value === undefined ? problem('errors.importNotANumber') : { value };
  }
  if (typeof cell !== 'string') return problem('errors.importNotANumber');
  const parsed = parseDecimal(unneutralise(cell), { isInteger: type === 'int' });
  if (parsed.invalid || parsed.value === null) return problem('errors.importNotANumber');
  if (parsed.tooManyPlaces) {
    return type === 'int'
      ? problem('errors.importNotAnInteger')
      : problem('errors.importTooManyPlaces', [DEFAULT_DECIMAL_PLACES]);
  }
  return { value: type === 'int' ? Number(parsed.value) : parsed.value };
}

function dateValue(text: string): Parsed {
  const parsed = parseDate(text);
  return parsed.value === null ? problem('errors.importNotADate') : { value: parsed.value };
}

// Timestamps are read as ISO 8601 only (as exported): a local time would need a time zone.
function timestampValue(text: string): Parsed {
  const parsed = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(parsed)
    ? problem('errors.importNotADateTime')
    : { value: new Date(parsed).toISOString() };
}

/** Whether an imported value leaves a record's value as it is (null and '' are both empty). */
export function isSameValue(type: ValueType, current: unknown, next: unknown): boolean {
  if (type === 'bool') return (current === true) === (next === true);
  if (isEmpty(current) || isEmpty(next)) return isEmpty(current) && isEmpty(next);
  switch (type) {
    case 'text':
      return textOf(current) === textOf(next);
    case 'int':
      return Number(current) === Number(next);
    case 'decimal':
      return compareDecimal(textOf(current), textOf(next)) === 0;
    case 'date':
      return textOf(current).slice(0, 10) === textOf(next).slice(0, 10);
    case 'timestamp':
      return Date.parse(textOf(current)) === Date.parse(textOf(next));
  }
}

export type HeaderTarget =
  | { kind: 'column'; column: ColumnDef }
  | { kind: 'key' }
  /** A nested array as one cell (nested-cells.ts). */
  | { kind: 'array'; array: ArrayDef }
  /** Read-only in a file: displayTitle and server-owned columns, which an export may hold. */
  | { kind: 'ignore' };

export interface HeaderMapping {
  /** By cell index; undefined for a column with an empty header cell. */
  targets: (HeaderTarget | undefined)[];
  problems: MessageSpec[];
}

const headerText = (text: string) => searchNormalise(text).replace(/\s+/g, ' ').trim();

function headerNames(entity: EntityDef) {
  const names = [
    ...entity.columns.map((c) => c.name),
    ...fileArraysOf(entity).map((a) => a.name),
    ...Object.keys(EXTRA_FIELDS),
  ];
  const byName = new Map(names.map((name) => [headerText(name), name]));
  const byLabel = new Map<string, Set<string>>();
  for (const name of names) {
    for (const locale of LOCALES) {
      const label = headerText(labelOf(entity, name, locale));
      byLabel.set(label, (byLabel.get(label) ?? new Set()).add(name));
    }
  }
  return { byName, byLabel };
}

function targetOf(entity: EntityDef, name: string): HeaderTarget {
  if (name === 'key') return { kind: 'key' };
  const array = fileArraysOf(entity).find((a) => a.name === name);
  if (array) return { kind: 'array', array };
  const column = entity.columns.find((c) => c.name === name);
  return column && !column.serverOwned ? { kind: 'column', column } : { kind: 'ignore' };
}

/** Maps each header cell to a field: its name wins over labels; every problem is reported. */
export function mapHeader(entity: EntityDef, header: SheetRow): HeaderMapping {
  const { byName, byLabel } = headerNames(entity);
  const targets: (HeaderTarget | undefined)[] = [];
  const problems: MessageSpec[] = [];
  const seen = new Map<string, string>();
  const field = `rows.${header.number}`;
  header.cells.forEach((cell, index) => {
    const raw = cell === null || cell instanceof CellError ? '' : unneutralise(String(cell)).trim();
    const letter = columnLetter(index + 1);
    if (raw === '') return;
    const text = headerText(raw);
    const labelled = [...(byLabel.get(text) ?? [])];
    const name = byName.get(text) ?? (labelled.length === 1 ? labelled[0] : undefined);
    if (!name) {
      problems.push(
        labelled.length > 1
          ? {
              code: 'errors.importAmbiguousColumn',
              parameters: [raw, letter, labelled.join(', ')],
              field,
            }
          : { code: 'errors.importUnknownColumn', parameters: [raw, letter], field },
      );
      return;
    }
    const earlier = seen.get(name);
    if (earlier) {
      problems.push({
        code: 'errors.importDuplicateColumn',
        parameters: [name, earlier, letter],
        field,
      });
      return;
    }
    seen.set(name, letter);
    targets[index] = targetOf(entity, name);
  });
  return { targets, problems };
}
