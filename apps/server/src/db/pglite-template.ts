import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator } from 'kysely';
import { migrationProvider } from './migrations';
import { PGliteDialect, PGLITE_OPTIONS } from './pglite-dialect';
import { SERVER_ROOT } from '../lib/paths';

/**
 * initdb inside PGlite takes ~5 s here and the migrations seconds more; loading a dump of a
 * migrated cluster takes ~0.6 s. The dump is made once (by `npm run build`, or on first need)
 * and kept under apps/server/.cache, so start-up and every test database begin from it.
 */
const cacheDir = path.join(SERVER_ROOT, '.cache');

function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (dir !== path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

/**
 * Named by the PGlite version and the migrations in it, their names and their code (a
 * migration edited before it lands makes a new template), so a stale one is never used.
 */
async function templateFile(): Promise<string> {
  const migrations = await migrationProvider.getMigrations();
  const hash = createHash('sha256');
  for (const name of Object.keys(migrations).sort())
    hash.update(`${name}\n${migrations[name]?.up.toString() ?? ''}\n`);
  const digest = hash.digest('hex').slice(0, 12);
  return path.join(cacheDir, `pglite-${pgliteVersion()}-${digest}.tar`);
}

/**
 * A cluster with every migration applied: a new data directory (and each test database)
 * starts from it and finds nothing left to migrate.
 */
export async function ensureTemplate(): Promise<string> {
  const file = await templateFile();
  if (fs.existsSync(file)) return file;
  const pglite = await PGlite.create(PGLITE_OPTIONS);
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error) throw new Error('migrating the PGlite template failed', { cause: error });
  // Uncompressed: loading it is ~0.8 s faster than a gzipped one (stack.md measures).
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  await pglite.close();
  fs.mkdirSync(cacheDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file); // atomic: parallel test workers never read half a file
  return file;
}

export async function loadTemplate(): Promise<Blob> {
  const file = await ensureTemplate();
  return new Blob([fs.readFileSync(file)]);
}

/**
 * A migrated cluster as a directory, shut down cleanly: a new data directory is a plain copy
 * of it, which PGlite opens as fast as an existing one. (Loading a dump instead takes ~1.4 s
 * longer here: the dump of a running cluster is written through WebAssembly and then
 * recovered as after a crash.)
 */
export async function copyTemplateInto(dataDir: string): Promise<void> {
  fs.cpSync(await prepareTemplateDir(), dataDir, { recursive: true });
}

export async function prepareTemplateDir(): Promise<string> {
  const source = (await templateFile()).replace(/\.tar$/, '.d');
  if (!fs.existsSync(path.join(source, 'PG_VERSION'))) {
    const building = `${source}.${process.pid}.tmp`;
    fs.rmSync(building, { recursive: true, force: true });
    const pglite = await PGlite.create(building, PGLITE_OPTIONS);
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    if (error) throw new Error('migrating the PGlite template failed', { cause: error });
    await db.destroy();
    await pglite.close();
    fs.rmSync(source, { recursive: true, force: true });
    fs.renameSync(building, source); // atomic: a parallel start never copies half a cluster
  }
  return source;
}
