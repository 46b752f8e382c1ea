import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db';
import { uuidv7 } from '../lib/ids';
import type { DbHandle } from './create-db';
import { executePipeline } from './pipeline';
import { inScope, readInScope } from './scope';

/** Scopes as the table engine uses them, on PGlite or (DATABASE_URL) on PostgreSQL. */
describe('tenant scope', () => {
  let handle: DbHandle;
  let userId: string;
  let a: string;
  let b: string;

  beforeAll(async () => {
    handle = await createTestDb();
    const { db } = handle;
    ({ id: userId } = await db
      .insertInto('app_user')
      .values({
        key: uuidv7(),
        username: 'scope',
        email: 'scope@example.test',
        display_name: 'S',
        password_hash: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow());
    const orgs = await db
      .insertInto('organization')
      .values([
        { key: uuidv7(), name: 'A', name_nick: 'A', connect_code: 'SCPA' },
        { key: uuidv7(), name: 'B', name_nick: 'B', connect_code: 'SCPB' },
      ])
      .returning('id')
      .execute();
    [a, b] = orgs.map((o) => o.id) as [string, string];
    await db
      .insertInto('organization_bank_account')
      .values([
        { organization_id: a, key: uuidv7(), code: 'SI56A' },
        { organization_id: b, key: uuidv7(), code: 'SI56B' },
      ])
      .execute();
  });
  afterAll(() => handle.close());

  /** What a pooled connection is left with after a scope: the owner, no scope settings. */
  const leftOver = async () =>
    (
      await sql<{ role: string; org: string | null }>`
        select current_user as role, current_setting('listina.organization_id', true) as org
      `.execute(handle.db)
    ).rows[0];

  it('reads in one pipelined statement only the scope organisation rows, even without a where clause', async () => {
    const rows = await readInScope(
      handle.db,
      { userId, organizationId: a },
      sql<{ code: string }>`select code from organization_bank_account order by code`,
    );
    expect(rows).toEqual([{ code: 'SI56A' }]);
    const owner = await leftOver();
    expect(owner?.role).not.toBe('listina_tenant');
    expect(owner?.org ?? '').toBe('');
  });

  it('refuses a write in a scoped read and leaves nothing behind', async () => {
    const write = readInScope(
      handle.db,
      { userId, organizationId: a },
      sql`insert into organization_bank_account (organization_id, key, code)
          values (${a}, ${uuidv7()}, 'SI56NEW') returning id`,
    );
    await expect(write).rejects.toThrow(/read-only transaction/);
    const codes = await handle.db.selectFrom('organization_bank_account').select('code').execute();
    expect(codes.map((r) => r.code).sort()).toEqual(['SI56A', 'SI56B']);
    expect((await leftOver())?.org ?? '').toBe('');
  });

  it('refuses a scoped read inside another transaction, whose end it would take over', async () => {
    const nested = handle.db
      .transaction()
      .execute((trx) => readInScope(trx, { userId, organizationId: a }, sql`select 1`));
    await expect(nested).rejects.toThrow(/not inside one/);
  });

  it('reports a failing statement of a scoped read with its own error', async () => {
    const failing = readInScope(handle.db, { userId, organizationId: a }, sql`select 1 / 0`);
    await expect(failing).rejects.toThrow(/division by zero/);
    expect((await leftOver())?.org ?? '').toBe('');
  });

  it('runs a scoped read of another organisation with that organisation only', async () => {
    const [first, second] = await Promise.all([
      readInScope(
        handle.db,
        { userId, organizationId: a },
        sql<{ code: string }>`select code from organization_bank_account`,
      ),
      readInScope(
        handle.db,
        { userId, organizationId: b },
        sql<{ code: string }>`select code from organization_bank_account`,
      ),
    ]);
    expect(first).toEqual([{ code: 'SI56A' }]);
    expect(second).toEqual([{ code: 'SI56B' }]);
  });

  it('keeps a transaction whole when its BEGIN goes out with the scope', async () => {
    const failing = inScope(handle.db, { userId, organizationId: a }, async (trx) => {
      await trx
        .insertInto('organization_bank_account')
        .values({ organization_id: a, key: uuidv7(), code: 'SI56ROLLED' })
        .execute();
      throw new Error('abort');
    });
    await expect(failing).rejects.toThrow('abort');
    const codes = await handle.db.selectFrom('organization_bank_account').select('code').execute();
    expect(codes.map((r) => r.code)).not.toContain('SI56ROLLED');
    expect((await leftOver())?.org ?? '').toBe('');
  });

  it('commits a plain transaction whose first statement waits for its BEGIN', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('login_failure').values({ subject: 'scope-test' }).execute();
      // Still the transaction of the insert, which holds a transaction id.
      const open = await sql<{ open: boolean }>`
        select txid_current_if_assigned() is not null as open
      `.execute(trx);
      expect(open.rows[0]?.open).toBe(true);
    });
    await handle.db.transaction().execute(() => Promise.resolve()); // no statement at all
    const rows = await handle.db.selectFrom('login_failure').select('subject').execute();
    expect(rows.map((r) => r.subject)).toContain('scope-test');
  });

  it('answers each statement of a pipeline, a failure not stopping the others', async () => {
    const [ok, failed, after] = await executePipeline(handle.db, [
      sql`select 1 as one`.compile(handle.db),
      sql`select 1 / 0`.compile(handle.db),
      sql`select 2 as two`.compile(handle.db),
    ]);
    expect(ok).toMatchObject({ status: 'fulfilled', value: { rows: [{ one: 1 }] } });
    expect(failed?.status).toBe('rejected');
    expect(after).toMatchObject({ status: 'fulfilled', value: { rows: [{ two: 2 }] } });
  });
});
