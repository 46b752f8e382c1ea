import type { Pool, PoolClient, QueryResult as PgResult } from 'pg';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import {
  isPipelineQuery,
  isRawPipelineQuery,
  mayJoinBegin,
  preparedNameOf,
  wantsArrayRows,
  type PipelineResults,
} from './pipeline';
import { isolationLevelClause, PostgresFamilyDialect } from './postgres-family-dialect';
import { databaseFaultOf } from '../plugins/fault-errors';
import { PipelineReader, sendable, writeStatements, type RawOutcome } from './raw-rows';

/** node-postgres's error when a statement got no answer within query_timeout. */
const READ_TIMEOUT = 'Query read timeout';

/** A lost or refused connection becomes a DatabaseFault (503); any other error stays. */
const asFault = (error: unknown): never => {
  throw databaseFaultOf(error) ?? error;
};

/**
 * Kysely's PostgreSQL dialect, plus the two ways of saving round trips that db/scope.ts uses
 * (ADR 0008): a pipeline of statements written at once, and a transaction's BEGIN sent with
 * its first statement. The pool's clients must be in pipeline mode (`pipeline: true`);
 * without it node-postgres still answers correctly, one statement at a time.
 */
export class PostgresPipelineDialect extends PostgresFamilyDialect {
  constructor(private readonly pool: Pool) {
    super();
  }
  createDriver(): Driver {
    return new PostgresPipelineDriver(this.pool);
  }
}

class PostgresPipelineDriver implements Driver {
  private readonly connections = new WeakMap<PoolClient, PostgresConnection>();
  constructor(private readonly pool: Pool) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.pool.connect().catch(asFault);
    let connection = this.connections.get(client);
    if (!connection) {
      // A connection lost while checked out is also emitted as 'error' on its client, which
      // unheard would end the process; the statement in flight gets it as its own error.
      client.on('error', () => undefined);
      connection = new PostgresConnection(client);
      this.connections.set(client, connection);
    }
    return connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const level = isolationLevelClause(settings);
    const mode = settings.accessMode ? ` ${settings.accessMode}` : '';
    (connection as PostgresConnection).deferBegin(`start transaction${level}${mode}`);
    return Promise.resolve();
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PostgresConnection).endTransaction('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PostgresConnection).endTransaction('rollback');
  }

  async releaseConnection(connection: DatabaseConnection) {
    await (connection as PostgresConnection).release();
  }

  async destroy() {
    await this.pool.end();
  }
}

class PostgresConnection implements DatabaseConnection {
  /** The BEGIN of a transaction not sent yet: it goes out with the first statement. */
  private pendingBegin: CompiledQuery | undefined;
  /** A statement got no answer within query_timeout: its answer may still come, to nobody. */
  private unanswered: Error | undefined;

  constructor(private readonly client: PoolClient) {}

  deferBegin(sql: string) {
    this.pendingBegin = CompiledQuery.raw(sql);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (isRawPipelineQuery(compiled)) {
      // Only a pipeline of its own, outside a transaction, with parameters sent as text, on a
      // connection whose last answer has fully come: node-postgres gives a statement's error
      // back before its ReadyForQuery arrives, and that late message must reach its reader.
      if (this.pendingBegin || !sendable(compiled.rawPipeline) || !isIdle(this.client))
        return { rows: [] };
      return { rows: (await this.sendRaw(compiled.rawPipeline)) as R[] };
    }
    const begin = this.takeBegin();
    if (isPipelineQuery(compiled)) {
      const statements = begin ? [begin, ...compiled.pipeline] : compiled.pipeline;
      const results = await this.send(statements);
      if (begin) throwIfFailed(results.shift());
      return { rows: results as R[] };
    }
    if (!begin) return this.query<R>(compiled);
    if (!mayJoinBegin(compiled)) {
      await this.query(begin);
      return this.query<R>(compiled);
    }
    const [began, result] = await this.send([begin, compiled]);
    throwIfFailed(began);
    throwIfFailed(result);
    return result.value as QueryResult<R>;
  }

  async endTransaction(sql: 'commit' | 'rollback') {
    // A transaction that ran no statement never began.
    if (this.takeBegin()) return;
    await this.query(CompiledQuery.raw(sql));
  }

  /** Back to the pool, never inside a transaction a failed pipeline may have left open. */
  async release() {
    this.pendingBegin = undefined;
    // A connection to a server that stopped answering is dropped by the pool, never reused.
    if (this.unanswered) return this.client.release(this.unanswered);
    let broken: Error | undefined;
    if (this.client.getTransactionStatus() !== 'I') {
      await this.client.query('rollback').catch((error: unknown) => {
        broken = error instanceof Error ? error : new Error(String(error));
      });
    }
    this.client.release(broken);
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The PostgreSQL dialect does not stream results');
  }

  private takeBegin() {
    const begin = this.pendingBegin;
    this.pendingBegin = undefined;
    return begin;
  }

