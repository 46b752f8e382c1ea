import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, migrateToLatest, type DbHandle } from '../src/db/create-db';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of DATABASE_URL (dropped again on close).
 */
export async function createTestDb(): Promise<DbHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await createDb({ dataDir: null });
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `listina_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString() });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
