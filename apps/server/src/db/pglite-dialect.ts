import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PGlite, Results } from '@electric-sql/pglite';
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
  wantsArrayRows,
  type PipelineResults,
} from './pipeline';
import { isolationLevelClause, PostgresFamilyDialect } from './postgres-family-dialect';

/**
 * How PGlite hands values over, the same as our node-postgres settings: bigint and numeric as
 * strings (never a float), a date as its 'yyyy-mm-dd' text (a calendar day, not an instant).
 */
const asText = (value: string) => value;
const PGLITE_PARSERS = { 20: asText, 1700: asText, 1082: asText };

/**
 * How every PGlite of the app opens: the parsers above and the contrib extensions the
 * migrations create (pg_trgm for the trigram search indexes). The same list must be given
 * each time a data directory opens.
 */
export const PGLITE_OPTIONS = { parsers: PGLITE_PARSERS, extensions: { pg_trgm } };

/**
 * A Kysely dialect for PGlite. PGlite is one connection, so the driver hands it to one caller
 * at a time: a transaction holds it from BEGIN to COMMIT/ROLLBACK and every other query waits
 * (stack.md: the npm dialects let a query slip into another caller's open transaction).
 */
export class PGliteDialect extends PostgresFamilyDialect {
  constructor(private readonly pglite: PGlite) {
    super();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: PGliteConnection;
  private releaseLock: (() => void) | undefined;

  constructor(pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    this.releaseLock = await this.mutex.lock();
    return this.connection;
  }
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const level = isolationLevelClause(settings);
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  releaseConnection(): Promise<void> {
    const release = this.releaseLock;
    this.releaseLock = undefined;
    release?.();
    return Promise.resolve();
  }
  async destroy() {}
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // PGlite hands over decoded values only: the caller reads its rows another way.
    if (isRawPipelineQuery(compiled)) return { rows: [] };
    // In process there is no round trip to save: a pipeline runs one statement after another.
    if (isPipelineQuery(compiled)) {
      const results: PipelineResults = [];
      for (const statement of compiled.pipeline) {
        try {
          results.push({ status: 'fulfilled', value: await this.executeQuery(statement) });
        } catch (error) {
          results.push({ status: 'rejected', reason: error });
        }
      }
      return { rows: results as R[] };
    }
    // Without parameters use the simple protocol, which also runs multi-statement scripts
    // (migrations); with parameters, the extended protocol binds them safely.
    const asArrays = wantsArrayRows(compiled);
    const result =
      compiled.parameters.length === 0 && !asArrays
        ? lastOf(await this.pglite.exec(compiled.sql))
        : await this.pglite.query<R>(
            compiled.sql,
            [...compiled.parameters],
            asArrays ? { rowMode: 'array' } : {},
          );
    if (asArrays) {
      const columns = result.fields.map((field) => field.name);
      return { rows: result.rows, columns } as QueryResult<R>;
    }
    const affected = result.affectedRows;
    return {
      rows: result.rows as R[],
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not stream results');
  }
}

function lastOf<R>(results: Results[]): Results<R> {
  return (results[results.length - 1] ?? { rows: [], fields: [] }) as Results<R>;
}
