import { Readable } from 'node:stream';
import { loadExcel } from './excel';
import { checkedXlsx } from './xlsx-check';
import type { SpreadsheetFormat } from '@listina/contract';
import { AppError, badRequest } from '../../lib/errors';

/**
 * The two file formats of table export and import: recognising them from their bytes,
 * reading them into rows of cells, writing CSV, and keeping text cells from being run as
 * formulas when a spreadsheet opens the file.
 */

/** A cell as read from a file; CSV cells are always text. */
export type Cell = string | number | boolean | Date | null | CellError;

/** A cell holding a spreadsheet error (#N/A, #VALUE!): never a value to import. */
export class CellError {
  constructor(readonly text: string) {}
}

export interface SheetRow {
  /** The row number a spreadsheet shows (the header is row 1 in a file that starts with it). */
  number: number;
  cells: Cell[];
}

export interface Sheet {
  header: SheetRow;
  rows: SheetRow[];
}

// OWASP "CSV injection": a cell starting with one of these is a formula to Excel and Calc.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** Prefixes a text that a spreadsheet would run as a formula with an apostrophe. */
export const neutralise = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** Undoes neutralise on import, so an exported file reads back unchanged. */
export const unneutralise = (text: string): string =>
  NEUTRALISED.test(text) ? text.slice(1) : text;

/** xlsx by its zip signature, csv by being text; undefined for anything else. */
export function sniffFormat(bytes: Buffer): SpreadsheetFormat | 'xls' | undefined {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  if (bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) return 'xls';
  return looksLikeText(bytes.subarray(0, 64 * 1024)) ? 'csv' : undefined;
}

function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return true;
  if (head[0] === 0xff && head[1] === 0xfe) return true; // UTF-16LE ("Unicode text" of Excel)
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return control <= head.length / 100;
}

/**
 * Text of a CSV file: UTF-8 with or without BOM, UTF-16LE with BOM, and otherwise
 * Windows-1250, which is what Excel on a Slovenian Windows writes as "CSV".
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

/** The separator of the header line: the most frequent of ; , and tab outside quotes. */
export function detectSeparator(text: string): string {
  const counts = new Map([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ';';
  for (const [separator, count] of counts) if (count > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/**
 * RFC 4180 records: quoted fields may hold separators, line breaks and doubled quotes; CRLF,
 * LF and CR all end a record. Blank lines stay (as empty records) so record numbers are the
 * row numbers a spreadsheet shows. Throws past maxRows non-blank records after the header.
 */
export function parseCsv(text: string, maxRows: number): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const separator = detectSeparator(body);
  const records: string[][] = [];
  let filled = 0;
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let quoteStart = 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    if (record.some((f) => f.trim() !== '') && ++filled > maxRows + 1) throw tooManyRows(maxRows);
    record = [];
    field = '';
  };
  for (let i = 0; i < body.length; i++) {
    const char = body.charAt(i);
    if (quoted) {
      if (char !== '"') {
        field += char;
      } else if (body.charAt(i + 1) === '"') {
        field += '"';
        i++;
      } else {
        quoted = false;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteStart = records.length + 1;
    } else if (char === separator) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body.charAt(i + 1) === '\n') i++;
      endRecord();
    } else {
      field += char;
    }
  }
  if (quoted) {
    throw new AppError(400, [{ code: 'errors.importUnclosedQuote', field: `rows.${quoteStart}` }]);
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

export const tooManyRows = (maxRows: number) =>
  badRequest('errors.importTooManyRows', [maxRows], 'file');

const isBlank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

/** Reads the first worksheet (xlsx) or the records (csv); the first non-blank row is the header. */
export async function readSheet(
  bytes: Buffer,
  format: SpreadsheetFormat,
  maxRows: number,
): Promise<Sheet | undefined> {
  const rows =
    format === 'csv'
      ? parseCsv(decodeText(bytes), maxRows).map((cells, index) => ({ number: index + 1, cells }))
      : await readXlsxRows(bytes, maxRows);
  const filled = rows.filter((row) => !row.cells.every(isBlank));
  const [header, ...data] = filled;
  return header ? { header, rows: data } : undefined;
}

/** The rows of one Excel worksheet at most (Excel 2007 and later). */
const EXCEL_MAX_ROWS = 1_048_576;

async function readXlsxRows(bytes: Buffer, maxRows: number): Promise<SheetRow[]> {
  // Checked within bounds first: a ZIP bomb is refused before exceljs inflates anything.
  const checked = checkedXlsx(bytes);
  const ExcelJS = await loadExcel();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([checked]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // date-formatted numbers come back as Dates
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: SheetRow[] = [];
  let sheets = 0;
  let read = 0;
  try {
    for await (const worksheet of reader) {
      // Only the first sheet is imported; the others are passed over unread.
      if (sheets++ > 0) continue;
      for await (const row of worksheet) {
        // Blank rows are skipped but not free: more rows than a sheet holds is no spreadsheet.
        if (++read > EXCEL_MAX_ROWS) throw badRequest('errors.importUnreadable', ['xlsx'], 'file');
        const values = Array.isArray(row.values) ? row.values : [];
        const cells = values.slice(1).map((value: unknown) => toCell(value));
        if (cells.every(isBlank)) continue;
        rows.push({ number: row.number, cells });
        if (rows.length > maxRows + 1) throw tooManyRows(maxRows);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('errors.importUnreadable', ['xlsx'], 'file');
  }
  if (sheets === 0) throw new AppError(415, [{ code: 'errors.importFileType', field: 'file' }]);
  return rows;
}

/** An exceljs cell value as a plain cell: formulas give their result, rich text its text. */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (value instanceof Date) return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'object') return null;
  const object = value as Record<string, unknown>;
  if ('error' in object)
    return new CellError(typeof object.error === 'string' ? object.error : '#ERROR');
  if ('result' in object) return toCell(object.result);
  if ('formula' in object || 'sharedFormula' in object) return null;
  if (Array.isArray(object.richText)) {
    return (object.richText as { text?: unknown }[])
      .map((part) => (typeof part.text === 'string' ? part.text : ''))
      .join('');
  }
  if ('text' in object) return toCell(object.text);
  return null;
}

/**
 * One CSV record with CRLF. A field is quoted when it holds a quote, a line break, outer
 * spaces or any separator an importer might detect (; , tab), so detection reads our files
 * exactly.
 */
export function csvLine(fields: readonly string[], separator = ';'): string {
  const quoted = fields.map((field) =>
    /[";,\t\r\n]|^\s|\s$/.test(field) ? `"${field.replace(/"/g, '""')}"` : field,
  );
  return `${quoted.join(separator)}\r\n`;
}

/** Spreadsheet column letters: 1 → A, 27 → AA (used to name a header cell in messages). */
export function columnLetter(index: number): string {
  let n = index;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
