import { z } from 'zod';
import { defineRoute } from './route';
import { IgnoreWarningsQuerySchema, type RootTable } from './tables';

/**
 * Export and import of a table as a spreadsheet (spec §7: POST /api/{table}/export and
 * /import). Columns are the entity's own fields; nested arrays (bank accounts) are not
 * part of either file.
 */

export const SPREADSHEET_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;
export type SpreadsheetFormat = keyof typeof SPREADSHEET_TYPES;

/** Keys a single export may name (the rows selected in a grid); without keys every row goes. */
export const EXPORT_MAX_KEYS = 20_000;
export const EXPORT_MAX_HEADERS = 200;

export const ExportQuerySchema = z.strictObject({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

/**
 * One column of the file: a field of the table (any column, or key, or displayTitle) and the
 * label its header cell shows.
 */
export const ExportHeaderSchema = z.strictObject({
  field: z.string().min(1).max(100),
  label: z.string().trim().max(200),
});
export type ExportHeader = z.infer<typeof ExportHeaderSchema>;

export const ExportBodySchema = z.strictObject({
  /** Rows to export, in this order; every row of the organisation when absent. */
  keys: z.array(z.string().max(64)).max(EXPORT_MAX_KEYS).optional(),
  /** Columns and their labels; the table's list columns with translated labels when absent. */
  headers: z.array(ExportHeaderSchema).min(1).max(EXPORT_MAX_HEADERS).optional(),
});
export type ExportBody = z.infer<typeof ExportBodySchema>;

export const ImportQuerySchema = IgnoreWarningsQuerySchema.extend({
  /** Check every row and report, write nothing. */
  dryRun: IgnoreWarningsQuerySchema.shape.ignoreWarnings,
});

/**
 * What an import did (or, with dryRun, would do). Rows are matched to existing records by
 * key (a key column) or by the table's unique column (e.g. code); a row equal to its record
 * counts as unchanged. undoId reverses the whole import in one step; null when nothing was
 * written.
 */
export const ImportResponseSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  dryRun: z.boolean(),
  undoId: z.string().nullable(),
});
export type ImportResponse = z.infer<typeof ImportResponseSchema>;

export const tableIoRoutes = {
  export: defineRoute({
    method: 'POST',
    path: '/api/cl/:name/export',
    summary:
      'Download rows as xlsx (default) or csv (UTF-8 with BOM, ";"-separated, decimal comma). ' +
      'Text cells starting with = + - @, tab or CR get a leading apostrophe.',
    access: 'organization',
    query: ExportQuerySchema,
    body: ExportBodySchema,
    download: [SPREADSHEET_TYPES.xlsx, SPREADSHEET_TYPES.csv],
  }),
  import: defineRoute({
    method: 'POST',
    path: '/api/cl/:name/import',
    summary:
      'Create and update rows from one xlsx or csv file (multipart, field "file"), all or ' +
      'nothing. Errors name their cell as field "rows.<row>.<field>" (row as the spreadsheet ' +
      'numbers it, header = 1). dryRun checks without writing.',
    access: 'organization',
    query: ImportQuerySchema,
    response: ImportResponseSchema,
    upload: { file: 'file', accept: [SPREADSHEET_TYPES.xlsx, 'text/csv'] },
  }),
};

/** Export and import of a root table (spec §7: doc, payOrder, payPackage) at /api/{name}. */
export function rootTableIoRoutes(name: RootTable) {
  return {
    export: { ...tableIoRoutes.export, path: `/api/${name}/export` },
    import: { ...tableIoRoutes.import, path: `/api/${name}/import` },
  };
}
