import type { ListQuery, TableRecord } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { inScope, readArrays, readArraysInScope, readRawInScope, type Trx } from '../../db/scope';
import type { ArrayRows } from '../../db/pipeline';
import { rawValue } from '../../db/raw-rows';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  type MessageSpec,
} from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/ids';
import { isAdmin, type ActiveOrganization, type AuthedUser } from '../../plugins/context';
import type { Locale } from '../../plugins/i18n';
import { isTenantOwned, type EntityDef } from './entity';
import { displayColumnsOf } from './display-columns';
import { heldRecordErrors } from './referrers';
import { recordTitle, titledIn } from './record-titles';
import { commitJournal, newJournal, readAudit } from './journal';
import { throwLockProblems } from './locks';
import { createWriteHooks, type WriteHook, type WriteHooks } from './write-hooks';
import { schemaOf, toModel, type Model } from './model';
import { cleanInput, deleteRecord, insertRecord, updateRecord, validateRecord } from './save';
import { batchTools, type BatchTools } from './batch';
import {
  setOwnedColumns,
  type RefusedRecord,
  type StateChangeOptions,
  type StateDecision,
} from './state-change';
import * as repo from './tables.repository';
import { loadCursorCodec, type CursorCodec } from './list-cursor';
import { markDefaultRow, withOrganizationRowDefaults } from './default-rows';
import { listPlan, sortKeysOf } from './list-plan';
import { listRawJson, listRowsJson, rowOf } from './list-json';
import { ENTITIES, findEntity, getListedEntity, getNestedEntity } from './registry';
import { applyUndo } from './undo';
import { suggestPartners } from './partner-suggestions';
import { knownTimeZone } from '../../lib/local-date';

export interface TableScope {
  user: AuthedUser;
  organization: ActiveOrganization;
  /** The language of the call: a list's reference texts name code-list items in it. */
  locale?: Locale;
  /** The user's time zone (the call's): a list's filters of days read them in it. */
  timeZone?: string | undefined;
}

export type TablesService = ReturnType<typeof createTablesService>;
export type { BatchTools } from './batch';

/** What another module saves with a new record, in its transaction (see create). */
export interface CreateExtras {
  warnings?: (trx: Trx) => Promise<MessageSpec[]>;
  after?: (trx: Trx, record: { id: string; key: string }) => Promise<void>;
}

/** Global reference data is maintained by sysadmins; tenant tables by their write roles. */
export function canWrite(entity: EntityDef, roles: readonly string[]): boolean {
  if (entity.scope === 'global') return roles.includes('sysadmin');
  return isAdmin(roles) || roles.some((r) => entity.writeRoles.includes(r));
}

/** A page of rows read as arrays: the first `count`, and the next page's cursor if more. */
function arrayPage(
  read: ArrayRows,
  count: number,
  cursorOf: (valueOf: (name: string) => unknown) => string,
) {
  const rows = read.rows.slice(0, count);
  const last = rows[rows.length - 1];
  const nextCursor =
    read.rows.length > count && last ? cursorOf((name) => last[read.columns.indexOf(name)]) : null;
  return { read: { rows, columns: read.columns }, nextCursor, raw: undefined };
}

