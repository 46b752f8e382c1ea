import { saveFile } from '../../schema-ui/grid/table-files';
import type { Sheet } from './report-model';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Writes a report's sheet into an .xlsx in the browser and saves it. exceljs (the server's
 * spreadsheet library, stack.md) is loaded only here, into its own chunk, so the reports page
 * opens without it. Amounts go in as numbers with two decimals, so a spreadsheet sums them.
 */
export async function exportXlsx(sheet: Sheet, filename: string): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31));
  for (const row of sheet.rows) {
    const added = worksheet.addRow(
      row.map((cell) => (cell !== null && typeof cell === 'object' ? Number(cell.amount) : cell)),
    );
    row.forEach((cell, index) => {
      if (cell !== null && typeof cell === 'object') added.getCell(index + 1).numFmt = '#,##0.00';
    });
  }
  worksheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 36 : 16;
  });
  const buffer = await workbook.xlsx.writeBuffer();
  saveFile(new Blob([buffer], { type: XLSX_TYPE }), filename);
}
