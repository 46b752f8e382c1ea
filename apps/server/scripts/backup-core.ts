import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../src/config';
import type { BlobStore } from '../src/plugins/storage/blob-store';
import { createBlobStore } from '../src/plugins/storage/create-blob-store';
import { createLocalBlobStore } from '../src/plugins/storage/local-blob-store';
import {
  assertNoDatabase,
  BackupError,
  DUMP_FILE,
  databaseKindOf,
  dumpDatabase,
  restoreDatabase,
  type DatabaseKind,
} from './backup-database';

/**
 * A backup is a directory (docs/operations.md): the database dump, the files under
 * blobs/ab/cd/<sha256> (the local store's layout) and manifest.json, written last, so a
 * directory without it is an unfinished backup that restore refuses.
 */

export const MANIFEST = 'manifest.json';
export const FORMAT = 'listina-backup-1';

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  database: DatabaseKind;
  databaseFile: string;
  databaseSha256: string;
  blobs: { count: number; bytes: number; referenced: number };
}

export interface Summary {
  database: DatabaseKind;
  databaseBytes: number;
  blobs: number;
  blobBytes: number;
  ms: number;
}

/**
 * Database first, then files. Files are content-addressed and never change, and each is
 * stored before the row that names it commits, so every file a dumped row names is already
 * in the store when the copy begins; files added later are merely extra. The one way to miss
 * one (the sweep deleting a day-old orphan whose last row was deleted after the dump) is
 * caught: the dump's own list of named files is checked against what was copied.
 */
export async function backup(config: Config, dir: string): Promise<Summary> {
  assertEmptyDir(dir);
  fs.mkdirSync(dir, { recursive: true });
  try {
    return await backupInto(config, dir);
  } catch (error) {
    // Nothing half-written stays behind: the directory was empty before.
    for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true });
    throw error;
  }
}

async function backupInto(config: Config, dir: string): Promise<Summary> {
  const started = Date.now();
  const database = databaseKindOf(config);
  const databaseFile = DUMP_FILE[database];
  const referenced = await dumpDatabase(config, path.join(dir, databaseFile));
  const copied = await copyBlobs(createBlobStore(config), backupStore(dir));
  assertAllPresent(referenced, copied.ids, 'the blob store');
  fs.rmSync(path.join(dir, 'blobs', 'tmp'), { recursive: true, force: true }); // spool folder
  const databaseBytes = fs.statSync(path.join(dir, databaseFile)).size;
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    database,
    databaseFile,
    databaseSha256: sha256File(path.join(dir, databaseFile)),
    blobs: { count: copied.ids.size, bytes: copied.bytes, referenced: referenced.length },
  };
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return summary(database, databaseBytes, copied, started);
}

/** Into an empty database (new DATA_DIR, or a new PostgreSQL database) and its blob store. */
export async function restore(config: Config, dir: string): Promise<Summary> {
  const started = Date.now();
  const manifest = readManifest(dir);
  const database = databaseKindOf(config);
  if (manifest.database !== database)
    throw new BackupError(
      `The backup holds ${describe(manifest.database)}, but the configuration names ${describe(database)}: ${
        database === 'postgres' ? 'unset' : 'set'
      } DATABASE_URL.`,
    );
  const file = path.join(dir, manifest.databaseFile);
  if (sha256File(file) !== manifest.databaseSha256)
    throw new BackupError(`${file} is not the file the backup wrote (its SHA-256 differs).`);
  await assertNoDatabase(config);
  // Files first: once the database is there, every row it holds finds its file.
  const copied = await copyBlobs(backupStore(dir), createBlobStore(config));
  if (copied.ids.size !== manifest.blobs.count)
    throw new BackupError(
      `The backup lists ${manifest.blobs.count} files but holds ${copied.ids.size}.`,
    );
  const referenced = await restoreDatabase(config, file);
  assertAllPresent(referenced, copied.ids, 'the backup');
  return summary(database, fs.statSync(file).size, copied, started);
}

const describe = (kind: DatabaseKind) =>
  kind === 'postgres' ? 'a PostgreSQL database' : 'the embedded database';

const backupStore = (dir: string) => createLocalBlobStore({ root: path.join(dir, 'blobs') });

function summary(
  database: DatabaseKind,
  databaseBytes: number,
  copied: { ids: Set<string>; bytes: number },
  started: number,
): Summary {
  const ms = Date.now() - started;
  return { database, databaseBytes, blobs: copied.ids.size, blobBytes: copied.bytes, ms };
}

/** Copies every blob; each one's content must hash to its name (a damaged file stops it). */
async function copyBlobs(from: BlobStore, to: BlobStore) {
  const ids = new Set<string>();
  let bytes = 0;
  for await (const blob of from.list()) {
    const stored = await to.put(await from.open(blob.id));
    if (stored.id !== blob.id) {
      await to.delete(stored.id);
      throw new BackupError(`The file ${blob.id} is damaged: its content hashes to ${stored.id}.`);
    }
    ids.add(blob.id);
    bytes += stored.size;
  }
  return { ids, bytes };
}

function assertAllPresent(referenced: string[], present: Set<string>, where: string) {
  const missing = referenced.filter((id) => !present.has(id));
  if (missing.length > 0)
    throw new BackupError(
      `${missing.length} file(s) named by the database are missing from ${where}: ${missing
        .slice(0, 5)
        .join(', ')}${missing.length > 5 ? ', …' : ''}`,
    );
}

function assertEmptyDir(dir: string) {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new BackupError(`${dir} is not empty: back up into a new directory.`);
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file))
    throw new BackupError(`${dir} has no ${MANIFEST}: it is not a backup, or an unfinished one.`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Manifest>;
  if (manifest.format !== FORMAT)
    throw new BackupError(`${file} is not a backup of this version (format ${manifest.format}).`);
  return manifest as Manifest;
}

function sha256File(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(1 << 20);
    for (let n = fs.readSync(fd, chunk); n > 0; n = fs.readSync(fd, chunk))
      hash.update(chunk.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}
