import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, errorCodes, type TestApp } from '../../../test/factories';
import { mailCount, mailsTo } from './outbox.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;
const newAddress = () => `10.24.0.${++addressCounter}`;

const register = (body: Record<string, string>, remoteAddress = newAddress(), lang = 'en-gb') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/register',
    payload: { displayName: 'Someone', password: 'quiet-river-stones', ...body },
    remoteAddress,
    headers: { 'content-language': lang },
  });

const usersNamed = (username: string) =>
  t.database.db.selectFrom('app_user').select('id').where('username', '=', username).execute();

describe('registration does not tell which names exist', () => {
  it('answers a taken username, a taken address and a new account alike', async () => {
    const owner = await createUser(t);
    const fresh = await register({ username: 'brand.new', email: 'brand.new@example.test' });
    const takenName = await register({ username: owner.username, email: 'free@example.test' });
    const takenMail = await register({ username: 'free.name', email: owner.email });
    const takenMailUpper = await register({
      username: 'free.name2',
      email: owner.email.toUpperCase(),
    });
    const answer = (res: typeof fresh, body: { username: string; email: string }) => {
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual(body);
    };
    answer(fresh, { username: 'brand.new', email: 'brand.new@example.test' });
    answer(takenName, { username: owner.username, email: 'free@example.test' });
    answer(takenMail, { username: 'free.name', email: owner.email });
    answer(takenMailUpper, { username: 'free.name2', email: owner.email.toUpperCase() });
    // Nothing was written for the refused ones.
    expect(await usersNamed('free.name')).toEqual([]);
    expect(await usersNamed('free.name2')).toEqual([]);
    expect(await usersNamed(owner.username)).toHaveLength(1);
  });

  it('mails the owner of an existing address that someone tried to register with it', async () => {
    const owner = await createUser(t);
    await register({ username: 'another.name', email: owner.email });
    const mails = await mailsTo(t, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Someone tried to register with your e-mail address');
    expect(mails[0]?.text).toContain(`(username ${owner.username})`);
    expect(mails[0]?.text).toContain(`${t.config.publicUrl}/account/login`);
    // No confirmation link: a stranger's account must not be confirmed by the owner's click.
    expect(mails[0]?.code).toBe('');
  });

  it('tells the mailbox typed, in its language, that the username is not available', async () => {
    const owner = await createUser(t);
    await register({ username: owner.username, email: 'newcomer@example.test', lang: 'sl' });
    const mails = await mailsTo(t, 'newcomer@example.test');
    expect(mails.map((m) => m.subject)).toEqual(['Izberite drugo uporabniško ime za Listino']);
    expect(mails[0]?.text).toContain(`uporabniškim imenom ${owner.username}`);
    expect(mails[0]?.text).toContain(`${t.config.publicUrl}/account/newuser`);
    expect(await mailsTo(t, owner.email)).toEqual([]);
  });

  it('mails an address at most 3 notices within the hour and still answers the same', async () => {
    const owner = await createUser(t);
    for (let i = 0; i < 5; i++) {
      const res = await register({ username: `try.${i}.${owner.username}`, email: owner.email });
      expect(res.statusCode).toBe(201);
    }
    expect(await mailsTo(t, owner.email)).toHaveLength(3);
  });

  it('makes one account of two registrations sent at once with the same username', async () => {
    const answers = await Promise.all([
      register({ username: 'twin.name', email: 'twin.one@example.test' }),
      register({ username: 'twin.name', email: 'twin.two@example.test' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(await usersNamed('twin.name')).toHaveLength(1);
    const subjects = [
      ...(await mailsTo(t, 'twin.one@example.test')),
      ...(await mailsTo(t, 'twin.two@example.test')),
    ].map((m) => m.subject);
    expect(subjects.sort()).toEqual([
      'Choose another username for Listina',
      'Confirm your Listina account',
    ]);
  });

  it('limits one address to 10 registrations within the hour, in words', async () => {
    const address = newAddress();
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      const res = await register(
        { username: `batch.${i}`, email: `batch.${i}@example.test` },
        address,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(201));
    const before = await mailCount(t);
    const limited = await register(
      { username: 'batch.10', email: 'batch.10@example.test' },
      address,
    );
    expect(limited.statusCode).toBe(429);
    expect(errorCodes(limited)).toEqual(['errors.tooManyRegistrations']);
    expect(limited.json().error[0].msg).toMatch(
      /^Too many registrations from your network\. Try again in \d+ min\.$/,
    );
    expect(await usersNamed('batch.10')).toEqual([]);
    expect(await mailCount(t)).toBe(before);
  });

  it('refuses a password that is easy to guess on its field and writes nothing', async () => {
    const res = await register({
      username: 'weak.one',
      email: 'weak.one@example.test',
      password: 'aaaaaaaaaa',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual([
      {
        msg: 'A character repeated, like "aaa", is easy to guess.',
        code: 'validation.passwordWeak.simpleRepeat',
        parameters: [],
        field: 'password',
      },
    ]);
    expect(await usersNamed('weak.one')).toEqual([]);
    expect(await mailsTo(t, 'weak.one@example.test')).toEqual([]);
  });
});
