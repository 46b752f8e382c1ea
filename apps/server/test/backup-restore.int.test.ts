import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewInfo } from '@listina/contract';
import { createDb, migrateToLatest, type Db, type DbHandle } from '../src/db/create-db';
import { DEMO_PASSWORD, seedDemo } from '../src/modules/demo/demo';
import { seedDemoDocuments } from '../src/modules/demo/demo-documents';
import { REPO_ROOT } from '../src/lib/paths';
import { createBlobStore } from '../src/plugins/storage/create-blob-store';
import { s3StorageEnv, startTestS3Server } from '../src/plugins/storage/s3-test-server';
import { createTestApp } from './factories';

/**
 * Issue 9: a populated instance (the demo seed: organisations, documents with their PDFs,
 * payment orders) is backed up with `npm run backup`, restored with `npm run restore` into a
 * new instance, and every table of the public schema, every sequence and every file is the
 * same there; the restored server signs in and serves a document's file. On the embedded
 * database always, and on PostgreSQL too when DATABASE_URL is set (pg_dump from PG_BIN).
 */

const run = promisify(execFile);
const adminUrl = process.env.DATABASE_URL;
const PG15 = '/usr/lib/postgresql/15/bin';
const temp: string[] = [];
const databases: string[] = [];

afterAll(async () => {
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
};

interface Instance {
  dataDir: string;
  databaseUrl?: string;
  open(): Promise<DbHandle>;
}

function pgliteInstance(): Instance {
  const dataDir = tempDir('listina-backup-');
  return { dataDir, open: () => createDb({ dataDir }) };
}

async function postgresInstance(admin: string): Promise<Instance> {
  const name = `listina_backup_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  databases.push(name);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    dataDir: tempDir('listina-backup-'),
    databaseUrl,
    open: () => createDb({ databaseUrl }),
  };
}

/** The demo seed, smaller: every kind of row and a PDF per document. */
async function populate(instance: Instance): Promise<void> {
  const handle = await instance.open();
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    const blobs = createBlobStore({ dataDir: instance.dataDir, storage: { kind: 'local' } });
    await seedDemoDocuments(handle.db, blobs, {
      perOrganization: { demo: 6, other: 1 },
      today: '2026-11-24',
    });
  } finally {
    await handle.close();
  }
}

/** `npm run backup|restore -- <dir>` as the operator runs it, with the instance's settings. */
function script(
  verb: 'backup' | 'restore',
  instance: Instance,
  dir: string,
  env: Record<string, string> = {},
) {
  return run(process.execPath, ['--import', 'tsx', `apps/server/scripts/${verb}.ts`, dir], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: instance.dataDir,
      DATABASE_URL: instance.databaseUrl ?? '',
      PG_BIN: process.env.PG_BIN ?? (fs.existsSync(PG15) ? PG15 : ''),
      ...env,
    },
  });
}

const tablesOf = async (db: Db) =>
  (
    await sql<{ name: string }>`
      select tablename as name from pg_tables where schemaname = 'public' order by 1
    `.execute(db)
  ).rows.map((r) => r.name);

/** Every row of every table of the public schema, hashed; and every sequence's last value. */
async function contentOf(db: Db) {
  const tables: Record<string, { rows: number; sha256: string }> = {};
  for (const name of await tablesOf(db)) {
    const { rows } = await sql<{ rows: number; sha256: string | null }>`
      select count(*)::int as rows, encode(sha256(convert_to(
        string_agg(t::text, E'\n' order by t::text collate "C"), 'UTF8')), 'hex') as sha256
      from ${sql.table(name)} t
    `.execute(db);
    tables[name] = { rows: rows[0]?.rows ?? 0, sha256: rows[0]?.sha256 ?? '' };
  }
  const sequences = (
    await sql<{ name: string; last: string | null }>`
      select sequencename as name, last_value::text as last from pg_sequences
      where schemaname = 'public' order by 1
    `.execute(db)
  ).rows;
  return { tables, sequences };
}

/** Every file under DATA_DIR/blobs: its path and the SHA-256 of its content. */
function filesOf(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'blobs');
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(root, file)] = createHash('sha256')
      .update(fs.readFileSync(file))
      .digest('hex');
  }
  return files;
}

/** Whether the instance has a database: tables on PostgreSQL, the folder of the embedded one. */
async function hasDatabase(instance: Instance): Promise<boolean> {
  if (!instance.databaseUrl) return fs.existsSync(path.join(instance.dataDir, 'pglite'));
  return read(instance, async (db) => (await tablesOf(db)).length > 0);
}

async function read<T>(instance: Instance, use: (db: Db) => Promise<T>): Promise<T> {
  const handle = await instance.open();
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

const cases: [string, () => Promise<Instance>][] = [
  ['the embedded database', async () => pgliteInstance()],
];
if (adminUrl) cases.push(['PostgreSQL', () => postgresInstance(adminUrl)]);

describe.each(cases)('backup and restore of %s', (kind, makeInstance) => {
  let source: Instance;
  let backupDir: string;
  let before: Awaited<ReturnType<typeof contentOf>>;
  let files: Record<string, string>;

  beforeAll(async () => {
    source = await makeInstance();
    await populate(source);
    backupDir = path.join(tempDir('listina-backup-dir-'), 'backup');
    const backedUp = await script('backup', source, backupDir);
    expect(backedUp.stdout).toMatch(/^Backed up into .*: the .* database \(.*\) and \d+ files/);
    before = await read(source, contentOf);
    files = filesOf(source.dataDir);
  }, 120_000);

  it(
    'restores every row, sequence and file into a new instance that serves them',
    { timeout: 120_000 },
    async () => {
      const target = await makeInstance();
      const restored = await script('restore', target, backupDir);
      expect(restored.stdout).toMatch(/^Restored from /);

      const after = await read(target, contentOf);
      expect(Object.keys(before.tables).length).toBeGreaterThan(20);
      for (const table of ['organization', 'doc', 'doc_file', 'pay_order', 'pay_package'])
        expect(before.tables[table]?.rows, table).toBeGreaterThan(0);
      expect(after).toEqual(before);
      expect(Object.keys(files).length).toBeGreaterThan(10);
      expect(filesOf(target.dataDir)).toEqual(files);

      // The restored instance is a working one: the demo user signs in and opens a document's file.
      const t = await createTestApp(
        { DATA_DIR: target.dataDir },
        { openDatabase: () => target.open() },
      );
      try {
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { username: 'demo', password: DEMO_PASSWORD },
        });
        expect(login.statusCode, login.body).toBe(200);
        const token = login.json<{ apikey: string; organizations: { id: string }[] }>();
        const headers = {
          authorization: token.apikey,
          'organization-id': token.organizations[0]?.id ?? '',
        };
        const docs = await t.app.inject({ url: '/api/doc?count=1', headers });
        const [doc] = docs.json<{ items: { key: string }[] }>().items;
        const info = await t.app.inject({
          method: 'POST',
          url: `/api/doc/${doc?.key ?? ''}/preview.info`,
          headers,
        });
        expect(info.statusCode, info.body).toBe(200);
        const [file] = info.json<PreviewInfo>().files;
        const shown = await t.app.inject({ url: file?.url ?? '' });
        expect(shown.statusCode).toBe(200);
        const sha256 = createHash('sha256').update(shown.rawPayload).digest('hex');
        expect(Object.values(files)).toContain(sha256);
      } finally {
        await t.close();
      }
    },
  );

  it('refuses to restore over an instance that has data, and changes nothing there', async () => {
    const refused = await script('restore', source, backupDir).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/restore failed: .*(new, empty)/),
    });
    expect(await read(source, contentOf)).toEqual(before);
    expect(filesOf(source.dataDir)).toEqual(files);
  });

  it.skipIf(kind === 'PostgreSQL')(
    'refuses to back up the embedded database while a server holds it, writing nothing',
    async () => {
      const lock = path.join(source.dataDir, 'pglite.lock');
      fs.writeFileSync(lock, String(process.pid)); // as a running server holds it
      const dir = path.join(tempDir('listina-backup-dir-'), 'held');
      try {
        const refused = await script('backup', source, dir).catch((error: unknown) => error);
        expect(refused).toMatchObject({
          code: 1,
          stderr: expect.stringContaining(`is in use by process ${process.pid}. Stop it`),
        });
        expect(fs.readdirSync(dir)).toEqual([]);
      } finally {
        fs.rmSync(lock, { force: true });
      }
    },
  );

  it.skipIf(kind === 'PostgreSQL')(
    'restores into an S3 store and backs up from it again, file for file',
    { timeout: 120_000 },
    async () => {
      const s3 = await startTestS3Server();
      try {
        const env = s3StorageEnv(s3);
        const target = await makeInstance();
        await script('restore', target, backupDir, env);
        const again = path.join(tempDir('listina-backup-dir-'), 'again');
        await script('backup', target, again, env);
        expect(filesOf(again)).toEqual(files);
        expect(await read(target, contentOf)).toEqual(before);
      } finally {
        await s3.close();
      }
    },
  );

  it('refuses a backup with a damaged file, naming it, and restores no rows', async () => {
    const damaged = path.join(tempDir('listina-backup-dir-'), 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const [relative = ''] = Object.keys(filesOf(damaged));
    const name = path.basename(relative);
    const file = path.join(damaged, 'blobs', relative);
    fs.appendFileSync(file, 'tampered');
    const target = await makeInstance();
    const refused = await script('restore', target, damaged).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`${name} is damaged`),
    });
    expect(await hasDatabase(target)).toBe(false);
  });
});
