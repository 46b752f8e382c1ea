import { isEmptyValue } from '@listina/forms';
import { AppError, badRequest, type MessageSpec } from '../../lib/errors';
import { importValue, mapHeader, type HeaderMapping } from './cell-values';
import type { ColumnDef, EntityDef } from './entity';
import type { Model } from './model';
import { cleanInput } from './save';
import { parseArrayCell } from './nested-cells';
import { CellError, readSheet, sniffFormat, unneutralise, type SheetRow } from './spreadsheet';

/**
 * An import file as rows of cleaned input: format from the bytes, header cells mapped to
 * fields, every cell converted to its column's type, and values a row must not share with
 * another row of the file flagged. Nested arrays with codes (bank accounts) are one cell each
 * (nested-cells.ts).
 * Problems name their cell as `rows.<row>.<field>`, the row as the spreadsheet shows it.
 */

export interface ImportRow {
  number: number;
  /** The file's values, cleaned as a save cleans a body (trimmed, normalised). */
  input: Model;
  /** The record key from a key column, when the file has one. */
  key: string | undefined;
  problems: MessageSpec[];
}

export const inRow = (row: number, problem: MessageSpec): MessageSpec => ({
  ...problem,
  field: problem.field ? `rows.${row}.${problem.field}` : `rows.${row}`,
});

export const uniqueColumns = (entity: EntityDef) =>
  entity.columns.filter((c) => c.unique && !c.serverOwned);

/** The unique column a row is matched by: the first one the row has a value for. */
export function naturalKeyOf(entity: EntityDef, row: ImportRow): ColumnDef | undefined {
  return uniqueColumns(entity).find((c) => !isEmptyValue(row.input[c.name]));
}

/** The rows of the file, or the file's problems (415 format, 400 size, header). */
export async function readRows(
  entity: EntityDef,
  bytes: Buffer,
  maxRows: number,
): Promise<ImportRow[]> {
  const format = sniffFormat(bytes);
  if (format === 'xls')
    throw new AppError(415, [{ code: 'errors.importLegacyXls', field: 'file' }]);
  if (!format) throw new AppError(415, [{ code: 'errors.importFileType', field: 'file' }]);
  const sheet = await readSheet(bytes, format, maxRows);
  if (!sheet) throw badRequest('errors.importEmpty', [], 'file');
  const mapping = mapHeader(entity, sheet.header);
  if (mapping.problems.length > 0) throw new AppError(400, mapping.problems);
  const rows = sheet.rows.map((row) => parseRow(entity, mapping, row));
  markDuplicates(entity, rows);
  return rows;
}

function parseRow(entity: EntityDef, mapping: HeaderMapping, row: SheetRow): ImportRow {
  const input: Model = {};
  const problems: MessageSpec[] = [];
  let key: string | undefined;
  mapping.targets.forEach((target, index) => {
    const cell = row.cells[index] ?? null;
    if (!target || target.kind === 'ignore') return;
    if (target.kind === 'key') {
      const text = cell === null || cell instanceof CellError ? '' : String(cell).trim();
      key = text === '' ? undefined : text.toLowerCase();
      return;
    }
    if (target.kind === 'array') {
      // A blank cell leaves the record's rows as they are.
      const text = cell === null || cell instanceof CellError ? '' : unneutralise(String(cell));
      const rows = parseArrayCell(target.array, text);
      if (rows.length > 0) input[target.array.name] = rows;
      return;
    }
    const parsed = importValue(target.column, cell);
    if ('problem' in parsed) {
      problems.push(inRow(row.number, { ...parsed.problem, field: target.column.name }));
    } else {
      input[target.column.name] = parsed.value;
    }
  });
  return { number: row.number, input: cleanInput(entity, input), key, problems };
}

/** A key or unique value twice in the file would update one record twice: refused. */
function markDuplicates(entity: EntityDef, rows: ImportRow[]) {
  const fields = [
    { name: 'key', valueOf: (row: ImportRow) => row.key },
    ...uniqueColumns(entity).map((c) => ({
      name: c.name,
      valueOf: (row: ImportRow) => row.input[c.name],
    })),
  ];
  for (const { name, valueOf } of fields) {
    const firstRow = new Map<string, number>();
    for (const row of rows) {
      const value = valueOf(row);
      if (isEmptyValue(value)) continue;
      const text = String(value);
      const first = firstRow.get(text);
      if (first === undefined) firstRow.set(text, row.number);
      else {
        row.problems.push(
          inRow(row.number, {
            code: 'errors.importDuplicateRow',
            parameters: [text, first],
            field: name,
          }),
        );
      }
    }
  }
}
