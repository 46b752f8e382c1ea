import type { Trx } from '../../db/scope';
import type { ArrayDef, EntityDef } from './entity';
import type { Journal } from './journal';
import { toModel, type Model, type Row } from './model';
import { fileArraysOf } from './nested-cells';
import type { Owner } from './save';
import { insertRecords, updateRecords } from './save-many';
import { findChildRows } from './nested-rows.repository';

/**
 * The nested rows (bank accounts) an import file names for its records (ADR 0006): rows with
 * a code the record lacks are added, and a flagged row (the default) takes the flag from the
 * others; rows the file does not name are kept, so importing never deletes an account.
 */

export interface ArrayPlan {
  array: ArrayDef;
  /** New rows (negative ids, as a form sends them). */
  add: Model[];
  /** Stored rows whose flag changes. */
  flags: { row: Row; value: boolean }[];
  /** The rows the record will have: what the engine's checks see. */
  rows: Model[];
}

const LOOKUP_CHUNK = 1000;
const codeColumnOf = (array: ArrayDef) =>
  array.entity.columns.find((c) => c.name === 'code')?.column ?? 'code';
const childKey = (array: ArrayDef, parentId: unknown) => `${array.name}:${String(parentId)}`;

/** The stored rows of the file's arrays of these records, by childKey. */
export async function findChildren(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  records: Row[],
): Promise<Map<string, Row[]>> {
  const children = new Map<string, Row[]>();
  const ids = records.map((r) => String(r.id));
  for (const array of fileArraysOf(entity)) {
    const parentColumn = array.parentColumn ?? '';
    for (let start = 0; start < ids.length; start += LOOKUP_CHUNK) {
      const chunk = ids.slice(start, start + LOOKUP_CHUNK);
      const rows = await findChildRows(trx, array, owner.organizationId, chunk, true);
      for (const row of rows) {
        const key = childKey(array, row[parentColumn]);
        children.set(key, [...(children.get(key) ?? []), row]);
      }
    }
  }
  return children;
}

/** What the file's rows of each array change on a stored record. */
export function planArrays(
  entity: EntityDef,
  record: Row,
  input: Model,
  children: Map<string, Row[]>,
): ArrayPlan[] {
  return fileArraysOf(entity).flatMap((array) => {
    const wanted = input[array.name] as Model[] | undefined;
    if (!wanted) return [];
    const stored = children.get(childKey(array, record.id)) ?? [];
    const code = codeColumnOf(array);
    const storedCodes = new Set(stored.map((row) => String(row[code])));
    const add = wanted.filter((row) => !storedCodes.has(String(row.code)));
    const flag = array.entity.columns.find((c) => c.name === array.oneTrue);
    const flagged = flag ? wanted.find((row) => row[flag.name] === true) : undefined;
    const flags =
      flag && flagged
        ? stored.flatMap((row) => {
            const value = String(row[code]) === String(flagged.code);
            return value === (row[flag.column] === true) ? [] : [{ row, value }];
          })
        : [];
    const rows = [
      ...stored.map((row) => {
        const change = flags.find((f) => f.row === row);
        const model = toModel(array.entity, row);
        return change && flag ? { ...model, [flag.name]: change.value } : model;
      }),
      ...add,
    ];
    return [{ array, add, flags, rows }];
  });
}

export const changesRows = (plans: ArrayPlan[]) =>
  plans.some((plan) => plan.add.length > 0 || plan.flags.length > 0);

/** New rows of records just created: each array's rows of the record's model. */
export const plansOfNew = (entity: EntityDef, model: Model): ArrayPlan[] =>
  fileArraysOf(entity).flatMap((array) => {
    const rows = model[array.name] as Model[] | undefined;
    return rows ? [{ array, add: rows, flags: [], rows }] : [];
  });

/**
 * Writes the planned rows of many records, journalled as a save's nested rows are: one insert
 * statement per array for the new rows, one update per array for the moved flags.
 */
export async function writeArrays(
  trx: Trx,
  owner: Owner,
  records: { parentId: string; plans: ArrayPlan[] }[],
  journal: Journal,
) {
  const arrays = new Set(records.flatMap((r) => r.plans.map((p) => p.array)));
  for (const array of arrays) {
    const parentColumn = array.parentColumn ?? '';
    const ofArray = records.flatMap((r) =>
      r.plans.filter((p) => p.array === array).map((plan) => ({ parentId: r.parentId, plan })),
    );
    const added = ofArray.flatMap(({ parentId, plan }) =>
      plan.add.map((model) => ({ model, extra: { [parentColumn]: parentId } })),
    );
    await insertRecords(
      trx,
      array.entity,
      owner,
      added.map((a) => a.model),
      journal,
      added.map((a) => a.extra),
    );
    const flag = array.oneTrue ?? '';
    await updateRecords(
      trx,
      array.entity,
      owner,
      ofArray.flatMap(({ plan }) =>
        plan.flags.map(({ row, value }) => ({
          existing: row,
          model: { [flag]: value },
          version: Number(row.version),
        })),
      ),
      journal,
    );
  }
}
