import { CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './create-db';

/**
 * Statements sent to the database together and answered together: one round trip on
 * PostgreSQL (node-postgres in pipeline mode), one after the other on PGlite. Each runs as
 * if sent alone; one that fails does not stop the others (inside BEGIN … COMMIT, PostgreSQL
 * refuses the rest of the transaction and COMMIT answers ROLLBACK).
 *
 * It travels through Kysely's executeQuery as one compiled query that our two dialects
 * recognise; any other dialect would run its SQL, which fails instead of answering nothing.
 */
export interface PipelineQuery extends CompiledQuery {
  readonly pipeline: readonly CompiledQuery[];
}

export type PipelineResults = PromiseSettledResult<QueryResult<unknown>>[];

export const isPipelineQuery = (query: CompiledQuery): query is PipelineQuery =>
  'pipeline' in query;

/**
 * A statement that may go out together with the BEGIN of its transaction: one with no effect
 * outside it (setting transaction-local values), so that nothing happens if BEGIN failed.
 * The driver still reports BEGIN's failure before the statement's answer.
 */
export interface WithBeginQuery extends CompiledQuery {
  readonly mayJoinBegin: true;
}

export const mayJoinBegin = (query: CompiledQuery): query is WithBeginQuery =>
  'mayJoinBegin' in query;

/**
 * A statement of fixed text that PostgreSQL parses once per connection and keeps under this
 * name, so each request only binds and runs it (and after a few runs reuses its plan). For
 * statements that every request runs (the apikey check, the scope) and whose plan does not
 * depend on the values. PGlite ignores the name.
 */
export interface PreparedQuery<R = unknown> extends CompiledQuery<R> {
  readonly preparedName: string;
}

export const prepared = <R>(
  name: string,
  query: CompiledQuery<R>,
): CompiledQuery<R> & PreparedQuery<R> => ({ ...query, preparedName: name });

export const preparedNameOf = (query: CompiledQuery): string | undefined =>
  'preparedName' in query ? (query as PreparedQuery).preparedName : undefined;

/**
 * A statement whose rows come as arrays of values in the order of its select list, with the
 * names of its result columns: for rows read only to be written out again (a list page's
 * JSON), which need no record of their own.
 */
export interface ArrayRowsQuery<R = unknown> extends CompiledQuery<R> {
  readonly rowsAsArrays: true;
}

/** The answer of an ArrayRowsQuery: rows as arrays, and the name of each value's column. */
export interface ArrayRows {
  rows: unknown[][];
  columns: string[];
}

export const asArrayRows = <R>(query: CompiledQuery<R>): ArrayRowsQuery<R> => ({
  ...query,
  rowsAsArrays: true,
});

export const wantsArrayRows = (query: CompiledQuery): query is ArrayRowsQuery =>
  'rowsAsArrays' in query;

/**
 * Statements sent together whose answers are read by us rather than node-postgres, their rows
 * kept as the bytes PostgreSQL sent (db/raw-rows.ts, ADR 0014). A dialect that cannot answers
 * no rows, and the caller reads another way.
 */
export interface RawPipelineQuery extends CompiledQuery {
  readonly rawPipeline: readonly CompiledQuery[];
}

export const isRawPipelineQuery = (query: CompiledQuery): query is RawPipelineQuery =>
  'rawPipeline' in query;

export async function executePipeline(
  db: Db,
  statements: readonly CompiledQuery[],
): Promise<PipelineResults> {
  const query: PipelineQuery = {
    ...CompiledQuery.raw('select listina_dialect_cannot_pipeline()'),
    pipeline: statements,
  };
  const { rows } = await db.executeQuery<PromiseSettledResult<QueryResult<unknown>>>(query);
  return rows;
}
