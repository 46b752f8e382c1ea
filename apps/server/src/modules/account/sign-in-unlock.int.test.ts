import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  errorCodes,
  PASSWORD,
  type TestApp,
} from '../../../test/factories';
import { mailCount, mailsTo } from './outbox.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tryLogin = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username, password },
    headers: { 'content-language': 'sl' },
    remoteAddress,
  });

const openLink = (code: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/unlock',
    payload: { code },
    headers: { 'content-language': 'en-gb' },
    remoteAddress,
  });

/** The unlock mails queued for an address, oldest first, with the code of the link in each. */
const unlockMails = (address: string) =>
  mailsTo(t, address, /\/account\/unlock\?code=([A-Za-z0-9_-]+)/);

async function sprayed(address: string) {
  await t.database.db
    .insertInto('login_failure')
    .values(Array.from({ length: 30 }, (_, i) => ({ subject: `addr:${address}|name:spray-${i}` })))
    .execute();
}

/** A 429's body with the seconds taken out, and the seconds (message and Retry-After agree). */
function limited(res: Awaited<ReturnType<typeof tryLogin>>) {
  expect(res.statusCode).toBe(429);
  const msg = res.json<{ error: { msg: string }[] }>().error[0]?.msg ?? '';
  const seconds = Number(/čez (\d+) sekund/.exec(msg)?.[1]);
  expect(res.headers['retry-after']).toBe(String(seconds));
  return { body: res.body.replace(/\d+/g, 'N'), seconds };
}

describe('unlock by e-mail while an address is over its spraying limit', () => {
  it('answers the right password as a wrong one, mails only its holder, and the link lets them in from there', async () => {
    const newcomer = await createUser(t);
    const address = '10.40.0.1';
    for (let i = 0; i < 30; i++) {
      expect((await tryLogin(`sprayer-${i}`, 'Summer2026!', address)).statusCode).toBe(401);
    }
    const before = await mailCount(t);
    const wrong = limited(await tryLogin(newcomer.username, 'Summer2026!', address));
    expect(await mailCount(t)).toBe(before);
    const right = limited(await tryLogin(newcomer.username, PASSWORD, address));
    expect(right.body).toBe(wrong.body);
    expect(Math.abs(right.seconds - wrong.seconds)).toBeLessThanOrEqual(1);
    const unknown = limited(await tryLogin('nobody-here', PASSWORD, address));
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.body).toContain('Če je bilo geslo pravilno, smo vam po e-pošti poslali povezavo');
    // Exactly one mail, to the account, in its language, with the link to the unlock page.
    expect(await mailCount(t)).toBe(before + 1);
    const mails = await unlockMails(newcomer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Sign in to Listina from a new network');
    expect(mails[0]?.text).toContain('valid for 30 minutes');
    const code = mails[0]?.code ?? '';
    expect(code).not.toBe('');

    const opened = await openLink(code, address);
    expect(opened.statusCode).toBe(200);
    expect((await tryLogin(newcomer.username, PASSWORD, address)).statusCode).toBe(200);
    // The code works once.
    const again = await openLink(code, address);
    expect(again.statusCode).toBe(400);
    expect(errorCodes(again)).toEqual(['errors.codeInvalid']);
    expect(again.body).toContain('not valid or has expired');
    // The sign-in made the address known to the account, as any sign-in does.
    expect((await tryLogin(newcomer.username, PASSWORD, address)).statusCode).toBe(200);
    const log = await t.database.db
      .selectFrom('sign_in_event')
      .select('result')
      .where('user_id', '=', newcomer.id)
      .orderBy('id')
      .execute();
    expect(log.map((e) => e.result)).toEqual([
      'addressLimited',
      'addressLimited',
      'success',
      'success',
    ]);
  });

  it('lets in only the account of the link, and only from the address it was opened from', async () => {
    const owner = await createUser(t);
    const colleague = await createUser(t);
    const office = '10.41.0.1';
    await sprayed(office);
    limited(await tryLogin(owner.username, PASSWORD, office));
    const [mail] = await unlockMails(owner.email);
    expect(await unlockMails(colleague.email)).toEqual([]);
    // Opened elsewhere (another user forwarded it, or another device): that address is let in.
    expect((await openLink(mail?.code ?? '', '10.41.0.2')).statusCode).toBe(200);
    limited(await tryLogin(owner.username, PASSWORD, office));
    // The colleague's account is not unlocked by the owner's link.
    const second = await unlockMails(owner.email);
    expect(second).toHaveLength(2);
    expect((await openLink(second[1]?.code ?? '', office)).statusCode).toBe(200);
    expect((await tryLogin(owner.username, PASSWORD, office)).statusCode).toBe(200);
    limited(await tryLogin(colleague.username, PASSWORD, office));
    expect(await unlockMails(colleague.email)).toHaveLength(1);
  });

  it('keeps one live link per account, at most 3 mails an hour, each link valid 30 minutes', async () => {
    const user = await createUser(t);
    const address = '10.42.0.1';
    await sprayed(address);
    for (let i = 0; i < 5; i++) limited(await tryLogin(user.username, PASSWORD, address));
    const mails = await unlockMails(user.email);
    expect(mails).toHaveLength(3);
    // Only the newest link works.
    expect((await openLink(mails[0]?.code ?? '', address)).statusCode).toBe(400);
    expect((await openLink(mails[1]?.code ?? '', address)).statusCode).toBe(400);
    await sql`update login_failure set failed_at = failed_at - interval '31 minutes'
      where subject like ${`unlock:code:%|${user.id}`}`.execute(t.database.db);
    const expired = await openLink(mails[2]?.code ?? '', address);
    expect(expired.statusCode).toBe(400);
    expect(errorCodes(expired)).toEqual(['errors.codeInvalid']);
    limited(await tryLogin(user.username, PASSWORD, address));
  });

  it('mails nothing for an account whose address is not confirmed, and refuses made-up codes', async () => {
    const user = await createUser(t);
    await t.database.db
      .updateTable('app_user')
      .set({ email_confirmed_at: null })
      .where('id', '=', user.id)
      .execute();
    const address = '10.43.0.1';
    await sprayed(address);
    limited(await tryLogin(user.username, PASSWORD, address));
    expect(await unlockMails(user.email)).toEqual([]);
    expect((await openLink('made-up-code', address)).statusCode).toBe(400);
    const empty = await openLink('', address);
    expect(empty.statusCode).toBe(400);
  });
});
