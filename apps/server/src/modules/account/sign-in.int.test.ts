import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInEvent } from '@listina/contract';
import { sha256 } from '../../lib/secrets';
import {
  createTestApp,
  createUser,
  errorCodes,
  login,
  PASSWORD,
  type TestApp,
} from '../../../test/factories';
import { insertCode } from './account.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_RATE_MAX_PER_USER: '3',
    LOGIN_LOCK_BASE_SECONDS: '60',
    LOGIN_LOCK_MAX_SECONDS: '240',
  });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const tryLogin = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username, password },
    headers: { 'content-language': 'sl', 'user-agent': 'Test browser 1.0' },
    remoteAddress,
  });

/** Moves an account's failed sign-ins back, as if `seconds` had passed since. */
async function wait(userId: string, seconds: number) {
  await sql`update login_failure set failed_at = failed_at - ${`${seconds} seconds`}::interval
    where subject like ${`%account:${userId}`}`.execute(t.database.db);
}

/** The seconds a 429 names (its message and its Retry-After header agree). */
function lockSeconds(res: Awaited<ReturnType<typeof tryLogin>>) {
  expect(res.statusCode).toBe(429);
  const msg = res.json<{ error: { msg: string }[] }>().error[0]?.msg ?? '';
  const seconds = Number(/čez (\d+) sekund/.exec(msg)?.[1]);
  expect(res.headers['retry-after']).toBe(String(seconds));
  return seconds;
}

describe('lockout with backoff', () => {
  it('locks a username after 3 failures for 1 minute, then 2, then 4 (the cap); a success resets', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 3; i++) expect((await tryLogin(user.username, 'bad')).statusCode).toBe(401);
    // Locked: even the right password waits.
    expect(lockSeconds(await tryLogin(user.username, PASSWORD))).toBeGreaterThan(55);
    expect(lockSeconds(await tryLogin(user.username, PASSWORD))).toBeLessThanOrEqual(60);
    await wait(user.id, 60);
    expect((await tryLogin(user.username, 'bad')).statusCode).toBe(401);
    const second = lockSeconds(await tryLogin(user.username, 'bad'));
    expect(second).toBeGreaterThan(115);
    expect(second).toBeLessThanOrEqual(120);
    await wait(user.id, 120);
    expect((await tryLogin(user.username, 'bad')).statusCode).toBe(401);
    expect(lockSeconds(await tryLogin(user.username, 'bad'))).toBeGreaterThan(235);
    await wait(user.id, 240);
    expect((await tryLogin(user.username, 'bad')).statusCode).toBe(401);
    // 60 s × 2³ would be 480: the cap of 240 holds.
    expect(lockSeconds(await tryLogin(user.username, 'bad'))).toBeLessThanOrEqual(240);
    await wait(user.id, 240);
    expect((await tryLogin(user.username, PASSWORD)).statusCode).toBe(200);
    // The success forgot the failures: three tries again before a lock.
    for (let i = 0; i < 3; i++) expect((await tryLogin(user.username, 'bad')).statusCode).toBe(401);
    expect((await tryLogin(user.username, 'bad')).statusCode).toBe(429);
  });

  it('answers an unknown username exactly as a known one', async () => {
    const user = await createUser(t);
    const answers = async (username: string) => {
      const seen = [];
      for (let i = 0; i < 4; i++) {
        const res = await tryLogin(username, 'bad');
        seen.push({ status: res.statusCode, codes: errorCodes(res) });
      }
      return seen;
    };
    const known = await answers(user.username);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 429]);
    expect(await answers('nobody-at-all')).toEqual(known);
  });
});

