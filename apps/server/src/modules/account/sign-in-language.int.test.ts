import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthToken } from '@listina/contract';
import { createTestApp, createUser, PASSWORD, type TestApp } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signIn(username: string, lang: string): Promise<AuthToken> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username, password: PASSWORD, lang },
  });
  expect(res.statusCode).toBe(200);
  return res.json<AuthToken>();
}

describe('the language after sign-in (spec §1, issue 24)', () => {
  it('is the language saved in the profile, whatever language the sign-in page showed', async () => {
    const user = await createUser(t);
    await t.database.db
      .updateTable('app_user')
      .set({ lang: 'sl' })
      .where('id', '=', user.id)
      .execute();
    expect((await signIn(user.username, 'en-gb')).localeSettings.locale).toBe('sl');

    await t.database.db
      .updateTable('app_user')
      .set({ lang: 'en-gb' })
      .where('id', '=', user.id)
      .execute();
    expect((await signIn(user.username, 'sl')).localeSettings.locale).toBe('en-gb');
  });

  it('is the saved language in the session the app reloads, too', async () => {
    const user = await createUser(t);
    await t.database.db
      .updateTable('app_user')
      .set({ lang: 'sl' })
      .where('id', '=', user.id)
      .execute();
    const token = await signIn(user.username, 'en-gb');
    const me = await t.app.inject({
      url: '/api/account/me',
      headers: { authorization: token.apikey },
    });
    expect(me.json<AuthToken>().localeSettings.locale).toBe('sl');
  });
});
