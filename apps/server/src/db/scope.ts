import { CompiledQuery, sql, type QueryResult, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from './create-db';
import {
  asArrayRows,
  executePipeline,
  prepared,
  type ArrayRows,
  type RawPipelineQuery,
  type WithBeginQuery,
} from './pipeline';
import type { RawOutcome, RawRows } from './raw-rows';
import type { Database } from './schema';

export type Trx = Transaction<Database>;

/** Who a query runs for. Tenant data is only reached through a scope with organizationId. */
export interface Scope {
  userId: string;
  organizationId?: string;
}

let scopeTemplate: CompiledQuery | undefined;

/**
 * The scope in transaction-local settings and the role listina_tenant, in one statement:
 * set_config('role', …, true) is SET LOCAL ROLE.
 */
function scopeStatement(db: Db, scope: Scope): WithBeginQuery {
  // Its text never changes: compiled once, each request binds its own values.
  scopeTemplate ??= sql`select set_config('listina.user_id', ${''}, true),
                               set_config('listina.organization_id', ${''}, true),
                               set_config('role', 'listina_tenant', true)`.compile(db);
  const parameters = [scope.userId, scope.organizationId ?? ''];
  // Transaction-local settings do nothing outside a transaction: it may go out with BEGIN.
  return { ...prepared('listina_scope', scopeTemplate), parameters, mayJoinBegin: true };
}

/**
 * Runs fn in a transaction under the role listina_tenant with the scope in transaction-local
 * settings, so row-level security hides every other organisation's rows even if a query
 * forgets its where clause (ARCHITECTURE §2: the second wall). On PostgreSQL the BEGIN goes
 * out with the scope: one round trip before fn's first statement (ADR 0008).
 */
export async function inScope<T>(db: Db, scope: Scope, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(scopeStatement(db, scope));
    return fn(trx);
  });
}

const BEGIN_READ_ONLY = CompiledQuery.raw('start transaction read only');
const COMMIT = CompiledQuery.raw('commit');

/**
 * One read statement in a scope as inScope sets it, in one round trip on PostgreSQL (ADR 0008):
 * a read-only transaction, the scope, the statement and COMMIT are written together and
 * answered together. Its rows are returned only when the transaction and the scope were both
 * set; otherwise it fails with their error. Reading changes nothing, so a statement that ran
 * without them (which PostgreSQL's BEGIN cannot cause short of a broken connection) leaves no
 * trace, and the read-only transaction refuses any write.
 */
export async function readInScope<R>(db: Db, scope: Scope, statement: RawBuilder<R>): Promise<R[]> {
  return (await runReadInScope(db, scope, statement.compile(db))).rows as R[];
}

/** readInScope with the rows as arrays and the names of their columns (ArrayRowsQuery). */
export async function readArraysInScope(
  db: Db,
  scope: Scope,
  statement: RawBuilder<unknown>,
): Promise<ArrayRows> {
  return arrayRowsOf(await runReadInScope(db, scope, asArrayRows(statement.compile(db))));
}

/** One statement in the caller's transaction (inScope), its rows as arrays (ArrayRowsQuery). */
export async function readArrays(trx: Trx, statement: RawBuilder<unknown>): Promise<ArrayRows> {
  return arrayRowsOf(await trx.executeQuery(asArrayRows(statement.compile(trx))));
}

function arrayRowsOf(result: QueryResult<unknown>): ArrayRows {
  const { rows, columns } = result as QueryResult<unknown[]> & Partial<ArrayRows>;
  if (!columns) throw new Error('The database dialect did not answer rows as arrays');
  return { rows, columns };
}

/**
 * readInScope with the rows kept as the bytes PostgreSQL sent (ADR 0014), for a read whose rows
 * go straight into an answer. Undefined where the database cannot (PGlite, or a parameter we do
 * not send ourselves): the caller reads with readArraysInScope instead.
 */
export async function readRawInScope(
  db: Db,
  scope: Scope,
  statement: RawBuilder<unknown>,
): Promise<RawRows | undefined> {
  if (db.isTransaction) throw new Error('readInScope runs its own transaction, not inside one');
  const query: RawPipelineQuery = {
    ...CompiledQuery.raw('select listina_dialect_cannot_pipeline()'),
    rawPipeline: [BEGIN_READ_ONLY, scopeStatement(db, scope), statement.compile(db), COMMIT],
  };
  const { rows: outcomes } = await db.executeQuery<RawOutcome>(query);
  if (outcomes.length === 0) return undefined;
  // In order: a failed BEGIN or scope is reported before anything the statement answered.
  for (const outcome of outcomes) if ('error' in outcome) throw outcome.error;
  const read = outcomes[2];
  if (!read || !('rows' in read) || !read.rows)
    throw new Error('The database did not answer the read');
  return read.rows;
}

async function runReadInScope(
  db: Db,
  scope: Scope,
  statement: CompiledQuery,
): Promise<QueryResult<unknown>> {
  // Its COMMIT would end the caller's transaction.
  if (db.isTransaction) throw new Error('readInScope runs its own transaction, not inside one');
  const results = await executePipeline(db, [
    BEGIN_READ_ONLY,
    scopeStatement(db, scope),
    statement,
    COMMIT,
  ]);
  // In order: a failed BEGIN or scope is reported before anything the statement answered.
  for (const step of results) if (step.status === 'rejected') throw step.reason;
  const read = results[2];
  if (read?.status !== 'fulfilled') throw new Error('The database did not answer the read');
  return read.value;
}
