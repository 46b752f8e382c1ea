import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db';
import { createDb, migrateToLatest, type DbHandle } from './create-db';
import { inScope } from './scope';
import { uuidv7 } from '../lib/ids';

describe('database', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('keeps a concurrent insert when another transaction rolls back', async () => {
    const { db } = handle;
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('login_failure').values({ subject: 'rolled-back' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('abort');
    });
    const concurrent = db.insertInto('login_failure').values({ subject: 'kept' }).execute();
    await expect(failing).rejects.toThrow('abort');
    await concurrent;
    const subjects = await db.selectFrom('login_failure').select('subject').execute();
    expect(subjects.map((r) => r.subject)).toEqual(['kept']);
  });

  it('hides other organisations rows inside a tenant scope (row-level security)', async () => {
    const { db } = handle;
    const user = await db
      .insertInto('app_user')
      .values({
        key: uuidv7(),
        username: 'rls',
        email: 'rls@example.test',
        display_name: 'R',
        password_hash: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orgs = await db
      .insertInto('organization')
      .values([
        { key: uuidv7(), name: 'A', name_nick: 'A', connect_code: 'AAAA' },
        { key: uuidv7(), name: 'B', name_nick: 'B', connect_code: 'BBBB' },
      ])
      .returning('id')
      .execute();
    const [a, b] = orgs.map((o) => o.id) as [string, string];
    await db
      .insertInto('organization_bank_account')
      .values([
        { organization_id: a, key: uuidv7(), code: 'SI56A' },
        { organization_id: b, key: uuidv7(), code: 'SI56B' },
      ])
      .execute();

    // The query "forgets" its where clause; the database still shows only organisation A.
    const seen = await inScope(db, { userId: user.id, organizationId: a }, (trx) =>
      trx.selectFrom('organization_bank_account').select('code').execute(),
    );
    expect(seen.map((r) => r.code)).toEqual(['SI56A']);

    const foreignWrite = inScope(db, { userId: user.id, organizationId: a }, (trx) =>
      trx
        .insertInto('organization_bank_account')
        .values({ organization_id: b, key: uuidv7(), code: 'X' })
        .execute(),
    );
    await expect(foreignWrite).rejects.toThrow(/row-level security/);
    const orgNames = await inScope(db, { userId: user.id, organizationId: a }, (trx) =>
      trx.selectFrom('organization').select('name').execute(),
    );
    expect(orgNames.map((r) => r.name)).toEqual(['A']);
  });

  it('answers with bigint and numeric values as strings, never floats', async () => {
    const row = await sql<{
      big: unknown;
      money: unknown;
    }>`select 9007199254740993::bigint as big, 1234.50::numeric(18,2) as money`.execute(handle.db);
    expect(row.rows[0]).toEqual({ big: '9007199254740993', money: '1234.50' });
  });
});

describe('embedded data directory', () => {
  it('keeps data across a restart and refuses a second process on the same directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-pglite-'));
    try {
      const first = await createDb({ dataDir });
      await migrateToLatest(first.db);
      await first.db.insertInto('login_failure').values({ subject: 'survivor' }).execute();
      await first.close();

      const second = await createDb({ dataDir });
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.ppid)); // a live other process
      await expect(createDb({ dataDir })).rejects.toThrow(/in use by process/);
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid));
      await migrateToLatest(second.db);
      const rows = await second.db.selectFrom('login_failure').select('subject').execute();
      expect(rows).toEqual([{ subject: 'survivor' }]);
      await second.close();
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
