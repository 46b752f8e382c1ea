import type { TableRecord } from '@listina/contract';
import type { Trx } from '../../db/scope';
import { AppError, conflict, type MessageSpec } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/ids';
import type { EntityDef } from './entity';
import { journalUpdate, type Journal } from './journal';
import { toModel, type Model, type Row } from './model';
import { getListedEntity } from './registry';
import { cleanInput, insertRecord, validateRecord, type Owner } from './save';
import { updateRowsAt } from './save-many';
import { setOwnedColumns } from './state-change';
import * as repo from './tables.repository';
import type { TableScope } from './tables.service';

/** What TablesService.batch hands its work: journaled writes in one transaction. */
export interface BatchTools {
  trx: Trx;
  journal: Journal;
  read(name: string, key: string): Promise<TableRecord>;
  /** The records of these keys that the organisation has (one query; nested arrays left out). */
  readMany(name: string, keys: string[]): Promise<TableRecord[]>;
  /**
   * Validates and inserts a record as POST would (its warnings gathered, seeing `extra.model`
   * too); `extra.columns` sets server-owned SQL columns (a source document, a state).
   */
  create(
    name: string,
    model: Model,
    extra?: { columns?: Record<string, unknown>; model?: Model },
  ): Promise<TableRecord>;
  /** Sets server-owned values (API names) at the record's version. */
  setOwned(name: string, record: TableRecord, values: Record<string, unknown>): Promise<void>;
  /** setOwned of many records in a few statements (a statement of 10,000 entries). */
  setOwnedMany(
    name: string,
    updates: { record: TableRecord; values: Record<string, unknown> }[],
  ): Promise<TableRecord[]>;
  /** Warnings of the work's own: the write waits for ignoreWarnings. */
  warn(warnings: MessageSpec[]): void;
}

/** The batch's transaction, journal and caller, and where its warnings go. */
export interface BatchContext {
  trx: Trx;
  journal: Journal;
  scope: TableScope;
  ignoreWarnings: boolean;
  warnings: MessageSpec[];
}

/** What the tables service lends a batch: its reads and checks. */
export interface BatchDeps {
  readModel: (trx: Trx, entity: EntityDef, scope: TableScope, key: string) => Promise<TableRecord>;
  ownerOf: (entity: EntityDef, scope: TableScope) => Owner;
  requireWrite: (entity: EntityDef, scope: TableScope) => void;
}

/** The tools of TablesService.batch over one transaction and journal. */
export function batchTools(
  { trx, journal, scope, ignoreWarnings, warnings }: BatchContext,
  { readModel, ownerOf, requireWrite }: BatchDeps,
): BatchTools {
  const readRows = new Map<string, Row>();
  return {
    trx,
    journal,
    read: (name, key) => readModel(trx, getListedEntity(name), scope, key),
    async readMany(name, keys) {
      const entity = getListedEntity(name);
      const valid = keys.map((k) => k.toLowerCase()).filter((k) => UUID_PATTERN.test(k));
      // Locked for the batch's writes, and kept for them (setOwnedMany's before-values).
      const rows = await repo.findRows(
        trx,
        entity,
        ownerOf(entity, scope).organizationId,
        { column: 'key', values: valid },
        true,
      );
      for (const row of rows) readRows.set(`${entity.name}:${String(row.id)}`, row);
      return rows.map((row) => toModel(entity, row));
    },
    async create(name, body, extra = {}) {
      const entity = getListedEntity(name);
      requireWrite(entity, scope);
      const model = { ...entity.defaultModel?.(), ...cleanInput(entity, body) };
      const owner = ownerOf(entity, scope);
      const errors = await validateRecord(trx, entity, owner, model, undefined);
      if (errors.length) throw new AppError(400, errors);
      if (!ignoreWarnings && entity.warnings)
        warnings.push(
          ...(await entity.warnings(
            { ...model, ...extra.model },
            { db: trx, organizationId: scope.organization.id, key: undefined },
          )),
        );
      const row = await insertRecord(trx, entity, owner, model, journal, extra.columns);
      return readModel(trx, entity, scope, String(row.key));
    },
    async setOwned(name, record, values) {
      const entity = getListedEntity(name);
      await setOwnedColumns(trx, entity, ownerOf(entity, scope), record, values, journal);
    },
    async setOwnedMany(name, updates) {
      if (updates.length === 0) return [];
      const entity = getListedEntity(name);
      const owner = ownerOf(entity, scope);
      // Rows read by readMany at the version asked for need no second read.
      const cached = (record: TableRecord) => {
        const row = readRows.get(`${entity.name}:${String(record.id)}`);
        return row && Number(row.version) === Number(record.version) ? row : undefined;
      };
      const rows = await repo.findRows(
        trx,
        entity,
        owner.organizationId,
        {
          column: 'id',
          values: updates.filter((u) => !cached(u.record)).map((u) => String(u.record.id)),
        },
        true,
      );
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      for (const { record } of updates) {
        const row = cached(record);
        if (row) byId.set(String(record.id), row);
      }
      const planned = updates.map(({ record, values }) => {
        const existing = byId.get(String(record.id));
        if (!existing) throw conflict('errors.staleVersion', [], 'version');
        const columns: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(values)) {
          const column = entity.columns.find((c) => c.name === field);
          if (!column) throw new Error(`${entity.name} has no column ${field}`);
          columns[column.column] = value;
        }
        return {
          id: String(record.id),
          version: Number(record.version),
          values: columns,
          existing,
        };
      });
      const { rows: written, stale } = await updateRowsAt(
        trx,
        entity,
        owner.organizationId,
        planned,
      );
      if (stale.length > 0) throw conflict('errors.staleVersion', [], 'version');
      return planned.map((plan) => {
        const row = written.get(plan.id) ?? {};
        journalUpdate(journal, entity, plan.existing, plan.values, row);
        readRows.set(`${entity.name}:${plan.id}`, row);
        return toModel(entity, row);
      });
    },
    warn: (more) => {
      if (!ignoreWarnings) warnings.push(...more);
    },
  };
}
