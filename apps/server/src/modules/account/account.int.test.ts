import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  login,
  PASSWORD,
  type TestApp,
} from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_MAX_PER_USER: '3' });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

/**
 * The newest mail written to DATA_DIR/mail for an address, and the link in it. The outbox
 * sends in the background after the request answered, so the mail is waited for (5 s at most).
 */
async function lastMailTo(address: string) {
  const dir = path.join(t.config.dataDir, 'mail');
  const mailsTo = () =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.includes(address))
          .sort()
      : [];
  const deadline = Date.now() + 5000;
  while (mailsTo().length === 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const files = mailsTo();
  const raw = fs.readFileSync(path.join(dir, files[files.length - 1] ?? ''), 'utf8');
  // The body is quoted-printable: join soft line breaks and decode =XX bytes.
  const text = Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
  const code = /\/account\/confirm\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  return { text, code: code ?? '', count: files.length };
}

describe('sign-in', () => {
  it('answers the auth token with sorted organisations and their roles', async () => {
    const user = await createUser(t);
    await createOrganization(t, { [user.id]: ['OrgAdmin'] }, 'Zeta');
    await createOrganization(t, { [user.id]: ['approver'] }, 'Čebela');
    await createOrganization(t, { [user.id]: ['user'] }, 'Cesta');
    const token = await login(t, user.username);
    expect(token.apikey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.userId).toBe(user.key);
    expect(token.organizations.map((o) => o.nameNick)).toEqual(['Cesta', 'Čebela', 'Zeta']);
    expect(token.organizations[2]?.roles).toEqual(['orgadmin']);
    expect(token.localeSettings).toMatchObject({
      decimalSeparator: ',',
      currency: '€',
      dateFormat: 'dd.mm.yyyy',
    });
    const me = await t.app.inject({
      url: '/api/account/me',
      headers: { authorization: token.apikey },
    });
    expect(me.json()).toMatchObject({
      username: user.username,
      organizations: token.organizations,
    });
  });

  it('stores only a hash of the apikey', async () => {
    const user = await createUser(t);
    const token = await login(t, user.username);
    const rows = await t.database.db.selectFrom('user_session').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token.apikey)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const user = await createUser(t);
    const wrong = await post('/api/account/login', { username: user.username, password: 'nope' });
    const unknown = await post('/api/account/login', { username: 'nobody-here', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      error: [
        { msg: 'Wrong username or password.', code: 'errors.invalidCredentials', parameters: [] },
      ],
      warning: [],
    });
  });

  it('rate-limits per address across usernames', async () => {
    const limited = await createTestApp({
      LOGIN_RATE_MAX_PER_ADDRESS: '2',
      LOGIN_RATE_MAX_PER_USER: '50',
    });
    try {
      const tries = [];
      for (const username of ['a1x', 'b2x', 'c3x']) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { username, password: 'x' },
        });
        tries.push(res.statusCode);
      }
      expect(tries).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('refuses a revoked (logged out) and an expired apikey with 401', async () => {
    const user = await createUser(t);
    const token = await login(t, user.username);
    const headers = { authorization: token.apikey };
    // Signed in a moment ago: the sign-in may be remembered (ADR 0009), the sign-out still counts.
    expect((await t.app.inject({ url: '/api/account/me', headers })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/account/logout', headers })).statusCode,
    ).toBe(200);
    const after = await t.app.inject({ url: '/api/account/me', headers });
    expect(after.statusCode).toBe(401);
    expect(errorCodes(after)).toEqual(['errors.invalidApikey']);

    const second = await login(t, user.username);
    await t.database.db
      .updateTable('user_session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await t.app.inject({
      url: '/api/account/me',
      headers: { authorization: `Bearer ${second.apikey}` },
    });
    expect(expired.statusCode).toBe(401);
    expect(errorCodes(expired)).toEqual(['errors.sessionExpired']);
    const missing = await t.app.inject({ url: '/api/account/me' });
    expect(errorCodes(missing)).toEqual(['errors.notSignedIn']);
  });
});

