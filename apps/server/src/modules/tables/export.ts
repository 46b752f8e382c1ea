import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { loadExcel, type Excel } from './excel';
import {
  MAX_PAGE_SIZE,
  SPREADSHEET_TYPES,
  type ExportBody,
  type SpreadsheetFormat,
} from '@listina/contract';
import type { Db } from '../../db/create-db';
import { inScope, type Trx } from '../../db/scope';
import { AppError, notFound } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/ids';
import { translate, type Locale } from '../../plugins/i18n';
import { csvValue, EXTRA_FIELDS, labelOf, xlsxValue, type XlsxValue } from './cell-values';
import {
  isTenantOwned,
  type ArrayDef,
  type ColumnDef,
  type EntityDef,
  type ValueType,
} from './entity';
import { toModel, type Row } from './model';
import { arrayCellText, fileArraysOf } from './nested-cells';
import { findChildRows } from './nested-rows.repository';
import { getListedEntity } from './registry';
import { csvLine, neutralise } from './spreadsheet';
import * as repo from './tables.repository';
import type { TableScope } from './tables.service';
import { localDate } from '../../lib/local-date';

/**
 * POST /api/cl/{name}/export: the rows of a table as xlsx or csv, streamed. Rows are read in
 * keyset pages, each in its own short transaction, so a large table never sits in memory and
 * never holds the (PGlite) connection while a slow client downloads.
 */

/** CSV separator: ";" is what Excel expects under Slovenian (and most EU) regional settings. */
export const CSV_SEPARATOR = ';';
const PAGE_SIZE = MAX_PAGE_SIZE;

interface ExportColumn {
  field: string;
  label: string;
  type: ValueType;
  /** A nested array written as one cell (nested-cells.ts). */
  array?: ArrayDef;
}

export interface ExportRequest extends ExportBody {
  format: SpreadsheetFormat;
  locale: Locale;
  /** The caller's IANA zone (Time-Zone header), for the date in the file name. */
  timeZone: string | undefined;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  stream: Readable;
}

export type TableExporter = ReturnType<typeof createTableExporter>;

export function createTableExporter(db: Db) {
  const ownerOf = (entity: EntityDef, scope: TableScope) =>
    isTenantOwned(entity) ? scope.organization.id : null;
  const read = <T>(scope: TableScope, fn: (trx: Trx) => Promise<T>) =>
    inScope(db, { userId: scope.user.id, organizationId: scope.organization.id }, fn);

  /** Every row in the table's default order, one keyset page at a time. */
  async function* allPages(entity: EntityDef, columns: ColumnDef[], scope: TableScope) {
    const sort = defaultSortOf(entity);
    let after: unknown[] | undefined;
    for (;;) {
      const rows = await read(scope, (trx) =>
        repo.listRows(trx, entity, columns, {
          organizationId: ownerOf(entity, scope),
          sort,
          after,
          count: PAGE_SIZE,
          search: undefined,
          activeOnly: false,
        }),
      );
      const page = rows.slice(0, PAGE_SIZE);
      if (page.length > 0) yield page;
      const last = page[page.length - 1];
      if (rows.length <= PAGE_SIZE || !last) return;
      after = sort.map((_, i) => last[`sort_${i}`]);
    }
  }

  /** The named rows in the order given, a page of keys at a time. */
  async function* keyedPages(entity: EntityDef, keys: string[], scope: TableScope) {
    for (let start = 0; start < keys.length; start += PAGE_SIZE) {
      const chunk = keys.slice(start, start + PAGE_SIZE);
      const rows = await read(scope, (trx) =>
        repo.findRows(trx, entity, ownerOf(entity, scope), { column: 'key', values: chunk }),
      );
      const byKey = new Map(rows.map((row) => [String(row.key), row]));
      yield chunk.map((key) => byKey.get(key)).filter((row): row is Row => row !== undefined);
    }
  }

  /** A key of another organisation is as unknown as one that never existed: 404, nothing read. */
  async function requireKeys(entity: EntityDef, keys: string[], scope: TableScope) {
    const missing = keys.filter((key) => !UUID_PATTERN.test(key));
    for (let start = 0; start < keys.length; start += PAGE_SIZE) {
      const chunk = keys.slice(start, start + PAGE_SIZE).filter((key) => UUID_PATTERN.test(key));
      const found = await read(scope, (trx) =>
        repo.findRows(trx, entity, ownerOf(entity, scope), { column: 'key', values: chunk }),
      );
      const present = new Set(found.map((row) => String(row.key)));
      missing.push(...chunk.filter((key) => !present.has(key)));
    }
    if (missing.length > 0) {
      throw notFound('errors.recordNotFound', [missing.slice(0, 10).join(', ')]);
    }
  }

  /** The array cells of a page of records, by record id and array name. */
  async function arrayCells(trx: Trx, arrays: ArrayDef[], scope: TableScope, rows: Row[]) {
    const cells = new Map<string, Record<string, string>>();
    const ids = rows.map((row) => String(row.id));
    for (const array of arrays) {
      const children = await findChildRows(trx, array, ownerOf(array.entity, scope), ids);
      for (const id of ids) {
        const own = children.filter((child) => String(child[array.parentColumn ?? '']) === id);
        cells.set(id, { ...cells.get(id), [array.name]: arrayCellText(array, own) });
      }
    }
    return cells;
  }

  return {
    async exportTable(
      name: string,
      scope: TableScope,
      request: ExportRequest,
    ): Promise<ExportFile> {
      const entity = getListedEntity(name);
      const columns = exportColumns(entity, request);
      const keys = request.keys ? [...new Set(request.keys)] : undefined;
      if (keys) await requireKeys(entity, keys, scope);
      // Every column is read (displayTitle needs the title columns); a page is small anyway.
      const selected = entity.columns;
      const pages = keys ? keyedPages(entity, keys, scope) : allPages(entity, selected, scope);
      // The first page is read before answering, so a failure is still a JSON error.
      const first = await pages.next();
      const arrays = columns.flatMap((c) => (c.array ? [c.array] : []));
      const models = modelPages(entity, selected, first, pages, (rows) =>
        arrays.length > 0 ? read(scope, (trx) => arrayCells(trx, arrays, scope, rows)) : undefined,
      );
      const sheetName = translate(request.locale, entity.labelId);
      return {
        filename: `${entity.name}-${localDate(request.timeZone)}.${request.format}`,
        contentType: SPREADSHEET_TYPES[request.format],
        stream:
          request.format === 'csv'
            ? Readable.from(csvChunks(columns, models), { objectMode: false })
            : xlsxStream(await loadExcel(), sheetName, columns, models),
      };
    },
  };
}

