import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AuthToken } from '@listina/contract';
import { sha256 } from '../../lib/secrets';
import {
  createTestApp,
  createUser,
  errorCodes,
  login,
  type TestApp,
} from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  // The tests move session times in the database, behind the API's back: no remembered
  // sign-ins (ADR 0009), which never outlive a session's end anyway.
  t = await createTestApp({
    SESSION_IDLE_MINUTES: '30',
    SESSION_ROTATION_GRACE_SECONDS: '10',
    AUTH_CACHE_MS: '0',
  });
});
afterAll(() => t.close());

const me = (apikey: string) =>
  t.app.inject({ url: '/api/account/me', headers: { authorization: apikey } });
const post = (app: TestApp, url: string, apikey: string) =>
  app.app.inject({ method: 'POST', url, headers: { authorization: apikey } });

/** Moves a session's time back, as if `ms` had passed since. */
async function age(apikey: string, ms: number, column: 'last_used_at' | 'expires_at') {
  await sql`update user_session set ${sql.ref(column)} = ${sql.ref(column)} - ${`${ms} milliseconds`}::interval
    where token_hash = ${sha256(apikey)}`.execute(t.database.db);
}

describe('idle expiry', () => {
  it('ends a session unused for the idle time with 401 and keeps a used one', async () => {
    const user = await createUser(t);
    const idle = await login(t, user.username);
    const active = await login(t, user.username);
    await age(idle.apikey, 31 * 60_000, 'last_used_at');
    await age(active.apikey, 29 * 60_000, 'last_used_at');
    const refused = await me(idle.apikey);
    expect(refused.statusCode).toBe(401);
    expect(errorCodes(refused)).toEqual(['errors.sessionExpired']);
    expect((await me(active.apikey)).statusCode).toBe(200);
    // That use counts: the idle time starts again.
    await age(active.apikey, 29 * 60_000, 'last_used_at');
    expect((await me(active.apikey)).statusCode).toBe(200);
  });

  it('ends a session past its absolute life even while in use', async () => {
    const user = await createUser(t);
    const token = await login(t, user.username);
    await age(token.apikey, 13 * 3_600_000, 'expires_at');
    expect(errorCodes(await me(token.apikey))).toEqual(['errors.sessionExpired']);
  });
});

describe('rotation', () => {
  it('answers a new apikey; the old one works for the grace only, the new one after it', async () => {
    const user = await createUser(t);
    const old = await login(t, user.username);
    const res = await post(t, '/api/account/refresh', old.apikey);
    expect(res.statusCode).toBe(200);
    const fresh = res.json<AuthToken>();
    expect(fresh.apikey).not.toBe(old.apikey);
    expect(fresh.username).toBe(user.username);
    expect(Date.parse(fresh.expiresAt)).toBeGreaterThanOrEqual(Date.parse(old.expiresAt));
    // A request sent with the old apikey just before the exchange still gets through.
    expect((await me(old.apikey)).statusCode).toBe(200);
    await age(old.apikey, 11_000, 'expires_at'); // the grace of 10 s has passed
    const refused = await me(old.apikey);
    expect(refused.statusCode).toBe(401);
    expect(errorCodes(refused)).toEqual(['errors.sessionExpired']);
    expect((await me(fresh.apikey)).statusCode).toBe(200);
  });

  it('ends the old apikey at once without a grace, and exchanges an apikey only once', async () => {
    const strict = await createTestApp({ SESSION_ROTATION_GRACE_SECONDS: '0' });
    try {
      const user = await createUser(strict);
      const old = await login(strict, user.username);
      const fresh = (await post(strict, '/api/account/refresh', old.apikey)).json<AuthToken>();
      const again = await post(strict, '/api/account/refresh', old.apikey);
      expect(again.statusCode).toBe(401);
      const read = (apikey: string) =>
        strict.app.inject({ url: '/api/account/me', headers: { authorization: apikey } });
      expect((await read(old.apikey)).statusCode).toBe(401);
      expect((await read(fresh.apikey)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('does not count the exchange as use: an idle session stays as idle', async () => {
    const user = await createUser(t);
    const old = await login(t, user.username);
    await age(old.apikey, 20 * 60_000, 'last_used_at');
    const fresh = (await post(t, '/api/account/refresh', old.apikey)).json<AuthToken>();
    await age(fresh.apikey, 11 * 60_000, 'last_used_at'); // 31 minutes without use in all
    expect(errorCodes(await me(fresh.apikey))).toEqual(['errors.sessionExpired']);
  });
});

describe('sign out everywhere else', () => {
  it('ends every other session of the user with 401 and keeps this one and other users', async () => {
    const user = await createUser(t);
    const stranger = await createUser(t);
    const phone = await login(t, user.username);
    const laptop = await login(t, user.username);
    // This browser renewed its apikey a moment ago: the old one, in its grace, is not counted.
    const before = await login(t, user.username);
    const current = (await post(t, '/api/account/refresh', before.apikey)).json<AuthToken>();
    const theirs = await login(t, stranger.username);
    const res = await post(t, '/api/account/logout-others', current.apikey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const ended of [phone, laptop, before]) {
      const refused = await me(ended.apikey);
      expect(refused.statusCode).toBe(401);
      expect(errorCodes(refused)).toEqual(['errors.invalidApikey']);
    }
    expect((await me(current.apikey)).statusCode).toBe(200);
    expect((await me(theirs.apikey)).statusCode).toBe(200);
  });
});