describe('registration and mailed codes', () => {
  it('registers, mails a confirmation link, confirms, then signs in', async () => {
    const res = await post('/api/account/register', {
      username: 'Nina.Novak',
      email: 'nina@example.test',
      displayName: 'Nina Novak',
      password: 'a-long-password',
      lang: 'sl',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ username: 'nina.novak', email: 'nina@example.test' });
    const before = await post('/api/account/login', {
      username: 'nina.novak',
      password: 'a-long-password',
    });
    expect(errorCodes(before)).toEqual(['errors.emailNotConfirmed']);

    const mail = await lastMailTo('nina@example.test');
    expect(mail.text).toContain('To: nina@example.test');
    expect(mail.text).toContain(`${t.config.publicUrl}/account/confirm/${mail.code}`);
    const confirmed = await post('/api/account/confirm', { code: mail.code });
    expect(confirmed.json()).toEqual({ result: 'emailConfirmed' });
    const reused = await post('/api/account/confirm', { code: mail.code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error[0]).toMatchObject({ code: 'errors.codeInvalid', field: 'code' });
    const token = await login(t, 'nina.novak', 'a-long-password');
    expect(token.displayName).toBe('Nina Novak');
    expect(token.organizations).toEqual([]);
  });

  it('says which fields are wrong and writes nothing', async () => {
    const res = await post('/api/account/register', {
      username: 'x',
      email: 'not-mail',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(
      res.json().error.map((e: { field: string; code: string }) => [e.field, e.code]),
    );
    expect(byField).toEqual({
      username: 'validation.username',
      email: 'validation.email',
      displayName: 'validation.required',
      password: 'validation.passwordTooShort',
    });
    const count = await t.database.db
      .selectFrom('app_user')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('username', '=', 'x')
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });

  it('answers forgot-password the same for unknown users and mails a reset link to known ones', async () => {
    const user = await createUser(t);
    const known = await post('/api/account/forgot', { username: user.username });
    const unknown = await post('/api/account/forgot', { username: 'ghost-user' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await t.mailer.flush();
    const mail = await lastMailTo(user.email);
    const ask = await post('/api/account/confirm', { code: mail.code });
    expect(ask.json()).toEqual({ result: 'passwordRequired' });
    const reset = await post('/api/account/confirm', {
      code: mail.code,
      password: 'brand-new-password',
    });
    expect(reset.json()).toEqual({ result: 'passwordReset' });
    await login(t, user.username, 'brand-new-password');
  });
});

describe('password and profile', () => {
  it('changes the password, signs out other sessions and keeps this one', async () => {
    const user = await createUser(t);
    const other = await login(t, user.username);
    const current = await login(t, user.username);
    const wrong = await post(
      '/api/account/chgpwd',
      { oldPassword: 'nope', newPassword: 'another-password' },
      { authorization: current.apikey },
    );
    expect(wrong.json().error[0]).toMatchObject({
      code: 'errors.wrongPassword',
      field: 'oldPassword',
    });
    const ok = await post(
      '/api/account/chgpwd',
      { oldPassword: PASSWORD, newPassword: 'another-password' },
      { authorization: current.apikey },
    );
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/account/me', headers: { authorization: current.apikey } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/account/me', headers: { authorization: other.apikey } }))
        .statusCode,
    ).toBe(401);
    await login(t, user.username, 'another-password');
  });

  it('reads and updates the profile', async () => {
    const user = await createUser(t);
    const { apikey } = await login(t, user.username);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { authorization: apikey },
      payload: { displayName: ' Ana ', lang: 'sl-SI' },
    });
    expect(res.json()).toEqual({
      username: user.username,
      displayName: 'Ana',
      email: user.email,
      lang: 'sl',
    });
    const read = await t.app.inject({
      url: '/api/account/profile',
      headers: { authorization: apikey },
    });
    expect(read.json().displayName).toBe('Ana');
  });
});