export function createTablesService(db: Db, hooks: WriteHooks = createWriteHooks()) {
  const undoListeners: ((organizationId: string, tables: string[]) => void)[] = [];
  // The list cursors' key, read once when the first list is asked for (list-cursor.ts).
  let cursorsRead: Promise<CursorCodec> | undefined;
  const cursorCodec = () =>
    (cursorsRead ??= loadCursorCodec(db).catch((error: unknown) => {
      cursorsRead = undefined;
      throw error;
    }));
  /** Commits a journal after the write hooks of its records have run (write-hooks.ts). */
  const commit: typeof commitJournal = async (trx, journal, scope) => {
    await hooks.run(trx, journal, scope.organizationId);
    return commitJournal(trx, journal, scope);
  };
  const scopeOf = (scope: TableScope) => ({
    userId: scope.user.id,
    organizationId: scope.organization.id,
  });
  const run = <T>(scope: TableScope, fn: (trx: Trx) => Promise<T>) =>
    inScope(db, scopeOf(scope), fn);
  const ownerOf = (entity: EntityDef, scope: TableScope) => ({
    organizationId: isTenantOwned(entity) ? scope.organization.id : null,
  });

  function requireAllowed(entity: EntityDef, allowed: boolean | undefined) {
    if (allowed === false)
      throw new AppError(405, [{ code: 'errors.notAllowedOnTable', parameters: [entity.name] }]);
  }

  /** Refuses a change of records the entity locks for this user now (403 or 409, see locked). */
  async function requireUnlocked(
    trx: Trx,
    entity: EntityDef,
    scope: TableScope,
    records: TableRecord[],
  ) {
    await throwLockProblems(entity, records, {
      trx,
      userId: scope.user.id,
      roles: scope.organization.roles,
    });
  }

  function requireWrite(entity: EntityDef, scope: TableScope) {
    if (!canWrite(entity, scope.organization.roles)) throw forbidden('errors.noWriteRight');
  }

  async function readModel(
    trx: Trx,
    entity: EntityDef,
    scope: TableScope,
    key: string,
  ): Promise<TableRecord> {
    const owner = ownerOf(entity, scope);
    const row = UUID_PATTERN.test(key)
      ? (
          await repo.findRows(trx, entity, owner.organizationId, { column: 'key', values: [key] })
        )[0]
      : undefined;
    if (!row) throw notFound('errors.recordNotFound', [key]);
    const model = toModel(entity, row);
    for (const array of entity.arrays ?? []) {
      if (!array.parentColumn) continue;
      const rows = await repo.findRows(trx, array.entity, owner.organizationId, {
        column: array.parentColumn,
        values: [String(row.id)],
      });
      model[array.name] = rows.map((r) => markDefaultRow(array, toModel(array.entity, r)));
    }
    return model;
  }

  /** spec §3: the record with its standing messages (`validations`), when its entity has any. */
  async function withValidations(
    trx: Trx,
    entity: EntityDef,
    scope: TableScope,
    record: TableRecord,
  ): Promise<TableRecord> {
    if (!entity.recordValidations) return record;
    const found = await entity.recordValidations(record, {
      db: trx,
      organizationId: ownerOf(entity, scope).organizationId,
      key: record.key,
    });
    return {
      ...record,
      validations: found.map(({ group, code, parameters, field }) => ({
        validationCodeTypeCode: group,
        validationCode: code,
        validationParameters: parameters ?? [],
        ...(field === undefined ? {} : { field }),
      })),
    };
  }

  /** One record's decision, or why it is refused (unknown, changed since it was seen, or not). */
  async function decideOne(
    trx: Trx,
    entity: EntityDef,
    scope: TableScope,
    key: string,
    decide: (record: TableRecord, trx: Trx) => StateDecision | Promise<StateDecision>,
    versions: ReadonlyMap<string, number> | undefined,
  ): Promise<{ record: TableRecord; decision: StateDecision } | RefusedRecord> {
    let record: TableRecord;
    try {
      record = await readModel(trx, entity, scope, key);
    } catch (error) {
      if (error instanceof AppError)
        return { key, status: error.statusCode, problems: error.errors };
      throw error;
    }
    const seen = versions?.get(key);
    if (seen !== undefined && seen !== record.version) {
      return {
        key,
        status: 409,
        problems: [
          {
            code: 'errors.changedMeanwhile',
            parameters: [recordTitle(entity, record, scope.locale)],
          },
        ],
      };
    }
    const decision = await decide(record, trx);
    if ('problems' in decision)
      return { key, status: decision.status ?? 400, problems: decision.problems };
    return { record, decision };
  }

  /** The internal id of a parent record of this organisation, by its key (404 otherwise). */
  async function findParent(trx: Trx, parent: EntityDef, scope: TableScope, key: string) {
    const owner = ownerOf(parent, scope);
    const rows = UUID_PATTERN.test(key)
      ? await repo.findRows(trx, parent, owner.organizationId, { column: 'key', values: [key] })
      : [];
    const row = rows[0];
    if (!row) throw notFound('errors.recordNotFound', [key]);
    return String(row.id);
  }

  /** The rows of a list page, as arrays, and the cursor of the next page. */
  async function readList(name: string, scope: TableScope, query: ListQuery, asBytes = false) {
    // A nested table of the organisation itself (its bank accounts) lists the active
    // organisation's rows without naming it: a lookup of the paying account.
    const own = findEntity(name);
    const ownNested =
      !query.customerKey && own?.hidden && getNestedEntity(name).parent.scope === 'organization';
    const nested = query.customerKey || ownNested ? getNestedEntity(name) : undefined;
    const entity = nested ? nested.array.entity : getListedEntity(name);
    const cursors = await cursorCodec();
    const { columns, ...plan } = listPlan(entity, query, cursors, {
      timeZone: knownTimeZone(scope.timeZone),
    });
    const { sort } = plan;
    // Lookups (lean rows) show the record itself; the grid also shows what it refers to.
    const displays =
      query.mode === undefined
        ? [...displayColumnsOf(entity, columns, scope.locale), ...(entity.rowFacts ?? [])]
        : [];
    const options = { organizationId: ownerOf(entity, scope).organizationId, ...plan, displays };
    const page = { entity, columns, displays };
    const cursorOf = (valueOf: (name: string) => unknown) =>
      cursors.encode(
        entity,
        sort,
        sort.map((_, i) => valueOf(`sort_${i}`)),
      );
    if (nested) {
      const read = await run(scope, async (trx) => {
        const parent = ownNested
          ? scope.organization.id
          : await findParent(trx, nested.parent, scope, query.customerKey ?? '');
        const parentFilter = { column: nested.parentColumn, id: parent };
        return readArrays(
          trx,
          repo.listQuery(entity, columns, { ...options, parent: parentFilter }),
        );
      });
      return { ...page, ...arrayPage(read, query.count, cursorOf) };
    }
    // One statement: in one round trip with its scope (ADR 0008); for an answer, its rows as
    // PostgreSQL's bytes where the database allows (ADR 0014).
    const statement = repo.listQuery(entity, columns, options);
    const raw = asBytes ? await readRawInScope(db, scopeOf(scope), statement) : undefined;
    if (raw) {
      const last = query.count - 1;
      const nextCursor =
        raw.count > query.count
          ? cursorOf((name) =>
              rawValue(
                raw,
                last,
                raw.columns.findIndex((c) => c.name === name),
              ),
            )
          : null;
      return { ...page, raw, read: undefined, nextCursor };
    }
    const read = await readArraysInScope(db, scopeOf(scope), statement);
    return { ...page, ...arrayPage(read, query.count, cursorOf) };
  }

  async function checkWarnings(
    trx: Trx,
    entity: EntityDef,
    scope: TableScope,
    model: Model,
    key: string | undefined,
    ignore: boolean,
    more: MessageSpec[] = [],
  ) {
    if (ignore) return;
    const own = entity.warnings
      ? await entity.warnings(model, { db: trx, organizationId: scope.organization.id, key })
      : [];
    const warnings = [...own, ...more];
    if (warnings.length) throw new AppError(400, [], warnings);
  }

  return {
    /** The listed tables with what this user may do with them (GET /api/cl), root tables flagged. */
    entities(scope: TableScope) {
      return ENTITIES.filter((e) => !e.hidden).map((e) => {
        const writable = canWrite(e, scope.organization.roles);
        return {
          entity: e,
          canWrite: writable,
          canCreate: writable && e.canCreate !== false,
          canDelete: writable && e.canDelete !== false,
          sortKeys: sortKeysOf(e),
          root: e.api === 'root',
        };
      });
    },

    /** The table's schema, its grids' new rows with this organisation's defaults. */
    schema(name: string, scope: TableScope) {
      const entity = getListedEntity(name);
      return run(scope, (trx) =>
        withOrganizationRowDefaults(trx, entity, scope.organization.id, schemaOf(entity)),
      );
    },

    /** Runs `hook` whenever records of `entity` are written, in the writing transaction. */
    onWrite: (entity: string, hook: WriteHook) => hooks.add(entity, hook),

    /** The write hooks, for the table import, which writes with its own journal. */
    hooks,

    /** Refuses (403) a caller who may not change the table: before work that precedes a save. */
    requireWritable: (name: string, scope: TableScope) =>
      requireWrite(getListedEntity(name), scope),

    async defaultModel(name: string, scope: TableScope): Promise<Model> {
      const entity = getListedEntity(name);
      const model = entity.defaultModel?.() ?? {};
      const { organizationDefaults } = entity;
      if (!organizationDefaults) return model;
      const own = await run(scope, (trx) => organizationDefaults(trx, scope.organization.id));
      return { ...model, ...own };
    },

    /** A list page (spec §7) as records, for the server's own use. */
    async list(name: string, scope: TableScope, query: ListQuery) {
      const { entity, columns, displays, read, nextCursor } = await readList(name, scope, query);
      const items = (read?.rows ?? []).map((values) =>
        toModel(entity, rowOf(read?.columns ?? [], values), columns, displays),
      );
      return { items, nextCursor };
    },

    /** A list page (spec §7) as the list call answers it: its rows' JSON written from them. */
    async listAnswer(name: string, scope: TableScope, query: ListQuery) {
      const page = await readList(name, scope, query, true);
      const { entity, columns, displays, raw, read, nextCursor } = page;
      const items = raw
        ? listRawJson(entity, columns, displays, raw, query.count)
        : listRowsJson(entity, columns, displays, read ?? { rows: [], columns: [] });
      return { items, nextCursor };
    },

    read: (name: string, scope: TableScope, key: string) =>
      run(scope, async (trx) => {
        const entity = getListedEntity(name);
        return withValidations(trx, entity, scope, await readModel(trx, entity, scope, key));
      }),

    /** The records of these keys the organisation has, in one query (nested arrays left out). */
    readMany: (name: string, scope: TableScope, keys: string[]) =>
      run(scope, async (trx) => {
        const entity = getListedEntity(name);
        const valid = keys.map((k) => k.toLowerCase()).filter((k) => UUID_PATTERN.test(k));
        const rows = await repo.findRows(trx, entity, ownerOf(entity, scope).organizationId, {
          column: 'key',
          values: valid,
        });
        return rows.map((row) => toModel(entity, row));
      }),

    /**
     * `extras` lets another module save more with the record in the same transaction (a
     * document's files): warnings of its own, given with the record's, and rows written after
     * the record's.
     */
    async create(
      name: string,
      scope: TableScope,
      body: Model,
      ignoreWarnings: boolean,
      extras: CreateExtras = {},
    ) {
      const entity = getListedEntity(name);
      requireAllowed(entity, entity.canCreate);
      requireWrite(entity, scope);
      const model = { ...entity.defaultModel?.(), ...cleanInput(entity, body) };
      return run(scope, async (trx) => {
        const owner = ownerOf(entity, scope);
        const errors = await validateRecord(trx, entity, owner, model, undefined);
        if (errors.length) throw new AppError(400, errors);
        const more = ignoreWarnings ? [] : ((await extras.warnings?.(trx)) ?? []);
        await checkWarnings(trx, entity, scope, model, undefined, ignoreWarnings, more);
        const journal = newJournal();
        const row = await insertRecord(trx, entity, owner, model, journal);
        await extras.after?.(trx, { id: String(row.id), key: String(row.key) });
        const undoId = await commit(trx, journal, {
          organizationId: scope.organization.id,
          userId: scope.user.id,
        });
        const item = await readModel(trx, entity, scope, String(row.key));
        return { item: await withValidations(trx, entity, scope, item), undoId };
      });
    },

    async update(
      name: string,
      scope: TableScope,
      key: string,
      body: Model,
      ignoreWarnings: boolean,
    ) {
      const entity = getListedEntity(name);
      requireWrite(entity, scope);
      if (typeof body.version !== 'number') throw badRequest('validation.required', [], 'version');
      const version = body.version;
      const input = cleanInput(entity, body);
      return run(scope, async (trx) => {
        const owner = ownerOf(entity, scope);
        const existing = UUID_PATTERN.test(key)
          ? (
              await repo.findRows(
                trx,
                entity,
                owner.organizationId,
                { column: 'key', values: [key] },
                true,
              )
            )[0]
          : undefined;
        if (!existing) throw notFound('errors.recordNotFound', [key]);
        if (Number(existing.version) !== version)
          throw conflict('errors.staleVersion', [], 'version');
        await requireUnlocked(trx, entity, scope, [toModel(entity, existing)]);
        const merged = { ...toModel(entity, existing), ...input };
        const errors = await validateRecord(trx, entity, owner, merged, String(existing.id));
        if (errors.length) throw new AppError(400, errors);
        await checkWarnings(trx, entity, scope, merged, key, ignoreWarnings);
        const journal = newJournal();
        await updateRecord(trx, entity, owner, existing, input, version, journal);
        const undoId = await commit(trx, journal, {
          organizationId: scope.organization.id,
          userId: scope.user.id,
        });
        const item = await readModel(trx, entity, scope, key);
        return { item: await withValidations(trx, entity, scope, item), undoId };
      });
    },

    async remove(name: string, scope: TableScope, keys: string[], ignoreWarnings: boolean) {
      const entity = getListedEntity(name);
      requireAllowed(entity, entity.canDelete);
      requireWrite(entity, scope);
      const unique = [...new Set(keys)];
      return run(scope, async (trx) => {
        const owner = ownerOf(entity, scope);
        const valid = unique.filter((k) => UUID_PATTERN.test(k));
        const rows = await repo.findRows(
          trx,
          entity,
          owner.organizationId,
          { column: 'key', values: valid },
          true,
        );
        const missing = unique.filter((k) => !rows.some((r) => r.key === k));
        if (missing.length) throw notFound('errors.recordNotFound', [missing.join(', ')]);
        await requireUnlocked(
          trx,
          entity,
          scope,
          rows.map((row) => toModel(entity, row)),
        );
        if (owner.organizationId !== null) {
          const held = await heldRecordErrors(
            trx,
            entity,
            owner.organizationId,
            titledIn(
              entity,
              rows.map((row) => toModel(entity, row)),
              scope.locale,
            ),
          );
          if (held.length) throw new AppError(409, held);
        }
        if (!ignoreWarnings && entity.deleteWarnings) {
          const models = rows.map((row) => toModel(entity, row));
          const warnings = await entity.deleteWarnings(models, {
            db: trx,
            organizationId: scope.organization.id,
          });
          if (warnings.length) throw new AppError(400, [], warnings);
        }
        const journal = newJournal();
        for (const row of rows) await deleteRecord(trx, entity, owner, row, journal);
        const undoId = await commit(trx, journal, {
          organizationId: scope.organization.id,
          userId: scope.user.id,
        });
        return { deleted: rows.length, undoId };
      });
    },

    /**
     * Sets server-owned columns (a document's status) of the records named by key, in one
     * transaction with one undoId, all or nothing: `decide` answers each record's new values
     * (API names), or why it may not change. Unknown keys are 404, problems 400.
     */
    async changeState(
      name: string,
      scope: TableScope,
      keys: string[],
      decide: (record: TableRecord, trx: Trx) => StateDecision | Promise<StateDecision>,
      options: StateChangeOptions = {},
    ) {
      const entity = getListedEntity(name);
      if (!options.callerDecidesRights) requireWrite(entity, scope);
      const unique = [...new Set(keys)];
      return run(scope, async (trx) => {
        const owner = ownerOf(entity, scope);
        const journal = newJournal();
        const refused: RefusedRecord[] = [];
        const changed: string[] = [];
        // All or nothing: every record is decided before any is written.
        const decided: { record: TableRecord; decision: StateDecision }[] = [];
        for (const key of unique) {
          const outcome = await decideOne(trx, entity, scope, key, decide, options.versions);
          if ('problems' in outcome) refused.push(outcome);
          else if (
            'values' in outcome.decision &&
            outcome.decision.warnings?.length &&
            !options.ignoreWarnings
          )
            refused.push({
              key: String(outcome.record.key),
              status: 400,
              problems: [],
              warnings: outcome.decision.warnings,
            });
          else decided.push(outcome);
        }
        // Warnings alone: the whole change waits for ignoreWarnings (spec §8).
        if (!options.partial && refused.length && refused.every((r) => r.problems.length === 0))
          throw new AppError(
            400,
            [],
            refused.flatMap((r) => r.warnings ?? []),
          );
        if (!options.partial && refused.length) {
          const status = Math.max(...refused.map((r) => r.status));
          throw new AppError(
            status,
            refused.flatMap((r) => r.problems),
          );
        }
        for (const { record, decision } of decided) {
          if (!('values' in decision)) continue;
          try {
            await setOwnedColumns(trx, entity, owner, record, decision.values, journal);
          } catch (error) {
            // Changed by another request since it was read (two approvers at once).
            if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
            const problems = [
              {
                code: 'errors.changedMeanwhile',
                parameters: [recordTitle(entity, record, scope.locale)],
              },
            ];
            if (!options.partial) throw new AppError(409, problems);
            refused.push({ key: String(record.key), status: 409, problems });
            continue;
          }
          await decision.after?.(trx, journal, record);
          changed.push(String(record.key));
        }
        const undoId = await commit(trx, journal, {
          organizationId: scope.organization.id,
          userId: scope.user.id,
        });
        const items = [];
        for (const key of changed) items.push(await readModel(trx, entity, scope, key));
        return { items, undoId, refused };
      });
    },

    /**
     * A write of another module over several records and tables in one transaction and one
     * undo (payment orders made from documents, an order split in two): `work` validates,
     * inserts and sets server-owned values through `tools` (batch.ts), every write journaled.
     * Warnings the tools gather refuse the whole write until it is repeated with ignoreWarnings
     * (spec §8).
     */
    async batch<T>(
      scope: TableScope,
      ignoreWarnings: boolean,
      work: (tools: BatchTools) => Promise<T>,
    ): Promise<{ result: T; undoId: string }> {
      return run(scope, async (trx) => {
        const journal = newJournal();
        const warnings: MessageSpec[] = [];
        const tools = batchTools(
          { trx, journal, scope, ignoreWarnings, warnings },
          { readModel, ownerOf, requireWrite },
        );
        const result = await work(tools);
        if (warnings.length) throw new AppError(400, [], warnings);
        const undoId = await commit(trx, journal, {
          organizationId: scope.organization.id,
          userId: scope.user.id,
        });
        return { result, undoId };
      });
    },

    async audit(name: string, scope: TableScope, key: string) {
      const entity = getListedEntity(name);
      return run(scope, async (trx) => {
        await readModel(trx, entity, scope, key);
        const rows = await readAudit(trx, entity, ownerOf(entity, scope).organizationId, key);
        return {
          items: rows.map((r) => ({
            action: r.action as 'create',
            at: r.at.toISOString(),
            user: r.username,
            changes: r.changes,
          })),
        };
      });
    },

    suggestPartners: (scope: TableScope, parts: { vatId: string; iban: string; name: string }) =>
      run(scope, async (trx) => ({
        items: await suggestPartners(trx, scope.organization.id, parts),
      })),

    /** Told after an undo committed, with the tables it changed (for live notifications). */
    onUndone: (listener: (organizationId: string, tables: string[]) => void) => {
      undoListeners.push(listener);
    },

    async undo(scope: TableScope, undoKey: string) {
      const result = await run(scope, async (trx) => {
        if (!UUID_PATTERN.test(undoKey)) throw notFound('errors.undoNotFound');
        return {
          ok: true as const,
          tables: await applyUndo(
            trx,
            { organizationId: scope.organization.id, userId: scope.user.id },
            undoKey,
            findEntity,
            (restored) => hooks.run(trx, restored, scope.organization.id),
          ),
        };
      });
      for (const listener of undoListeners) listener(scope.organization.id, result.tables);
      return result;
    },
  };
}
