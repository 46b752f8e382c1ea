import pg from 'pg';
import { createDb, migrateToLatest, type DbHandle } from '../../apps/server/src/db/create-db';
import { createTestDb } from '../../apps/server/test/test-db';

/**
 * A bench's database: a new in-memory one, or with `keep` the named one, kept for the next run
 * (a PostgreSQL database of that name beside DATABASE_URL's, else a PGlite data directory),
 * created and migrated when missing. Statements run without a time limit: bulk loads and
 * index builds take minutes.
 */
export async function openBenchDatabase(keep: string | undefined): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (!keep) return createTestDb();
  if (!url) {
    const handle = await createDb({ dataDir: keep });
    await migrateToLatest(handle.db);
    return handle;
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [keep]);
  if (!found.rowCount) await admin.query(`create database ${admin.escapeIdentifier(keep)}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${keep}`;
  const handle = await createDb({
    databaseUrl: own.toString(),
    timeouts: { connectMs: 5000, statementMs: 0 },
  });
  await migrateToLatest(handle.db);
  return handle;
}
