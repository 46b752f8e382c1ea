import type { ImportResponse } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { inScope, type Trx } from '../../db/scope';
import { AppError, forbidden, type MessageSpec } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/ids';
import { isSameValue } from './cell-values';
import { isTenantOwned, type EntityDef } from './entity';
import {
  changesRows,
  findChildren,
  planArrays,
  plansOfNew,
  writeArrays,
  type ArrayPlan,
} from './import-arrays';
import { inRow, naturalKeyOf, readRows, uniqueColumns, type ImportRow } from './import-rows';
import { commitJournal, newJournal } from './journal';
import { lockMessage, lockProblems } from './locks';
import { createWriteHooks, type WriteHooks } from './write-hooks';
import { toModel, type Model, type Row } from './model';
import { getListedEntity } from './registry';
import type { Owner } from './save';
import { insertRecords, updateRecords, validateRecords } from './save-many';
import * as repo from './tables.repository';
import { canWrite, type TableScope } from './tables.service';

/**
 * POST /api/cl/{name}/import: the rows of an xlsx or csv file (import-rows.ts) created or
 * updated with the engine's own checks (checkRecord, the uniqueness of validateRecord, the
 * entity's warnings) in one transaction: one failing row and nothing is written. Nested rows
 * with codes (bank accounts) come as one cell (import-arrays.ts). Rows match
 * existing records by a key column, else by the entity's unique column (code), so importing
 * the same file again updates and never duplicates.
 */

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** A longer report helps nobody: the user fixes these and imports again. */
export const MAX_REPORTED_ERRORS = 200;
const LOOKUP_CHUNK = 1000;

export interface ImportOptions {
  dryRun: boolean;
  ignoreWarnings: boolean;
}

/** Thrown to roll a dry run back after it did everything but commit. */
class DryRunDone extends Error {
  constructor(readonly result: ImportResponse) {
    super('dry run');
  }
}

/** Errors by row, reported in row order and at most MAX_REPORTED_ERRORS of them. */
class Report {
  private readonly errors: { row: number; problem: MessageSpec }[] = [];
  readonly warnings: MessageSpec[] = [];

  add(row: number, problems: MessageSpec[]) {
    for (const problem of problems) this.errors.push({ row, problem });
  }

  get hasErrors() {
    return this.errors.length > 0;
  }

  toError(): AppError {
    const sorted = [...this.errors].sort((a, b) => a.row - b.row).map((e) => e.problem);
    const shown = sorted.slice(0, MAX_REPORTED_ERRORS);
    const more =
      sorted.length > shown.length
        ? [{ code: 'errors.importMoreErrors', parameters: [MAX_REPORTED_ERRORS] }]
        : [];
    return new AppError(400, [...shown, ...more], this.warnings);
  }
}

export type TableImporter = ReturnType<typeof createTableImporter>;

export function createTableImporter(db: Db, hooks: WriteHooks = createWriteHooks()) {
  return {
    /** The table, once the caller may change it: checked before the upload is read. */
    writableEntity(name: string, scope: TableScope): EntityDef {
      const entity = getListedEntity(name);
      if (entity.canCreate === false) {
        throw new AppError(405, [{ code: 'errors.notAllowedOnTable', parameters: [entity.name] }]);
      }
      if (!canWrite(entity, scope.organization.roles)) throw forbidden('errors.noWriteRight');
      return entity;
    },

    async importFile(
      entity: EntityDef,
      scope: TableScope,
      bytes: Buffer,
      options: ImportOptions,
    ): Promise<ImportResponse> {
      const rows = await readRows(entity, bytes, IMPORT_MAX_ROWS);
      try {
        return await inScope(
          db,
          { userId: scope.user.id, organizationId: scope.organization.id },
          (trx) => writeRows(trx, entity, scope, rows, options, hooks),
        );
      } catch (error) {
        if (error instanceof DryRunDone) return error.result;
        throw error;
      }
    },
  };
}

/** The current record of every row that names one, locked for the update. */
async function findExisting(trx: Trx, entity: EntityDef, owner: Owner, rows: ImportRow[]) {
  const found = new Map<ImportRow, Row>();
  const lookups: { column: string; rows: ImportRow[]; valueOf: (row: ImportRow) => unknown }[] = [
    {
      column: 'key',
      rows: rows.filter((r) => r.key && UUID_PATTERN.test(r.key)),
      valueOf: (r) => r.key,
    },
    ...uniqueColumns(entity).map((c) => ({
      column: c.column,
      rows: rows.filter((r) => !r.key && naturalKeyOf(entity, r) === c),
      valueOf: (r: ImportRow) => r.input[c.name],
    })),
  ];
  for (const lookup of lookups) {
    for (let start = 0; start < lookup.rows.length; start += LOOKUP_CHUNK) {
      const chunk = lookup.rows.slice(start, start + LOOKUP_CHUNK);
      const records = await repo.findRows(
        trx,
        entity,
        owner.organizationId,
        { column: lookup.column, values: chunk.map(lookup.valueOf) },
        true,
      );
      const byValue = new Map(records.map((record) => [String(record[lookup.column]), record]));
      for (const row of chunk) {
        const record = byValue.get(String(lookup.valueOf(row)));
        if (record) found.set(row, record);
      }
    }
  }
  return found;
}

/** What a row will do: create a record, or update one with its changed fields and rows. */
interface Plan {
  row: ImportRow;
  model: Model;
  current?: Row;
  changes?: Model;
  arrays: ArrayPlan[];
}

