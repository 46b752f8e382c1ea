import type { ArrayDef, EntityDef } from './entity';
import type { Model, Row } from './model';

/**
 * Nested arrays in export and import files (ADR 0006): a record's rows of an array whose
 * entity has a code (a partner's bank accounts: IBANs) travel as one text cell, the codes
 * separated by "; ", the flagged row (the default account) first and marked with "*":
 * `SI56191000000123438*; DE89370400440532013000`. Import reads the cell back into rows that
 * the engine checks like rows of a form.
 */

export const ROW_SEPARATOR = '; ';
export const FLAG_MARK = '*';

/** The arrays of an entity that a file carries. */
export const fileArraysOf = (entity: EntityDef): ArrayDef[] =>
  (entity.arrays ?? []).filter(
    (a) => a.parentColumn !== null && a.entity.columns.some((c) => c.name === 'code'),
  );

const flagColumnOf = (array: ArrayDef) =>
  array.entity.columns.find((c) => c.name === array.oneTrue);

/** The cell of a record's rows (as read from SQL): flagged first, then in the order added. */
export function arrayCellText(array: ArrayDef, rows: Row[]): string {
  const code = array.entity.columns.find((c) => c.name === 'code')?.column ?? 'code';
  const flag = flagColumnOf(array)?.column;
  const isFlagged = (row: Row) => flag !== undefined && row[flag] === true;
  return [...rows]
    .sort((a, b) => Number(isFlagged(b)) - Number(isFlagged(a)) || Number(a.id) - Number(b.id))
    .map((row) => `${String(row[code])}${isFlagged(row) ? FLAG_MARK : ''}`)
    .join(ROW_SEPARATOR);
}

/**
 * A cell as new rows (negative ids, as a form sends them): codes separated by ";" or line
 * breaks, a trailing "*" flags its row. Spaces inside a code stay for the code's own
 * normalise (an IBAN typed in groups of four).
 */
export function parseArrayCell(array: ArrayDef, text: string): Model[] {
  const flag = array.oneTrue;
  return text
    .split(/[;\r\n]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part, index) => {
      const flagged = part.endsWith(FLAG_MARK);
      const code = flagged ? part.slice(0, -FLAG_MARK.length).trim() : part;
      return { id: -(index + 1), code, ...(flag ? { [flag]: flagged } : {}) };
    });
}
