import { centsOf, centsText, compactCode, type Model, type Schema } from '@listina/forms';

/**
 * The rules of nested array rows (spec §3 grid rows, §4 array items), without React: new rows
 * get negative temporary ids, existing rows are only marked for delete, an array that must not
 * be empty gets a blank row, one default at a time, and bank accounts added once.
 */

export type Row = Model & { id?: unknown; markForDelete?: boolean };

/** The field of bank-account rows that only one row may hold (spec §4). */
export const DEFAULT_FLAG = 'isDefault';

export function rowsOf(value: unknown): Row[] {
  return Array.isArray(value)
    ? value.filter((row): row is Row => typeof row === 'object' && row !== null)
    : [];
}

/** Rows saved before (id >= 0); the others are new in this form. */
export function isExistingRow(row: Row): boolean {
  return typeof row.id === 'number' && row.id >= 0;
}

export const isLiveRow = (row: Row) => row.markForDelete !== true;

/** The next temporary id: -1, then -2, … below every id in use. */
export function nextTemporaryId(rows: readonly Row[]): number {
  const lowest = Math.min(0, ...rows.map((row) => (typeof row.id === 'number' ? row.id : 0)));
  return lowest - 1;
}

/**
 * A new row: the row schema's default row (inputProps.defaultRow, the server's default model
 * of the row entity) over every checkbox unticked.
 */
export function blankRow(schema: Schema, id: number): Row {
  const row: Row = { id };
  for (const field of schema.fields) {
    if (field.inputType === 'checkbox' || field.dataType === 'bool') row[field.name] = false;
  }
  const defaults = schema.inputProps?.defaultRow;
  const isObject = typeof defaults === 'object' && defaults !== null && !Array.isArray(defaults);
  return isObject ? { ...row, ...(defaults as Model), id } : row;
}

/**
 * What is left to allocate: the parent's total (inputProps.newRowRemainder.of) less the row field's
 * amounts (newRowRemainder.field) of the live rows, as a decimal string of two places; undefined
 * when the schema asks for none, the parent has no total, or nothing is left.
 */
export function remainderOf(rows: readonly Row[], schema: Schema, parent: Model): Model {
  const rule = schema.inputProps?.newRowRemainder as { field?: unknown; of?: unknown } | undefined;
  if (typeof rule?.field !== 'string' || typeof rule.of !== 'string') return {};
  const total = centsOf(parent[rule.of]);
  if (total === undefined) return {};
  const used = rows
    .filter(isLiveRow)
    .reduce((sum, row) => sum + (centsOf(row[rule.field as string]) ?? 0n), 0n);
  const left = total - used;
  if (left === 0n) return {};
  return { [rule.field]: centsText(left) };
}

export function addRow(rows: readonly Row[], schema: Schema, values: Model = {}): Row[] {
  return [...rows, { ...blankRow(schema, nextTemporaryId(rows)), ...values }];
}

/**
 * spec §4: an existing row is only marked for delete (hidden but sent, so the server deletes
 * it); a new one is dropped. When nothing is left and the schema says allowEmptyArray: false,
 * a blank row takes its place.
 */
export function removeRow(rows: readonly Row[], index: number, schema: Schema): Row[] {
  const row = rows[index];
  if (!row) return [...rows];
  const next = isExistingRow(row)
    ? rows.map((item, at) => (at === index ? { ...item, markForDelete: true } : item))
    : rows.filter((_, at) => at !== index);
  return ensureRow(next, schema);
}

/** A blank row when the schema refuses an empty array and no live row is left. */
export function ensureRow(rows: readonly Row[], schema: Schema): Row[] {
  if (schema.allowEmptyArray !== false || rows.some(isLiveRow)) return [...rows];
  return addRow(rows, schema);
}

/** Replaces a row; ticking the default flag on it clears it on every other row (spec §4). */
export function updateRow(rows: readonly Row[], index: number, row: Row): Row[] {
  const before = rows[index];
  const becameDefault = row[DEFAULT_FLAG] === true && before?.[DEFAULT_FLAG] !== true;
  return rows.map((item, at) => {
    if (at === index) return row;
    return becameDefault && item[DEFAULT_FLAG] === true ? { ...item, [DEFAULT_FLAG]: false } : item;
  });
}

/** How an account code is compared (spec §5): without spaces, upper case. */
export function accountKey(code: unknown): string {
  const compact = compactCode(code);
  return typeof compact === 'string' ? compact : '';
}

/** Bank-account rows: they carry an IBAN in `code` and the default flag. */
export function isBankAccountSchema(schema: Schema): boolean {
  const names = schema.fields.map((field) => field.name);
  return names.includes('code') && names.includes(DEFAULT_FLAG);
}

/**
 * spec §5 bank account search: adds the found accounts whose code is not in the list yet, each
 * with a new temporary id. A row marked for delete does not count: the server deletes before
 * it inserts, so the account may come back as a new row.
 * Returns the rows and the codes that were skipped.
 */
export function addAccounts(
  rows: readonly Row[],
  found: readonly Model[],
  schema: Schema,
): { rows: Row[]; skipped: string[] } {
  let next = [...rows];
  const skipped: string[] = [];
  const present = new Set(rows.filter(isLiveRow).map((row) => accountKey(row.code)));
  for (const account of found) {
    const key = accountKey(account.code);
    if (key === '') continue;
    if (present.has(key)) {
      skipped.push(key);
      continue;
    }
    present.add(key);
    const { id: _id, key: _key, ...values } = account;
    next = addRow(next, schema, { ...values, code: key });
  }
  return { rows: next, skipped };
}

/**
 * spec §5 bank account search: the found accounts a search offers — not in the list yet, each
 * once, and holding the typed text in their code (spaces and case ignored on both sides).
 */
export function offeredAccounts<T extends { account: Model }>(
  found: readonly T[],
  rows: readonly Row[],
  typed: string,
): T[] {
  const present = new Set(rows.filter(isLiveRow).map((row) => accountKey(row.code)));
  const needle = accountKey(typed);
  const seen = new Set<string>();
  return found.filter(({ account }) => {
    const key = accountKey(account.code);
    if (key === '' || present.has(key) || seen.has(key)) return false;
    seen.add(key);
    return key.includes(needle);
  });
}
