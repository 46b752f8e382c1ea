import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { PGliteDialect, PGLITE_OPTIONS } from './pglite-dialect';
import { PostgresPipelineDialect } from './postgres-dialect';
import { migrationProvider } from './migrations';
import { copyTemplateInto, loadTemplate } from './pglite-template';
import { queryLog } from '../plugins/observability/query-observer';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool, for its figures (GET /api/metrics). */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  close(): Promise<void>;
}

// node-postgres already gives bigint and numeric as strings. A date is a calendar day, not an
// instant: it stays 'yyyy-mm-dd' (as the API carries it) instead of becoming a Date at
// midnight of whichever time zone the driver assumes. PGlite: the parsers of PGLITE_OPTIONS, the same.
const DATE = 1082;
const asText = (value: string) => value;

/** How a value of this type (OID) in text is handed over: node-postgres's, a date as its text. */
export const valueParserOf = (oid: number): ((value: string) => unknown) =>
  oid === DATE ? asText : (pg.types.getTypeParser(oid, 'text') as (value: string) => unknown);

/** PGlite in DATA_DIR/pglite (or in memory when dataDir is null), or PostgreSQL at url. */
export async function createDb(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | null;
  /** In memory without the migrated template: an empty cluster (tests of migrations). */
  unmigrated?: boolean;
  /** PostgreSQL: waiting for a connection, and a statement's longest run (0: no limit). */
  timeouts?: { connectMs: number; statementMs: number };
}): Promise<DbHandle> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options.timeouts);
  if (options.unmigrated) {
    return wrapPglite(await PGlite.create(PGLITE_OPTIONS), () => undefined);
  }
  return createPglite(options.dataDir ?? null);
}

const DEFAULT_TIMEOUTS = { connectMs: 5000, statementMs: 120_000 };
/** The server's own statement timeout answers first; the client's waits this much longer. */
const READ_TIMEOUT_MARGIN_MS = 5000;

function createPostgres(url: string, timeouts = DEFAULT_TIMEOUTS): DbHandle {
  const parserOf = (oid: number, format?: 'text' | 'binary') =>
    format === 'binary'
      ? (pg.types.getTypeParser(oid, format) as (value: string) => unknown)
      : valueParserOf(oid);
  const types = { getTypeParser: parserOf as typeof pg.types.getTypeParser };
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A server that is down or restarting answers at once (refused); one that does not answer
    // at all, or a pool whose clients are all busy, is given up on after connectMs: a request
    // gets a 503 (plugins/fault-errors.ts) instead of hanging.
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cancels a statement past statementMs; a server that does not answer at all
    // (frozen, cut off) is given up on a little later by the client, and the connection dropped.
    ...(timeouts.statementMs > 0
      ? {
          statement_timeout: timeouts.statementMs,
          query_timeout: timeouts.statementMs + READ_TIMEOUT_MARGIN_MS,
        }
      : {}),
    // A connection whose server vanished without a word is noticed by TCP keep-alive.
    keepAlive: true,
    types,
    // Statements written together are answered together (ADR 0008: scoped reads).
    pipeline: true,
  });
  // An idle client that loses its server emits 'error'; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresPipelineDialect(pool), log: queryLog });
  return { db, kind: 'postgres', pool, close: () => db.destroy() };
}

async function createPglite(dataDir: string | null): Promise<DbHandle> {
  if (dataDir === null) {
    const pglite = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await loadTemplate() });
    return wrapPglite(pglite, () => undefined);
  }
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await copyTemplateInto(dir);
    const pglite = await PGlite.create(dir, PGLITE_OPTIONS);
    return wrapPglite(pglite, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

function wrapPglite(pglite: PGlite, unlock: () => void): DbHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), log: queryLog });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
      unlock();
    },
  };
}

/**
 * Two processes can open one PGlite directory without an error and corrupt it (stack.md),
 * so the data directory gets a lock file with our pid; a live holder stops start-up.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The data directory ${dataDir} is in use by process ${holder}. Stop it, or set DATA_DIR to another directory.`,
          { cause: error },
        );
      }
      fs.rmSync(lockFile, { force: true }); // left by a process that is gone
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when every known migration is recorded: one query instead of the migrator's locking. */
export async function isUpToDate(db: Db): Promise<boolean> {
  const names = Object.keys(await migrationProvider.getMigrations());
  try {
    const result = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(result.rows.map((r) => r.name));
    return names.every((name) => applied.has(name));
  } catch {
    return false; // no migration table yet
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  if (await isUpToDate(db)) return;
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, {
      cause: error,
    });
  }
}

export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
