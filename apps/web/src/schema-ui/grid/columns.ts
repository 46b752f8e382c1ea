import type { TableRecord } from '@listina/contract';
import {
  formatDate,
  formatNumber,
  formatTime,
  type Field,
  type NumberFormatOptions,
  type Schema,
} from '@listina/forms';
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN } from '../../app/constants';
import type { TFunction } from '../../app/i18n';
import { labelOf } from '../form/labels';
import { SECRET_MASK } from '../inputs/input-parts';
import { itemLabel, itemValue } from '../inputs/reference-items';

/** A grid column: a schema field the list rows carry, with its translated header. */
export interface GridColumn {
  field: Field;
  name: string;
  label: string;
  kind: 'text' | 'number' | 'bool';
  defaultWidth: number;
  /** A field of fixed items (spec §3 references.items): each stored value's text. */
  itemTexts?: ReadonlyMap<string, string>;
  /** In the table's default set (schema gridColumns); the others the user may switch on. */
  isDefault: boolean;
  /** Long text that gives way first when the columns are wider than the grid. */
  shrink: boolean;
}

/** The texts of a field's fixed items by their stored value, or undefined without items. */
function itemTextsOf(field: Field, t: TFunction): Map<string, string> | undefined {
  const references = field.references;
  if (!references?.items?.length) return undefined;
  return new Map(
    references.items.map((item) => [
      String(itemValue(item, references)),
      itemLabel(item, references, t),
    ]),
  );
}

/** Row properties every record has but that are not columns of their own (spec §3). */
const RECORD_PROPERTIES = new Set(['id', 'key', 'version', 'displayTitle']);
const NOT_A_COLUMN = new Set(['grid', 'btn', 'label']);

export const clampWidth = (width: number) =>
  Math.round(Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, width)));

/** The width the user gave the column, else its default. */
export const columnWidth = (column: GridColumn, widths: Readonly<Record<string, number>>) =>
  widths[column.name] ?? column.defaultWidth;

/** The names of the list row's own columns, or null while no row is loaded. */
export function rowColumnNames(rows: readonly TableRecord[]): string | null {
  const first = rows[0];
  if (!first) return null;
  return Object.keys(first)
    .filter((name) => !RECORD_PROPERTIES.has(name))
    .join(',');
}

function kindOf(field: Field): GridColumn['kind'] {
  if (field.dataType === 'bool' || field.inputType === 'checkbox') return 'bool';
  const numeric = ['int', 'decimal', 'currency'];
  if (numeric.includes(field.inputType ?? '') || numeric.includes(field.dataType ?? '')) {
    return 'number';
  }
  return 'text';
}

function defaultWidth(field: Field, kind: GridColumn['kind']): number {
  if (kind === 'bool') return 90;
  if (kind === 'number') return 120;
  if (field.dataType === 'date' || field.dataType === 'time') return 110;
  if (field.dataType === 'datetime') return 150;
  return clampWidth(Math.max(100, Math.min(field.maxLength ?? 30, 40) * 7));
}

function columnOf(
  field: Field,
  schema: Schema,
  t: TFunction,
  has: (key: string) => boolean,
  entry: { width?: number; hidden?: boolean; shrink?: boolean } = {},
): GridColumn {
  const kind = kindOf(field);
  return {
    field,
    name: field.name,
    label: labelOf(field, schema, t, has),
    kind,
    defaultWidth: entry.width ?? defaultWidth(field, kind),
    itemTexts: itemTextsOf(field, t),
    isDefault: entry.hidden !== true,
    shrink: entry.shrink === true,
  };
}

/**
 * The columns a grid offers, in their default order: the schema's gridColumns (issue 24: the
 * table's default set, then the columns the user may switch on), the same with no rows as
 * with many. A schema without them: the fields the list rows carry (names: comma list from
 * rowColumnNames), in schema order; before any row is known, every field a cell can show.
 */
