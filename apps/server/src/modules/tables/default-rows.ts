import type { TableRecord } from '@listina/contract';
import type { ArrayDef } from './entity';

/**
 * spec §3 grid rows' `isDefaultModel`: the row of a nested grid that is its parent's default
 * (the one whose `oneTrue` flag is set, e.g. the default bank account), so that every grid
 * marks it the same way without knowing which flag makes a row the default.
 */
export function markDefaultRow(array: ArrayDef, row: TableRecord): TableRecord {
  return array.oneTrue && row[array.oneTrue] === true ? { ...row, isDefaultModel: true } : row;
}
