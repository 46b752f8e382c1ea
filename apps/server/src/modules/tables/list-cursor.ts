import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { badRequest } from '../../lib/errors';
import type { EntityDef } from './entity';
import type { SortKey } from './tables.repository';

/**
 * Keyset cursors the server signs (issue 22). A cursor carries the sort values of a page's
 * last row into the next page's SQL; one the server did not write (any base64 a caller makes
 * up, or a real one of another table or sort, whose values have other types) reached the
 * statement and answered 500. Each cursor is signed, bound to its table and sort, and any
 * other is refused with 400 errors.badCursor before a statement is built.
 *
 * The key is derived (HKDF) from the server secret migration 0014 made, which every process
 * of the database shares: a cursor handed out by one process is taken by the next.
 */

/** Enough to make a forgery hopeless, short enough for a URL. */
const MAC_BYTES = 16;
const KEY_INFO = 'listina list cursors v1';

export interface CursorCodec {
  encode(entity: EntityDef, sort: readonly SortKey[], values: unknown[]): string;
  /** The values a cursor carries, or a 400 when the server did not write it for this sort. */
  decode(entity: EntityDef, sort: readonly SortKey[], cursor: string): unknown[];
}

const badCursor = () => badRequest('errors.badCursor', [], 'cursor');

/** What a cursor is bound to: the table and its sort keys, in order, with their directions. */
function boundTo(entity: EntityDef, sort: readonly SortKey[]): string {
  const keys = sort.map(({ column, desc }) => {
    const name = typeof column === 'string' ? column : 'name' in column ? column.name : 'rank';
    return `${name} ${desc ? 'desc' : 'asc'}`;
  });
  return `${entity.name}:${keys.join(',')}`;
}

export function createCursorCodec(secret: Buffer): CursorCodec {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), KEY_INFO, 32));
  const mac = (scope: string, payload: string) =>
    createHmac('sha256', key).update(`${scope}\n${payload}`).digest().subarray(0, MAC_BYTES);
  return {
    encode(entity, sort, values) {
      const json = JSON.stringify(values.map((v) => (v instanceof Date ? v.toISOString() : v)));
      const payload = Buffer.from(json).toString('base64url');
      return `${payload}.${mac(boundTo(entity, sort), payload).toString('base64url')}`;
    },
    decode(entity, sort, cursor) {
      const [payload = '', signature = '', extra] = cursor.split('.');
      const given = Buffer.from(signature, 'base64url');
      const wanted = mac(boundTo(entity, sort), payload);
      if (extra !== undefined || given.length !== wanted.length || !timingSafeEqual(given, wanted))
        throw badCursor();
      try {
        const values: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (Array.isArray(values) && values.length === sort.length) return values as unknown[];
      } catch {
        // reported below: a signed cursor is always JSON, so only a changed key gets here
      }
      throw badCursor();
    },
  };
}

/** The codec with the database's secret (migration 0014), read once. */
export async function loadCursorCodec(db: Db): Promise<CursorCodec> {
  const { rows } = await sql<{ value: string }>`
    select value from server_secret where name = 'file-links'
  `.execute(db);
  const value = rows[0]?.value;
  if (!value) throw new Error('server_secret has no file-links key: is the database migrated?');
  return createCursorCodec(Buffer.from(value, 'hex'));
}