async function* modelPages(
  entity: EntityDef,
  columns: ColumnDef[],
  first: IteratorResult<Row[]>,
  rest: AsyncIterator<Row[]>,
  arrayCells: (rows: Row[]) => Promise<Map<string, Record<string, string>>> | undefined,
): AsyncGenerator<Record<string, unknown>[]> {
  let current = first;
  while (!current.done) {
    const rows = current.value;
    const cells = await arrayCells(rows);
    yield rows.map((row) => ({
      ...toModel(entity, row, columns),
      ...cells?.get(String(row.id)),
    }));
    current = await rest.next();
  }
}

/** The columns of the file: the request's headers, or the list columns with translated labels. */
function exportColumns(entity: EntityDef, request: ExportRequest): ExportColumn[] {
  const arrays = fileArraysOf(entity);
  const known = [
    ...entity.columns.map((c) => c.name),
    ...arrays.map((a) => a.name),
    ...Object.keys(EXTRA_FIELDS),
  ];
  const typeOf = (field: string): ValueType =>
    entity.columns.find((c) => c.name === field)?.type ?? 'text';
  const arrayOf = (field: string) => arrays.find((a) => a.name === field);
  if (!request.headers) {
    return [
      ...entity.columns.filter((c) => c.list).map((c) => ({ field: c.name, type: c.type })),
      ...arrays.map((array) => ({ field: array.name, type: 'text' as const, array })),
    ].map((c) => ({ ...c, label: labelOf(entity, c.field, request.locale) }));
  }
  const unknown = request.headers
    .map((header, index) => ({ header, index }))
    .filter(({ header }) => !known.includes(header.field));
  if (unknown.length > 0) {
    throw new AppError(
      400,
      unknown.map(({ header, index }) => ({
        code: 'errors.exportUnknownField',
        parameters: [header.field, entity.name, known.join(', ')],
        field: `headers.${index}.field`,
      })),
    );
  }
  return request.headers.map((h) => {
    const array = arrayOf(h.field);
    return { field: h.field, label: h.label, type: typeOf(h.field), ...(array ? { array } : {}) };
  });
}

function defaultSortOf(entity: EntityDef): repo.SortKey[] {
  const keys = entity.defaultSort.split(',').flatMap((part) => {
    const [name = '', direction = 'asc'] = part.trim().split(/\s+/);
    const column = entity.columns.find((c) => c.name === name);
    return column ? [{ column, desc: direction.toLowerCase() === 'desc' }] : [];
  });
  return [...keys, { column: 'id', desc: keys[keys.length - 1]?.desc ?? false }];
}

async function* csvChunks(
  columns: ExportColumn[],
  pages: AsyncIterable<Record<string, unknown>[]>,
): AsyncGenerator<Buffer> {
  // The BOM makes Excel read the file as UTF-8 (č, š, ž) instead of the ANSI code page.
  yield Buffer.from(
    `\uFEFF${csvLine(
      columns.map((c) => neutralise(c.label)),
      CSV_SEPARATOR,
    )}`,
  );
  for await (const page of pages) {
    const lines = page.map((model) =>
      csvLine(
        columns.map((c) => csvValue(c.type, model[c.field])),
        CSV_SEPARATOR,
      ),
    );
    yield Buffer.from(lines.join(''));
  }
}

const NUMBER_FORMATS: Partial<Record<ValueType, string>> = {
  decimal: '0.00',
  date: 'dd.mm.yyyy',
  timestamp: 'dd.mm.yyyy hh:mm',
};

function xlsxStream(
  ExcelJS: Excel,
  sheetName: string,
  columns: ExportColumn[],
  pages: AsyncIterable<Record<string, unknown>[]>,
): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const write = async () => {
    const sheet = workbook.addWorksheet(safeSheetName(sheetName), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((c) => {
      const numFmt = NUMBER_FORMATS[c.type];
      return {
        header: neutralise(c.label),
        key: c.field,
        width: Math.min(50, Math.max(12, c.label.length + 2)),
        ...(numFmt ? { style: { numFmt } } : {}),
      };
    });
    sheet.getRow(1).font = { bold: true };
    for await (const page of pages) {
      for (const model of page) {
        const values: XlsxValue[] = columns.map((c) => xlsxValue(c.type, model[c.field]));
        sheet.addRow(values).commit();
      }
      // Backpressure: wait while the client is slower than the database.
      if (output.writableNeedDrain)
        await Promise.race([once(output, 'drain'), once(output, 'close')]);
      if (output.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/** Excel refuses sheet names over 31 characters or with : \ / ? * [ ]. */
const safeSheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
