import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  login,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { mailsTo } from '../account/outbox.test-support';

/**
 * Issue 24: a newcomer registers from the invitation link. Confirming the address accepts the
 * invitation, so that signing in lands in the organisation without opening the link again.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INVITATION_LINK = /\/account\/invitation\/([A-Za-z0-9_-]+)/;
const NEW_PASSWORD = 'a-long-new-password';
let counter = 0;

async function invited(roles: string[]) {
  const admin = await createUser(t);
  const org = await createOrganization(t, { [admin.id]: ['orgadmin'] });
  counter += 1;
  const email = `Invited.${Date.now()}.${counter}@example.test`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/organization/invitations',
    headers: await memberHeaders(t, admin, org),
    payload: { email, roles },
  });
  expect(created.statusCode, created.body).toBe(201);
  const [mail] = await mailsTo(t, email, INVITATION_LINK);
  return { org, email, code: mail?.code ?? '', id: created.json<{ id: string }>().id };
}

function register(email: string, invitation: string | undefined, username = `nov${Date.now()}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/account/register',
    payload: {
      username: `${username}${counter}`,
      email,
      displayName: 'Nova Sodelavka',
      password: NEW_PASSWORD,
      lang: 'en-gb',
      ...(invitation ? { invitation } : {}),
    },
  });
}

async function confirmMailed(email: string) {
  const confirmation = (await mailsTo(t, email)).find((m) => m.code !== '');
  return t.app.inject({
    method: 'POST',
    url: '/api/account/confirm',
    payload: { code: confirmation?.code },
  });
}

describe('registering from an invitation link', () => {
  it('shows a visitor who is not signed in the organisation, the address and the roles', async () => {
    const { org, email, code } = await invited(['approver', 'dataentry']);
    const res = await t.app.inject({ url: `/api/invitation/${code}/public` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      organizationName: org.name,
      email,
      roles: ['approver', 'dataentry'],
    });
  });

  it('joins the organisation with the invited roles once the address is confirmed; signing in lands there', async () => {
    const { org, email, code } = await invited(['approver', 'dataentry']);
    const registered = await register(email.toLowerCase(), code);
    expect(registered.statusCode, registered.body).toBe(201);
    const confirmed = await confirmMailed(email.toLowerCase());
    expect(confirmed.json()).toEqual({
      result: 'emailConfirmed',
      invitation: { organizationName: org.name, result: 'accepted' },
    });
    const username = registered.json<{ username: string }>().username;
    const token = await login(t, username, NEW_PASSWORD);
    expect(token.organizations).toEqual([
      { id: org.key, nameNick: org.name_nick, roles: ['approver', 'dataentry'] },
    ]);
    // The mailed link has done its work: opening it again says so.
    const again = await t.app.inject({ url: `/api/invitation/${code}/public` });
    expect(again.statusCode).toBe(410);
    expect(again.json().error[0].msg).toBe('This invitation has been used already.');
  });

  it('refuses to register another address from the link, and creates no account', async () => {
    const { email, code } = await invited(['user']);
    const other = `other.${Date.now()}@example.test`;
    const res = await register(other, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error[0]).toMatchObject({
      code: 'errors.invitation.registerOtherAddress',
      field: 'email',
      msg: `This invitation was sent to ${email}: create the account with that address.`,
    });
    expect(await mailsTo(t, other)).toEqual([]);
  });

  it('refuses a link that has expired or was revoked, with a message that says so', async () => {
    const expired = await invited(['user']);
    await t.database.db
      .updateTable('organization_invitation')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key', '=', expired.id)
      .execute();
    const late = await register(expired.email, expired.code);
    expect(late.statusCode).toBe(410);
    expect(late.json().error[0].msg).toBe(
      "This invitation has expired. Ask the organisation's administrator for a new one.",
    );
    const lookup = await t.app.inject({ url: `/api/invitation/${expired.code}/public` });
    expect(errorCodes(lookup)).toEqual(['errors.invitation.expired']);
    const unknown = await t.app.inject({ url: '/api/invitation/not-a-real-code/public' });
    expect(unknown.statusCode).toBe(404);
    expect(errorCodes(unknown)).toEqual(['errors.invitation.unknown']);
  });

  it('confirms the address but does not join when the invitation expired in between', async () => {
    const { org, email, code, id } = await invited(['approver']);
    const registered = await register(email, code);
    expect(registered.statusCode).toBe(201);
    await t.database.db
      .updateTable('organization_invitation')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key', '=', id)
      .execute();
    const confirmed = await confirmMailed(email);
    expect(confirmed.json()).toEqual({
      result: 'emailConfirmed',
      invitation: { organizationName: org.name, result: 'expired' },
    });
    const token = await login(t, registered.json<{ username: string }>().username, NEW_PASSWORD);
    expect(token.organizations).toEqual([]);
  });

  it('does not join when the admin revoked the invitation before the address was confirmed', async () => {
    const { org, email, code, id } = await invited(['user']);
    expect((await register(email, code)).statusCode).toBe(201);
    await t.database.db
      .updateTable('organization_invitation')
      .set({ revoked_at: new Date() })
      .where('key', '=', id)
      .execute();
    const confirmed = await confirmMailed(email);
    expect(confirmed.json().invitation).toEqual({
      organizationName: org.name,
      result: 'revoked',
    });
  });

  it('keeps the address rule: a signed-in account of another address cannot accept the link', async () => {
    const { email, code } = await invited(['user']);
    const other = await createUser(t);
    const headers = { authorization: (await login(t, other.username)).apikey };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/${code}/accept`,
      headers,
    });
    expect(res.statusCode).toBe(403);
    expect(errorCodes(res)).toEqual(['errors.invitation.otherAddress']);
    // The visitor's view of the link does not accept it either: it still works for its address.
    const lookup = await t.app.inject({ url: `/api/invitation/${code}/public` });
    expect(lookup.json().email).toBe(email);
  });

  it('mails the holder of an existing account a sign-in link that returns to the invitation', async () => {
    const existing = await createUser(t);
    const admin = await createUser(t);
    const org = await createOrganization(t, { [admin.id]: ['orgadmin'] });
    await t.app.inject({
      method: 'POST',
      url: '/api/organization/invitations',
      headers: await memberHeaders(t, admin, org),
      payload: { email: existing.email, roles: ['user'] },
    });
    const [mail] = await mailsTo(t, existing.email, INVITATION_LINK);
    const res = await register(existing.email, mail?.code, 'again');
    expect(res.statusCode).toBe(201);
    const notices = await mailsTo(t, existing.email, /(\/account\/login\?returnUrl=\S+)/);
    const notice = notices.find((m) => m.code !== '');
    expect(decodeURIComponent(notice?.code ?? '')).toBe(
      `/account/login?returnUrl=/account/invitation/${mail?.code}`,
    );
  });
});
