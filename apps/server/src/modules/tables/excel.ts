/**
 * exceljs costs ~0.75 s to load: it is loaded on the first spreadsheet export or import, not
 * at start-up (bench/README.md, cold start).
 */
import type * as ExcelModule from 'exceljs';

export type Excel = typeof ExcelModule;

let excel: Promise<Excel> | undefined;

export function loadExcel(): Promise<Excel> {
  excel ??= import('exceljs').then((module) => (module as { default?: Excel }).default ?? module);
  return excel;
}
