import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../src/config';
import { lockDataDir } from '../src/db/create-db';
import { PGLITE_OPTIONS } from '../src/db/pglite-dialect';
import { CREATE_TENANT_ROLE } from '../src/db/tenant-role';

/**
 * The database half of a backup (docs/operations.md): the embedded database as PGlite's own
 * dump of its data directory, taken while no server holds it; PostgreSQL with pg_dump in the
 * custom format, taken online from one snapshot. Each also answers which blobs the dumped rows
 * name, read in that same snapshot, so the backup can prove it holds every file they need.
 */

export type DatabaseKind = 'pglite' | 'postgres';

export const DUMP_FILE: Record<DatabaseKind, string> = {
  pglite: 'database.tar.gz',
  postgres: 'database.pgdump',
};

/** A refusal or failure the operator can act on: printed as it is, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const REFERENCED_BLOBS = 'select distinct blob_id from doc_file order by blob_id';

export const databaseKindOf = (config: Pick<Config, 'databaseUrl'>): DatabaseKind =>
  config.databaseUrl ? 'postgres' : 'pglite';

/** Writes the dump to file; returns the blob ids its rows name. */
export async function dumpDatabase(config: Config, file: string): Promise<string[]> {
  if (config.databaseUrl) return dumpPostgres(config.databaseUrl, file);
  return withPgliteDir(config.dataDir, async (dir) => {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION')))
      throw new BackupError(`There is no embedded database in ${dir}: nothing to back up.`);
    const pglite = await PGlite.create(dir, PGLITE_OPTIONS);
    try {
      const { rows } = await pglite.query<{ blob_id: string }>(REFERENCED_BLOBS);
      const dump = await pglite.dumpDataDir('gzip');
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      return rows.map((r) => r.blob_id);
    } finally {
      await pglite.close();
    }
  });
}

/** Refuses a target that holds a database already: restore never merges into one. */
export async function assertNoDatabase(config: Config): Promise<void> {
  if (!config.databaseUrl) {
    const dir = path.join(config.dataDir, 'pglite');
    if (fs.existsSync(path.join(dir, 'PG_VERSION')))
      throw new BackupError(
        `${dir} already holds a database: restore into a new, empty DATA_DIR (nothing was changed).`,
      );
    return;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    if ((rows[0]?.n ?? 0) > 0)
      throw new BackupError(
        'The database of DATABASE_URL has tables already: restore into a new, empty database (nothing was changed).',
      );
  } finally {
    await client.end();
  }
}

/** Loads the dump into the configured, empty database; returns the blob ids its rows name. */
export async function restoreDatabase(config: Config, file: string): Promise<string[]> {
  await assertNoDatabase(config);
  if (config.databaseUrl) return restorePostgres(config.databaseUrl, file);
  return withPgliteDir(config.dataDir, async (dir) => {
    const loadDataDir = new Blob([fs.readFileSync(file)]);
    try {
      const pglite = await PGlite.create(dir, { ...PGLITE_OPTIONS, loadDataDir });
      try {
        const { rows } = await pglite.query<{ blob_id: string }>(REFERENCED_BLOBS);
        return rows.map((r) => r.blob_id);
      } finally {
        await pglite.close();
      }
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true }); // no half-loaded cluster stays behind
      throw error;
    }
  });
}

/** DATA_DIR/pglite under the same lock the server takes: a running server makes this refuse. */
async function withPgliteDir<T>(dataDir: string, use: (dir: string) => Promise<T>): Promise<T> {
  fs.mkdirSync(dataDir, { recursive: true });
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    throw new BackupError(error instanceof Error ? error.message : String(error));
  }
  try {
    return await use(path.join(dataDir, 'pglite'));
  } finally {
    unlock();
  }
}

async function dumpPostgres(url: string, file: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // pg_dump joins this transaction's snapshot: the dump and the blob list see the same rows.
    await client.query('begin transaction isolation level repeatable read, read only');
    const snapshot = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const { rows } = await client.query<{ blob_id: string }>(REFERENCED_BLOBS);
    await runTool('pg_dump', url, [
      '--format=custom',
      `--snapshot=${snapshot.rows[0]?.id ?? ''}`,
      `--file=${file}`,
    ]);
    await client.query('commit');
    return rows.map((r) => r.blob_id);
  } finally {
    await client.end();
  }
}

async function restorePostgres(url: string, file: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The dump grants to the cluster-wide role of row-level security (migration 0001): a new
    // cluster gets it here, and the restoring user may switch to it as the server does.
    await client.query(CREATE_TENANT_ROLE);
    // One transaction: a restore that fails leaves the database as empty as it was.
    await runTool('pg_restore', url, [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      file,
    ]);
    const { rows } = await client.query<{ blob_id: string }>(REFERENCED_BLOBS);
    return rows.map((r) => r.blob_id);
  } finally {
    await client.end();
  }
}

/**
 * Runs pg_dump or pg_restore from PG_BIN, else from PATH. The password travels in the
 * environment (PGPASSWORD), not on the command line where `ps` would show it.
 */
async function runTool(name: string, url: string, args: string[]): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const bin = process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name;
  const child = spawn(bin, [`--dbname=${target.toString()}`, ...args], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT')
      throw new BackupError(
        `${name} was not found: put PostgreSQL's client programs on PATH or set PG_BIN (e.g. /usr/lib/postgresql/15/bin).`,
      );
    throw error;
  });
  if (code !== 0) throw new BackupError(`${name} failed (exit ${code}): ${stderr.trim()}`);
}
