import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db';
import { uuidv7 } from '../lib/ids';
import { createDb, type DbHandle } from './create-db';
import { readArraysInScope, readInScope, readRawInScope } from './scope';
import { rawValue, type RawRows } from './raw-rows';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** Every value of raw rows, decoded as node-postgres hands them over. */
const decoded = (raw: RawRows) =>
  Array.from({ length: raw.count }, (_, i) => raw.columns.map((_c, j) => rawValue(raw, i, j)));

/** Scoped reads whose rows stay PostgreSQL's bytes (ADR 0014). */
describe('scoped reads as bytes', () => {
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
        username: 'raw',
        email: 'raw@example.test',
        display_name: 'R',
        password_hash: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow());
    const orgs = await db
      .insertInto('organization')
      .values([
        { key: uuidv7(), name: 'A', name_nick: 'A', connect_code: 'RAWA' },
        { key: uuidv7(), name: 'B', name_nick: 'B', connect_code: 'RAWB' },
      ])
      .returning('id')
      .execute();
    [a, b] = orgs.map((o) => o.id) as [string, string];
    await db
      .insertInto('organization_bank_account')
      .values([
        { organization_id: a, key: uuidv7(), code: 'SI56A', bic: 'LJBASI2X' },
        { organization_id: b, key: uuidv7(), code: 'SI56B' },
      ])
      .execute();
  });
  afterAll(() => handle.close());

  const scopeA = () => ({ userId, organizationId: a });

  it.skipIf(onPostgres)('leaves PGlite to the decoded read', async () => {
    expect(await readRawInScope(handle.db, scopeA(), sql`select 1`)).toBeUndefined();
  });

  it.runIf(onPostgres)(
    'reads only the scope organisation rows, as the decoded read does',
    async () => {
      const statement = sql`select id, key, organization_id, code, bic, is_active, created_at
                          from organization_bank_account order by code`;
      const raw = await readRawInScope(handle.db, scopeA(), statement);
      const arrays = await readArraysInScope(handle.db, scopeA(), statement);
      expect(raw?.columns.map((c) => c.name)).toEqual(arrays.columns);
      expect(raw && decoded(raw)).toEqual(arrays.rows);
      expect(arrays.rows.map((r) => r[3])).toEqual(['SI56A']);
    },
  );

  it.runIf(onPostgres)(
    'keeps values of every kind and rows beyond one socket read, with text parameters',
    async () => {
      const statement = sql`
        select g, repeat(${'Šumi "d.o.o." \\ '}, g % 40) as text, null::text as nothing,
               g % 2 = 0 as even, (g / 7.0)::numeric(12, 2) as amount,
               date '2026-01-01' + g as day, timestamptz '2026-01-01 10:00+00' + g * interval '1 minute' as at,
               array[g, g + 1] as pair, g::bigint * 1000000000 as big
        from generate_series(1, ${3000}::int) g`;
      const raw = await readRawInScope(handle.db, scopeA(), statement);
      const arrays = await readArraysInScope(handle.db, scopeA(), statement);
      expect(raw?.count).toBe(3000);
      expect(raw?.bytes.length).toBeGreaterThan(64 * 1024);
      expect(raw && decoded(raw)).toEqual(arrays.rows);
    },
  );

  it.runIf(onPostgres)(
    'reports a failing statement with its own error, and the connection serves on',
    async () => {
      const failing = readRawInScope(handle.db, scopeA(), sql`select 1 / 0`);
      await expect(failing).rejects.toThrow(/division by zero/);
      const write = readRawInScope(
        handle.db,
        scopeA(),
        sql`insert into organization_bank_account (organization_id, key, code)
            values (${a}, ${uuidv7()}, 'SI56NEW') returning id`,
      );
      await expect(write).rejects.toThrow(/read-only transaction/);
      // Every connection of the pool, back with node-postgres, reads as before.
      const reads = await Promise.all(
        Array.from({ length: 12 }, () =>
          readInScope(
            handle.db,
            { userId, organizationId: b },
            sql<{ code: string }>`select code from organization_bank_account`,
          ),
        ),
      );
      for (const rows of reads) expect(rows).toEqual([{ code: 'SI56B' }]);
      const left = await sql<{ org: string | null }>`
        select current_setting('listina.organization_id', true) as org`.execute(handle.db);
      expect(left.rows[0]?.org ?? '').toBe('');
    },
  );

  it.runIf(onPostgres)(
    'leaves a parameter it does not send itself to the decoded read',
    async () => {
      const statement = sql`select ${new Date(0)}::timestamptz as at`;
      expect(await readRawInScope(handle.db, scopeA(), statement)).toBeUndefined();
    },
  );
});

/**
 * A link to PostgreSQL that hands the server's answers over a few bytes at a time, as a loaded
 * machine or a slow network does: an error's ReadyForQuery can then come after node-postgres
 * has already given the statement's error back (CI, stop 34).
 */
async function slowLink(
  target: URL,
): Promise<{ url: string; slow: (on: boolean) => void; close: () => Promise<void> }> {
  let isSlow = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    // Slow, each of the server's messages (a type byte, then its length) comes on its own.
    let pending = Buffer.alloc(0);
    let queue = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      if (!isSlow) return void client.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      const messages: Buffer[] = [];
      while (pending.length >= 5 && pending.length >= 1 + pending.readInt32BE(1)) {
        const size = 1 + pending.readInt32BE(1);
        messages.push(pending.subarray(0, size));
        pending = pending.subarray(size);
      }
      queue = queue.then(async () => {
        for (const message of messages) {
          if (client.destroyed) return;
          client.write(message);
          await new Promise((resolve) => setTimeout(resolve, 15));
        }
      });
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target.toString());
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    slow: (on) => {
      isSlow = on;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(onPostgres)('bytes read after a statement that failed', () => {
  it('gets its own rows, never the answer node-postgres still waits for', async () => {
    const handle = await createTestDb();
    const link = await slowLink(new URL(process.env.DATABASE_URL ?? ''));
    const pathname = new URL(
      (handle.pool as unknown as { options: { connectionString: string } }).options
        .connectionString,
    ).pathname;
    const url = new URL(link.url);
    url.pathname = pathname;
    const slow = await createDb({ databaseUrl: url.toString() });
    try {
      const scope = { userId: '0', organizationId: '0' };
      await sql`select 1`.execute(slow.db); // connected at full speed
      link.slow(true);
      for (let round = 0; round < 3; round++) {
        // Outside a transaction, so nothing waits on a ROLLBACK; the pool hands the same
        // connection to the next read at once.
        await expect(sql`select 1 / 0`.execute(slow.db)).rejects.toThrow(/division by zero/);
        // The bytes read, or (their ReadyForQuery still on its way) the decoded read's.
        const read = sql`select ${round}::int as n`;
        const raw = await readRawInScope(slow.db, scope, read);
        const rows = raw ? decoded(raw) : (await readArraysInScope(slow.db, scope, read)).rows;
        expect(rows).toEqual([[round]]);
        const after = await sql<{ n: number }>`select ${round + 10}::int as n`.execute(slow.db);
        expect(after.rows).toEqual([{ n: round + 10 }]);
      }
    } finally {
      await slow.close();
      await link.close();
      await handle.close();
    }
  });
});