describe('locks belong to the account', () => {
  it('counts the failures of every name of the account: username, e-mail, e-mail in capitals', async () => {
    const user = await createUser(t);
    const address = '10.31.0.1';
    expect((await tryLogin(user.username, 'bad', address)).statusCode).toBe(401);
    expect((await tryLogin(user.email, 'bad', address)).statusCode).toBe(401);
    expect((await tryLogin(user.email.toUpperCase(), 'bad', address)).statusCode).toBe(401);
    expect(lockSeconds(await tryLogin(user.username, PASSWORD, address))).toBeGreaterThan(55);
    expect(lockSeconds(await tryLogin(user.email, PASSWORD, '10.31.0.2'))).toBeGreaterThan(55);
  });

  it('lets the user in from an address they signed in from, while others are locked out', async () => {
    const user = await createUser(t);
    const home = '10.32.0.1';
    expect((await tryLogin(user.username, PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await tryLogin(user.username, 'guess', '10.32.0.66')).statusCode).toBe(401);
    }
    expect((await tryLogin(user.username, 'guess', '10.32.0.66')).statusCode).toBe(429);
    // A third address is locked too: the count belongs to the account.
    expect((await tryLogin(user.username, PASSWORD, '10.32.0.99')).statusCode).toBe(429);
    // At home, only failures from home count.
    expect((await tryLogin(user.username, PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await tryLogin(user.username, 'typo', home)).statusCode).toBe(401);
    }
    expect(lockSeconds(await tryLogin(user.username, PASSWORD, home))).toBeGreaterThan(55);
  });
});

describe('the limit per address', () => {
  it('does not lock other users out: 40 failures against one account leave the next user’s right password working', async () => {
    const victim = await createUser(t);
    const colleague = await createUser(t);
    const address = '10.33.0.1';
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) {
      statuses.add((await tryLogin(victim.username, `guess-${i}`, address)).statusCode);
    }
    expect([...statuses].sort()).toEqual([401, 429]);
    expect((await tryLogin(colleague.username, PASSWORD, address)).statusCode).toBe(200);
    expect((await tryLogin(colleague.email, PASSWORD, address)).statusCode).toBe(200);
  });

  it('stops an address that fails with 30 different names from trying new ones, not the users who signed in from it', async () => {
    const regular = await createUser(t);
    const newcomer = await createUser(t);
    const address = '10.34.0.1';
    expect((await tryLogin(regular.username, PASSWORD, address)).statusCode).toBe(200);
    for (let i = 0; i < 30; i++) {
      expect((await tryLogin(`sprayed-${i}`, 'Summer2026!', address)).statusCode).toBe(401);
    }
    const limited = await tryLogin(newcomer.username, PASSWORD, address);
    expect(lockSeconds(limited)).toBeGreaterThan(800);
    expect((await tryLogin('sprayed-99', 'Summer2026!', address)).statusCode).toBe(429);
    // A user who signed in from this address before is not held back by it...
    expect((await tryLogin(regular.username, PASSWORD, address)).statusCode).toBe(200);
    // ...and the newcomer gets in from anywhere else.
    expect((await tryLogin(newcomer.username, PASSWORD, '10.34.0.2')).statusCode).toBe(200);
    const log = await t.database.db
      .selectFrom('sign_in_event')
      .select('result')
      .where('user_id', '=', newcomer.id)
      .orderBy('id')
      .execute();
    expect(log.map((e) => e.result)).toEqual(['addressLimited', 'success']);
  });
});

