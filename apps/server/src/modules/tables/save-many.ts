import type { Trx } from '../../db/scope';
import type { MessageSpec } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import type { EntityDef } from './entity';
import { diff, type Journal } from './journal';
import { searchTextOf, toColumnValues, type Model } from './model';
import { checkRecord, type Owner } from './save';
import * as repo from './tables.repository';

/**
 * validateRecord and insertRecord for many records at once (table import): the same rules and
 * the same row mapping and journal, with a query per chunk instead of one per record, since
 * round trips, not the work itself, decide how long 10,000 rows take.
 */

const CHUNK = 1000;
/** Rows per insert statement: well under PostgreSQL's 65,535 bound parameters. */
const INSERT_CHUNK = 500;

export interface RecordToCheck {
  model: Model;
  /** The record's id when it is an update (its own value is no duplicate). */
  existingId: string | undefined;
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

const shown = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/**
 * checkRecord for each record, then uniqueness as validateRecord has it: a value of a unique
 * column that another row of the owner holds, or that an earlier record of the batch claims,
 * is a duplicate. Returns the problems of each record, in order.
 */
export async function validateRecords(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  records: RecordToCheck[],
): Promise<MessageSpec[][]> {
  const problems = records.map((record) => checkRecord(entity, record.model));
  for (const column of entity.columns.filter((c) => c.unique)) {
    const pending = records
      .map((record, index) => ({ record, index, value: record.model[column.name] }))
      .filter(({ index, value }) => {
        const failed = problems[index]?.some((p) => p.field === column.name);
        return !isBlank(value) && !failed;
      });
    const holders = new Map<string, string[]>();
    for (let start = 0; start < pending.length; start += CHUNK) {
      const values = pending.slice(start, start + CHUNK).map((p) => p.value);
      const rows = await repo.findRows(trx, entity, owner.organizationId, {
        column: column.column,
        values,
      });
      for (const row of rows) {
        const value = String(row[column.column]);
        holders.set(value, [...(holders.get(value) ?? []), String(row.id)]);
      }
    }
    const claimed = new Set<string>();
    for (const { record, index, value } of pending) {
      const text = String(value);
      const held = (holders.get(text) ?? []).some((id) => id !== record.existingId);
      if (held || claimed.has(text)) {
        problems[index]?.push({
          code: 'errors.duplicateValue',
          parameters: [shown(value)],
          field: column.name,
        });
      }
      claimed.add(text);
    }
  }
  return problems;
}

/**
 * Inserts records of their columns only (nested arrays are not written) and journals each as
 * insertRecord does: an undo operation and a field-level audit entry.
 */
export async function insertRecords(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  models: Model[],
  journal: Journal,
) {
  for (let start = 0; start < models.length; start += INSERT_CHUNK) {
    const values = models.slice(start, start + INSERT_CHUNK).map((model) => ({
      ...toColumnValues(entity, model),
      key: uuidv7(),
      search_text: searchTextOf(entity, model),
    }));
    const rows = await repo.insertRows(trx, entity, owner.organizationId, values);
    for (const row of rows) {
      const key = String(row.key);
      journal.operations.push({
        kind: 'created',
        entity: entity.name,
        id: String(row.id),
        key,
        version: Number(row.version),
      });
      journal.audit.push({ entity, key, action: 'create', changes: diff(entity, undefined, row) });
    }
  }
}