  /** Writes every statement before reading any answer (one round trip in pipeline mode). */
  private send(statements: readonly CompiledQuery[]): Promise<PipelineResults> {
    // One write for all of them: node-postgres writes each statement on its own otherwise.
    const stream = (this.client as { connection?: { stream?: Partial<NodeJS.WritableStream> } })
      .connection?.stream as { cork?: () => void; uncork?: () => void } | undefined;
    stream?.cork?.();
    try {
      return Promise.allSettled(statements.map((statement) => this.query(statement)));
    } finally {
      stream?.uncork?.();
    }
  }

  /**
   * The statements written and their answers read by us (db/raw-rows.ts, ADR 0014): while they
   * are answered, node-postgres's reader is taken off the socket and put back after the last
   * ReadyForQuery, so it never sees them. The connection is idle before (nothing else runs on a
   * checked-out connection) and after; one left in a transaction, or that lost its answer, is
   * dropped when released.
   */
  private async sendRaw(statements: readonly CompiledQuery[]): Promise<RawOutcome[]> {
    if (this.unanswered) asFault(this.unanswered);
    const { connection, connectionParameters } = this.client as unknown as {
      connection: { stream: NodeJS.ReadWriteStream };
      connectionParameters: { query_timeout?: number };
    };
    const stream = connection.stream;
    const reader = new PipelineReader(statements.length);
    const theirs = stream.listeners('data') as ((chunk: Buffer) => void)[];
    stream.removeAllListeners('data');
    try {
      const outcomes = await new Promise<RawOutcome[]>((resolve, reject) => {
        const fail = (error: Error) => {
          this.unanswered = error;
          stop();
          reject(error);
        };
        const onData = (chunk: Buffer) => {
          try {
            if (!reader.push(chunk)) return;
            stop();
            resolve(reader.outcomes);
          } catch (error) {
            fail(error instanceof Error ? error : new Error(String(error)));
          }
        };
        const onClose = () => fail(new Error('Connection terminated unexpectedly'));
        const limit = connectionParameters.query_timeout;
        const timer = limit ? setTimeout(() => fail(new Error(READ_TIMEOUT)), limit) : undefined;
        const stop = () => {
          clearTimeout(timer);
          stream.removeListener('data', onData);
          stream.removeListener('close', onClose);
        };
        stream.on('data', onData);
        stream.on('close', onClose);
        stream.write(writeStatements(statements));
      });
      // Left in a transaction (a COMMIT that failed): never reused.
      if (reader.status !== 'I') this.unanswered = new Error('Connection terminated unexpectedly');
      return outcomes.map((o) =>
        'error' in o ? { error: databaseFaultOf(o.error) ?? o.error } : o,
      );
    } catch (error) {
      return asFault(error);
    } finally {
      for (const listener of theirs) stream.on('data', listener);
    }
  }

  private async query<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Nothing more is sent where an answer is missing (a ROLLBACK would only wait again).
    if (this.unanswered) asFault(this.unanswered);
    const name = preparedNameOf(compiled);
    const values = [...compiled.parameters];
    const asArrays = wantsArrayRows(compiled);
    const answer: PgResult | PgResult[] = await this.client
      .query({
        text: compiled.sql,
        values,
        ...(name ? { name } : {}),
        ...(asArrays ? { rowMode: 'array' } : {}),
      })
      .catch((error: unknown) => {
        if (error instanceof Error && error.message === READ_TIMEOUT) this.unanswered = error;
        return asFault(error);
      });
    // A script of several statements (a migration) answers each; keep the last, as on PGlite.
    const result: PgResult | undefined = Array.isArray(answer)
      ? (answer as PgResult[]).at(-1)
      : answer;
    if (!result) return { rows: [] };
    if (asArrays) {
      const columns = result.fields.map((field) => field.name);
      return { rows: result.rows as R[], columns } as QueryResult<R>;
    }
    const changed = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(result.command);
    return {
      rows: result.rows as R[],
      ...(changed ? { numAffectedRows: BigInt(result.rowCount ?? 0) } : {}),
    };
  }
}

/**
 * Nothing of node-postgres's is on the wire or waiting: its last ReadyForQuery has come. Read
 * from its fields (pg 8 Client), the one place besides the socket that db/raw-rows.ts relies on;
 * raw-rows.int.test.ts fails if an upgrade renames them.
 */
function isIdle(client: PoolClient): boolean {
  const state = client as unknown as {
    readyForQuery?: boolean;
    _activeQuery?: unknown;
    _sentQueryQueue?: unknown[];
    _queryQueue?: unknown[];
  };
  return (
    state.readyForQuery === true &&
    !state._activeQuery &&
    (state._sentQueryQueue?.length ?? 0) === 0 &&
    (state._queryQueue?.length ?? 0) === 0
  );
}

function throwIfFailed<T>(
  result: PromiseSettledResult<T> | undefined,
): asserts result is PromiseFulfilledResult<T> {
  if (!result) throw new Error('a pipelined statement was not answered');
  if (result.status === 'rejected') throw result.reason;
}
