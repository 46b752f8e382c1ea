import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DbHandle } from '../../apps/server/src/db/create-db';
import type { Database } from '../../apps/server/src/db/schema';

/**
 * The engine's statement alone on a connection of the same pool, its rows decoded by the same
 * driver, as the table owner (no row-level security). The connection is held for the whole
 * run, with the organisation that listina_search_ids reads set once for its session.
 *
 * "direct" is the statement as the server's own read comes: the first on its connection since
 * the previous call, right after a call to the server. "direct, warm" is the same statement
 * sent straight after another round trip on the same connection (a `select 1`); PostgreSQL and
 * the driver then answer ~0.1 ms sooner (bench/README.md), a state the server's read is never in.
 */
export async function timeDirect(on: OnDirect, statement: RawBuilder<unknown>, warm: boolean) {
  return on(async (conn) => {
    if (warm) await sql`select 1`.execute(conn);
    const started = performance.now();
    const { rows } = await statement.execute(conn);
    return { elapsed: performance.now() - started, rows: rows.length };
  });
}

/** Runs a direct timing on the direct connection. */
export type OnDirect = <T>(fn: (conn: Kysely<Database>) => Promise<T>) => Promise<T>;

const setOrganization = (conn: Kysely<Database>, id: string) =>
  sql`select set_config('listina.organization_id', ${id}, false)`.execute(conn);

/**
 * The direct connection for the run: on PostgreSQL one connection of the pool, held with the
 * organisation set once. PGlite has a single connection, which the server's calls need between
 * the timings: each timing takes it in turn with the organisation set around it (in process
 * there is no idle backend to tell apart from a warm one).
 */
export async function withDirect(
  database: DbHandle,
  organizationId: string,
  run: (on: OnDirect) => Promise<void>,
) {
  const { db } = database;
  if (database.kind === 'pglite') {
    return run((fn) =>
      db.connection().execute(async (conn) => {
        await setOrganization(conn, organizationId);
        try {
          return await fn(conn);
        } finally {
          await setOrganization(conn, '');
        }
      }),
    );
  }
  await db.connection().execute(async (conn) => {
    await setOrganization(conn, organizationId);
    await run((fn) => fn(conn));
    await setOrganization(conn, '');
  });
}