describe('sign-in log', () => {
  it("lists the user's own failed and successful sign-ins, not another user's", async () => {
    const ana = await createUser(t);
    const bor = await createUser(t);
    expect((await tryLogin(ana.username, 'bad')).statusCode).toBe(401);
    const token = (await tryLogin(ana.username, PASSWORD)).json<{ apikey: string }>();
    await login(t, bor.username);
    const res = await t.app.inject({
      url: '/api/account/signins',
      headers: { authorization: token.apikey },
    });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: SignInEvent[] }>().items;
    expect(items.map((e) => [e.username, e.result, e.ip, e.userAgent])).toEqual([
      [ana.username, 'success', '127.0.0.1', 'Test browser 1.0'],
      [ana.username, 'badPassword', '127.0.0.1', 'Test browser 1.0'],
    ]);
    expect(Date.parse(items[0]?.at ?? '')).toBeLessThanOrEqual(Date.now());
    // An unknown client keeps its header and gets no browser name.
    expect(items[0]).toMatchObject({ browser: null, system: null });
  });

  it('names the browser and system of a real user-agent header (issue 24)', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { username: user.username, password: PASSWORD },
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
    });
    const signIns = await t.app.inject({
      url: '/api/account/signins',
      headers: { authorization: res.json<{ apikey: string }>().apikey },
    });
    expect(signIns.json<{ items: SignInEvent[] }>().items[0]).toMatchObject({
      result: 'success',
      browser: 'Chrome 131',
      system: 'Windows 10',
    });
  });

  it("shows everyone's sign-ins to a sysadmin only", async () => {
    const admin = await createUser(t, { roles: ['sysadmin'] });
    const other = await createUser(t);
    await tryLogin('someone-unknown', 'bad');
    const adminKey = (await login(t, admin.username)).apikey;
    const otherKey = (await login(t, other.username)).apikey;
    const all = (apikey: string) =>
      t.app.inject({
        url: '/api/account/signins?all=true&count=200',
        headers: { authorization: apikey },
      });
    const seen = (await all(adminKey)).json<{ items: SignInEvent[] }>().items;
    expect(seen).toContainEqual(
      expect.objectContaining({ username: 'someone-unknown', result: 'unknownUser' }),
    );
    expect(seen).toContainEqual(
      expect.objectContaining({ username: other.username, result: 'success' }),
    );
    const refused = await all(otherKey);
    expect(refused.statusCode).toBe(403);
    expect(errorCodes(refused)).toEqual(['errors.forbidden']);
  });
});

describe('password policy', () => {
  const register = (password: string, lang = 'en-gb') =>
    post(
      '/api/account/register',
      {
        username: 'mojca.kos',
        email: 'mojca@example.test',
        displayName: 'Mojca Kos',
        password,
      },
      { 'content-language': lang },
    );

  it('refuses a password easy to guess and the username on register, with the field, and writes nothing', async () => {
    const common = await register('Password2024!');
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toEqual([
      {
        msg: 'This is close to a password many people use.',
        code: 'validation.passwordWeak.similarToCommon',
        parameters: [],
        field: 'password',
      },
    ]);
    const repeated = await register('aaaaaaaaaa', 'sl');
    expect(repeated.json().error[0]).toMatchObject({
      msg: 'Ponovljen znak, kot je »aaa«, je lahko uganiti.',
      code: 'validation.passwordWeak.simpleRepeat',
      field: 'password',
    });
    const own = await register('mojca.kos123', 'sl');
    expect(own.json().error[0]).toMatchObject({
      msg: 'Geslo ne sme biti vaše uporabniško ime ali e-poštni naslov.',
      field: 'password',
    });
    const users = await t.database.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'mojca.kos')
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses a weak new password on change and on reset, and keeps the old one', async () => {
    const user = await createUser(t);
    const { apikey } = await login(t, user.username);
    const changed = await post(
      '/api/account/chgpwd',
      { oldPassword: PASSWORD, newPassword: 'qwertyuiop' },
      { authorization: apikey },
    );
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error[0]).toMatchObject({
      code: 'validation.passwordWeak.topHundred',
      field: 'newPassword',
    });
    const repeated = await post(
      '/api/account/chgpwd',
      { oldPassword: PASSWORD, newPassword: 'aaaaaaaaaa' },
      { authorization: apikey },
    );
    expect(repeated.json().error[0]).toMatchObject({
      code: 'validation.passwordWeak.simpleRepeat',
      field: 'newPassword',
    });
    const code = 'reset-code-of-the-test';
    await insertCode(
      t.database.db,
      user.id,
      'resetPassword',
      sha256(code),
      new Date(Date.now() + 60_000),
    );
    const reset = await post('/api/account/confirm', { code, password: user.email });
    expect(reset.json().error[0]).toMatchObject({
      code: 'validation.passwordLikeAccount',
      field: 'password',
    });
    await login(t, user.username, PASSWORD);
    // The code was not used up: a good password still goes through with it.
    const ok = await post('/api/account/confirm', { code, password: 'quiet-river-stones' });
    expect(ok.json()).toEqual({ result: 'passwordReset' });
  });
});