export function gridColumns(
  schema: Schema,
  names: string | null,
  t: TFunction,
  has: (key: string) => boolean,
): GridColumn[] {
  if (schema.gridColumns) {
    return schema.gridColumns.flatMap((entry) => {
      const field = schema.fields.find((candidate) => candidate.name === entry.name);
      return field ? [columnOf(field, schema, t, has, entry)] : [];
    });
  }
  const listed = names === null ? null : new Set(names.split(','));
  return schema.fields
    .filter((field) =>
      listed ? listed.has(field.name) : !NOT_A_COLUMN.has(field.inputType ?? '') && !field.abstract,
    )
    .map((field) => columnOf(field, schema, t, has));
}

/**
 * The columns shown: the user's choice in its order (null: the default set). A chosen name
 * the grid no longer offers is left out; a choice left with none shows the defaults.
 */
export function shownColumns(
  offered: readonly GridColumn[],
  chosen: readonly string[] | null,
): GridColumn[] {
  const defaults = offered.filter((column) => column.isDefault);
  if (chosen === null) return defaults;
  const byName = new Map(offered.map((column) => [column.name, column]));
  const shown = chosen.flatMap((name) => byName.get(name) ?? []);
  return shown.length > 0 ? shown : defaults;
}

/** A long text column never gives way below this width. */
export const SHRINK_MIN_WIDTH = 80;

/**
 * The widths the columns take in a grid `available` pixels wide (issue 24): the user's or the
 * default widths; when they add up to more, the long text columns the user did not size give
 * way first, each in proportion to what it can give, down to SHRINK_MIN_WIDTH, so the status
 * and amount columns stay in view. `available` 0 (not measured) changes nothing.
 */
export function fittedWidths(
  columns: readonly GridColumn[],
  widths: Readonly<Record<string, number>>,
  available: number,
): Record<string, number> {
  const fitted = Object.fromEntries(
    columns.map((column) => [column.name, columnWidth(column, widths)]),
  );
  const total = Object.values(fitted).reduce((sum, width) => sum + width, 0);
  const excess = total - available;
  if (available <= 0 || excess <= 0) return fitted;
  const givers = columns.filter(
    (column) =>
      column.shrink && widths[column.name] === undefined && column.defaultWidth > SHRINK_MIN_WIDTH,
  );
  const room = givers.reduce((sum, column) => sum + column.defaultWidth - SHRINK_MIN_WIDTH, 0);
  if (room <= 0) return fitted;
  const share = Math.min(1, excess / room);
  for (const column of givers) {
    fitted[column.name] = Math.floor(
      column.defaultWidth - (column.defaultWidth - SHRINK_MIN_WIDTH) * share,
    );
  }
  return fitted;
}

function decimalPlaces(value: unknown, field: Field): number {
  if (field.dataType === 'int' || field.inputType === 'int') return 0;
  const fraction = /\.(\d+)$/.exec(String(value))?.[1];
  // Shows every digit the server sent, and at least the spec §5 default of two.
  return Math.max(2, fraction?.length ?? 0);
}

/** A datetime in the user's local time, in the spec §3 formats (dd.mm.yyyy hh:nn). */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A cell's text with the user's separators and the spec §3 date and time formats. */
export function formatCell(
  column: GridColumn,
  value: unknown,
  numbers: NumberFormatOptions,
): string {
  if (value === null || value === undefined || value === '') return '';
  // A secret (issue 25: a mailbox's password) is never shown, only that it is set.
  if (column.field.inputType === 'password') return SECRET_MASK;
  // A column of several values (organizationMember.roles) shows them joined, each formatted.
  if (Array.isArray(value)) {
    return value
      .map((item) => formatCell(column, item, numbers))
      .filter((text) => text !== '')
      .join(', ');
  }
  const itemText =
    typeof value === 'string' || typeof value === 'number'
      ? column.itemTexts?.get(String(value))
      : undefined;
  if (itemText !== undefined) return itemText;
  if (column.kind === 'number' && (typeof value === 'number' || typeof value === 'string')) {
    return formatNumber(value, { ...numbers, places: decimalPlaces(value, column.field) });
  }
  if (typeof value === 'string') {
    switch (column.field.dataType) {
      case 'date':
        return formatDate(value) || value;
      case 'time':
        return formatTime(value) || value;
      case 'datetime':
        return formatDateTime(value);
      default:
        return value;
    }
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
