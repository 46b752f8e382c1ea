import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  errorCodes,
  login,
  PASSWORD,
  type TestApp,
} from '../../../test/factories';
import { sha256 } from '../../lib/secrets';
import { insertCode } from './account.repository';
import { mailCount, mailsTo } from './outbox.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each test asks from its own address, so the per-address limit of one does not touch another. */
let addressCounter = 0;
const newAddress = () => `10.22.0.${++addressCounter}`;

const post = (url: string, payload: object, remoteAddress = '10.22.1.1', lang = 'en-gb') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    headers: { 'content-language': lang },
  });

const forgot = (username: string, address: string, lang?: string) =>
  post('/api/account/forgot', { username }, address, lang);

async function newestCode(email: string) {
  const mails = await mailsTo(t, email);
  return mails[mails.length - 1]?.code ?? '';
}

const resetWith = (code: string, password: string) =>
  post('/api/account/confirm', { code, password });

describe('password reset limits', () => {
  it('mails at most 3 codes per account within the hour, whichever name is typed, then answers 429 in words and mails nothing', async () => {
    const user = await createUser(t);
    const address = newAddress();
    const names = [user.username, user.email, user.email.toUpperCase()];
    for (const name of names) expect((await forgot(name, address)).statusCode).toBe(200);
    expect(await mailsTo(t, user.email)).toHaveLength(3);
    const before = await mailCount(t);

    const limited = await forgot(user.username, newAddress());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual([
      {
        msg: expect.stringMatching(
          /^Too many requests for a new password\. Try again in \d+ min\.$/,
        ),
        code: 'errors.tooManyResets',
        parameters: [expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)],
      },
    ]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    const inSlovenian = await forgot(user.email, newAddress(), 'sl');
    expect(inSlovenian.json().error[0].msg).toMatch(
      /^Preveč zahtev za novo geslo\. Poskusite znova čez \d+ min\.$/,
    );
    expect(await mailCount(t)).toBe(before);
  });

  it('answers an unknown name exactly as a known one, the limit included', async () => {
    const user = await createUser(t);
    const answers = async (name: string) => {
      const address = newAddress();
      const seen = [];
      for (let i = 0; i < 4; i++) {
        const res = await forgot(name, address);
        seen.push({ status: res.statusCode, codes: res.statusCode === 200 ? [] : errorCodes(res) });
      }
      return seen;
    };
    const known = await answers(user.username);
    expect(known.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(await answers('nobody-by-this-name')).toEqual(known);
  });

  it('limits one address to 10 requests within the hour across names', async () => {
    const address = newAddress();
    const users = await Promise.all(Array.from({ length: 11 }, () => createUser(t)));
    const statuses = [];
    for (const user of users) statuses.push((await forgot(user.username, address)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(await mailsTo(t, users[10]?.email ?? '')).toEqual([]);
    // Another address still gets the mail for the same account.
    expect((await forgot(users[10]?.username ?? '', newAddress())).statusCode).toBe(200);
    expect(await mailsTo(t, users[10]?.email ?? '')).toHaveLength(1);
  });

  it('mails at most 3 codes for 40 requests sent at once', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => forgot(user.username, `10.23.0.${i + 1}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(200), ...Array(37).fill(429)]);
    expect(await mailsTo(t, user.email)).toHaveLength(3);
  });
});

describe('one reset code at a time', () => {
  it('refuses an older code once a newer one was mailed', async () => {
    const user = await createUser(t);
    await forgot(user.username, newAddress());
    const old = await newestCode(user.email);
    await forgot(user.email, newAddress());
    const current = await newestCode(user.email);
    expect(current).not.toBe(old);
    const refused = await resetWith(old, 'quiet-river-stones');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual([
      {
        msg: 'This link is not valid or has expired. Ask for a new one.',
        code: 'errors.codeInvalid',
        parameters: [],
        field: 'code',
      },
    ]);
    await login(t, user.username, PASSWORD);
    expect((await resetWith(current, 'quiet-river-stones')).json()).toEqual({
      result: 'passwordReset',
    });
    await login(t, user.username, 'quiet-river-stones');
  });

  it('ends every other code when a reset is completed', async () => {
    const user = await createUser(t);
    await forgot(user.username, newAddress());
    const first = await newestCode(user.email);
    // Mailed at the same moment, as two requests in flight would be.
    const second = 'another-outstanding-code';
    await insertCode(
      t.database.db,
      user.id,
      'resetPassword',
      sha256(second),
      new Date(Date.now() + 3_600_000),
    );
    expect((await resetWith(first, 'quiet-river-stones')).json()).toEqual({
      result: 'passwordReset',
    });
    const later = await resetWith(second, 'someone-elses-choice');
    expect(errorCodes(later)).toEqual(['errors.codeInvalid']);
    await login(t, user.username, 'quiet-river-stones');
    const reused = await resetWith(first, 'someone-elses-choice');
    expect(errorCodes(reused)).toEqual(['errors.codeInvalid']);
  });

  it('ends outstanding codes when the password is changed', async () => {
    const user = await createUser(t);
    await forgot(user.username, newAddress());
    const code = await newestCode(user.email);
    const { apikey } = await login(t, user.username);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/chgpwd',
      headers: { authorization: apikey },
      payload: { oldPassword: PASSWORD, newPassword: 'dragon-fruit-salad' },
    });
    expect(changed.statusCode).toBe(200);
    const refused = await resetWith(code, 'someone-elses-choice');
    expect(refused.statusCode).toBe(400);
    expect(errorCodes(refused)).toEqual(['errors.codeInvalid']);
    await login(t, user.username, 'dragon-fruit-salad');
  });

  it('uses a code once when two resets with it arrive together', async () => {
    const user = await createUser(t);
    await forgot(user.username, newAddress());
    const code = await newestCode(user.email);
    const answers = await Promise.all([
      resetWith(code, 'quiet-river-stones'),
      resetWith(code, 'dragon-fruit-salad'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'quiet-river-stones' : 'dragon-fruit-salad';
    await login(t, user.username, winner);
  });
});