/** Plans each row: a new record, an update of the changed fields, or nothing (unchanged). */
function planRows(
  entity: EntityDef,
  rows: ImportRow[],
  existing: Map<ImportRow, Row>,
  children: Map<string, Row[]>,
  report: Report,
) {
  const plans: Plan[] = [];
  let unchanged = 0;
  for (const row of rows) {
    if (row.problems.length > 0) {
      report.add(row.number, row.problems);
      continue;
    }
    const current = existing.get(row);
    if (row.key && !current) {
      report.add(row.number, [
        inRow(row.number, { code: 'errors.recordNotFound', parameters: [row.key], field: 'key' }),
      ]);
    } else if (!current) {
      const model = { ...entity.defaultModel?.(), ...row.input };
      plans.push({ row, model, arrays: plansOfNew(entity, model) });
    } else {
      const before = toModel(entity, current);
      const changes = Object.fromEntries(
        Object.entries(row.input).filter(([name, value]) => {
          const column = entity.columns.find((c) => c.name === name);
          return column !== undefined && !isSameValue(column.type, before[name], value);
        }),
      );
      const arrays = planArrays(entity, current, row.input, children);
      const rowsOf = Object.fromEntries(arrays.map((a) => [a.array.name, a.rows]));
      if (Object.keys(changes).length === 0 && !changesRows(arrays)) unchanged++;
      else
        plans.push({ row, current, changes, arrays, model: { ...before, ...changes, ...rowsOf } });
    }
  }
  return { plans, unchanged };
}

/** The engine's checks for every planned row, then the entity's warnings (spec §8). */
async function checkPlans(
  trx: Trx,
  entity: EntityDef,
  scope: TableScope,
  owner: Owner,
  plans: Plan[],
  options: ImportOptions,
  report: Report,
) {
  const problems = await validateRecords(
    trx,
    entity,
    owner,
    plans.map((plan) => ({
      model: plan.model,
      existingId: plan.current && String(plan.current.id),
    })),
  );
  for (const [index, plan] of plans.entries()) {
    const own = problems[index] ?? [];
    report.add(
      plan.row.number,
      own.map((p) => inRow(plan.row.number, p)),
    );
    if (own.length > 0 || !entity.warnings || options.ignoreWarnings) continue;
    const key = plan.current ? String(plan.current.key) : undefined;
    const warnings = await entity.warnings(plan.model, {
      db: trx,
      organizationId: scope.organization.id,
      key,
    });
    report.warnings.push(...warnings.map((w) => inRow(plan.row.number, w)));
  }
}

/** A row may not update a record the entity locks for this user (an archived document). */
async function checkLocks(
  trx: Trx,
  entity: EntityDef,
  scope: TableScope,
  plans: Plan[],
  report: Report,
) {
  const updates = plans.filter((plan) => plan.current);
  const problems = await lockProblems(
    entity,
    updates.map((plan) => toModel(entity, plan.current as Row)),
    { trx, userId: scope.user.id, roles: scope.organization.roles },
  );
  problems.forEach((problem, index) => {
    const row = updates[index]?.row.number ?? 0;
    if (problem) report.add(row, [inRow(row, lockMessage(problem))]);
  });
}

async function writeRows(
  trx: Trx,
  entity: EntityDef,
  scope: TableScope,
  rows: ImportRow[],
  options: ImportOptions,
  hooks: WriteHooks,
): Promise<ImportResponse> {
  const owner = { organizationId: isTenantOwned(entity) ? scope.organization.id : null };
  const report = new Report();
  const existing = await findExisting(trx, entity, owner, rows);
  const children = await findChildren(trx, entity, owner, [...existing.values()]);
  const { plans, unchanged } = planRows(entity, rows, existing, children, report);
  await checkPlans(trx, entity, scope, owner, plans, options, report);
  await checkLocks(trx, entity, scope, plans, report);
  if (report.hasErrors) throw report.toError();
  if (report.warnings.length > 0) throw new AppError(400, [], report.warnings);

  // Nothing failed: write. A dry run writes too, so database constraints speak, then rolls back.
  const journal = newJournal();
  const creates = plans.filter((plan) => !plan.current);
  const columnsOnly = (model: Model) =>
    Object.fromEntries(
      Object.entries(model).filter(([name]) => entity.columns.some((c) => c.name === name)),
    );
  const created = await insertRecords(
    trx,
    entity,
    owner,
    creates.map((plan) => columnsOnly(plan.model)),
    journal,
  );
  await updateRecords(
    trx,
    entity,
    owner,
    plans.flatMap(({ row, current, changes }) =>
      current && changes && Object.keys(changes).length > 0
        ? [
            {
              existing: current,
              model: changes,
              version: Number(current.version),
              field: `rows.${row.number}`,
            },
          ]
        : [],
    ),
    journal,
  );
  const createdRow = new Map(creates.map((plan, index) => [plan, created[index]]));
  await writeArrays(
    trx,
    owner,
    plans.flatMap((plan) => {
      const parent = plan.current ?? createdRow.get(plan);
      return parent && plan.arrays.length > 0
        ? [{ parentId: String(parent.id), plans: plan.arrays }]
        : [];
    }),
    journal,
  );
  const result = {
    created: creates.length,
    updated: plans.length - creates.length,
    unchanged,
    dryRun: options.dryRun,
    undoId: null,
  };
  if (options.dryRun) throw new DryRunDone(result);
  if (journal.operations.length === 0) return result;
  await hooks.run(trx, journal, owner.organizationId);
  const undoId = await commitJournal(trx, journal, {
    organizationId: scope.organization.id,
    userId: scope.user.id,
  });
  return { ...result, undoId };
}
