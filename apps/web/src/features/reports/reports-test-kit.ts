import { vi } from 'vitest';
import {
  json,
  organizations,
  signedIn,
  type Handler,
  type RecordedCall,
} from '../../test/fake-api';

/**
 * What the tests of the reports page share (issue 27): a signed-in member of one organisation
 * whose server answers the given reports, the calls it was asked, a table's cells as the user
 * reads them, and the .xlsx the page saves, read back with the same library that wrote it.
 */
export function reportsApi(handlers: Record<string, Handler>, orgCount = 1) {
  return signedIn(organizations(orgCount), {
    ...handlers,
    'GET /api/cl/:table': () => json({ items: [], nextCursor: null }),
  });
}

const queryOf = (call: RecordedCall) =>
  Object.fromEntries(new URL(call.path, 'http://localhost').searchParams);

/** The queries of the calls to one path. */
export const reportCalls = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.path.split('?')[0] === path).map(queryOf);

/** A table row's cells as the user reads them. */
export const cellsOf = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

/** A table's column headers. */
export const headersOf = (table: HTMLElement) =>
  [...table.querySelectorAll('thead th')].map((cell) => cell.textContent);

/** An amount as the page writes it: the user's separators, a no-break space, the currency. */
export const money = (amount: string, currency = 'EUR') => `${amount}\u00a0${currency}`;

/**
 * Catches the files the page saves (it hands a Blob URL to a link it clicks) and reads an
 * .xlsx back as rows of cell values, as a spreadsheet holds them.
 */
export function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let pending: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    pending = blob as Blob;
    return 'blob:report';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (pending) files.push({ name: this.download, blob: pending });
  });
  return files;
}

export async function xlsxRows(blob: Blob): Promise<unknown[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow({ includeEmpty: true }, (row) => {
    rows[row.number - 1] = (row.values as unknown[]).slice(1);
  });
  return Array.from(rows, (row) => row ?? []);
}
