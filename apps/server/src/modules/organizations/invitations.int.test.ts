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
import { INVITATION_TTL_MS } from './invitations.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LINK = /\/account\/invitation\/([A-Za-z0-9_-]+)/;

async function world() {
  const admin = await createUser(t);
  const clerk = await createUser(t);
  const org = await createOrganization(t, { [admin.id]: ['orgadmin'], [clerk.id]: ['user'] });
  return {
    admin,
    clerk,
    org,
    adminHeaders: await memberHeaders(t, admin, org),
    clerkHeaders: await memberHeaders(t, clerk, org),
  };
}

const invite = (headers: Record<string, string>, email: string, roles: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/organization/invitations',
    headers,
    payload: { email, roles },
  });

async function signedIn(user: { username: string }) {
  return { authorization: (await login(t, user.username)).apikey };
}

async function openInvitations() {
  return t.database.db.selectFrom('organization_invitation').selectAll().execute();
}

describe('inviting members by e-mail', () => {
  it('mails a link with the organisation, the roles and the inviter; only the hash is stored', async () => {
    const { adminHeaders, admin, org } = await world();
    const res = await invite(adminHeaders, 'Nova.Clanica@example.test', ['approver', 'accountant']);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'Nova.Clanica@example.test',
      roles: ['accountant', 'approver'],
      invitedBy: admin.display_name,
    });
    const [mail] = await mailsTo(t, 'Nova.Clanica@example.test', LINK);
    expect(mail?.subject).toBe(`Invitation to ${org.name} in Listina`);
    expect(mail?.text).toContain(`${admin.display_name} invites you to join ${org.name}`);
    expect(mail?.text).toContain('accountant, approver');
    expect(mail?.text).toContain('valid for 7 days');
    // A newcomer registers from the link and need not come back to it (issue 24).
    expect(mail?.text).toContain('once you confirm the address, you are a member');
    expect(mail?.text).not.toMatch(/open this link again/i);
    const rows = await openInvitations();
    const row = rows.find((r) => r.email === 'Nova.Clanica@example.test');
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(mail?.code ?? '?');
    const list = await t.app.inject({
      url: '/api/organization/invitations',
      headers: adminHeaders,
    });
    expect(list.json().items.map((i: { email: string }) => i.email)).toContain(
      'Nova.Clanica@example.test',
    );
  });

  it('lets an existing user with that address join after sign-in, once', async () => {
    const { adminHeaders, org } = await world();
    const invitee = await createUser(t);
    await invite(adminHeaders, invitee.email, ['approver']);
    const [mail] = await mailsTo(t, invitee.email, LINK);
    const headers = await signedIn(invitee);
    const preview = await t.app.inject({ url: `/api/invitation/${mail?.code}`, headers });
    expect(preview.json()).toMatchObject({ organizationName: org.name, roles: ['approver'] });
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/${mail?.code}/accept`,
      headers,
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json()).toEqual({ id: org.key, nameNick: org.name_nick, roles: ['approver'] });
    const me = await t.app.inject({ url: '/api/account/me', headers });
    expect(me.json().organizations).toContainEqual({
      id: org.key,
      nameNick: org.name_nick,
      roles: ['approver'],
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/${mail?.code}/accept`,
      headers,
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error[0].msg).toBe('This invitation has been used already.');
  });

  it('lets a new user register with the address, confirm, sign in and join', async () => {
    const { adminHeaders, org } = await world();
    const email = `newcomer${Date.now()}@example.test`;
    await invite(adminHeaders, email, ['dataentry']);
    const [invitation] = await mailsTo(t, email, LINK);
    const username = `newcomer${Date.now()}`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        username,
        email,
        displayName: 'Newcomer',
        password: 'a-long-new-password',
        lang: 'en-gb',
      },
    });
    expect(registered.statusCode).toBe(201);
    const confirmation = (await mailsTo(t, email)).find((m) => m.code !== '');
    await t.app.inject({
      method: 'POST',
      url: '/api/account/confirm',
      payload: { code: confirmation?.code },
    });
    const headers = { authorization: (await login(t, username, 'a-long-new-password')).apikey };
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/${invitation?.code}/accept`,
      headers,
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json().id).toBe(org.key);
  });

  it('refuses the link to an account of another address, and keeps it for the right one', async () => {
    const { adminHeaders } = await world();
    const invitee = await createUser(t);
    const other = await createUser(t);
    await invite(adminHeaders, invitee.email, ['user']);
    const [mail] = await mailsTo(t, invitee.email, LINK);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/${mail?.code}/accept`,
      headers: await signedIn(other),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error[0].msg).toBe(
      `This invitation was sent to ${invitee.email}, but you are signed in as ${other.email}. Sign in with the account of that address.`,
    );
    const right = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/${mail?.code}/accept`,
      headers: await signedIn(invitee),
    });
    expect(right.statusCode).toBe(200);
  });

  it('expires after seven days', async () => {
    const { adminHeaders } = await world();
    const invitee = await createUser(t);
    const created = await invite(adminHeaders, invitee.email, ['user']);
    const { createdAt, expiresAt } = created.json<{ createdAt: string; expiresAt: string }>();
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBeGreaterThanOrEqual(
      INVITATION_TTL_MS - 60_000,
    );
    const [mail] = await mailsTo(t, invitee.email, LINK);
    // Seven days on: the stored expiry moved into the past stands for the clock moving.
    await t.database.db
      .updateTable('organization_invitation')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key', '=', created.json<{ id: string }>().id)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/${mail?.code}/accept`,
      headers: await signedIn(invitee),
    });
    expect(res.statusCode).toBe(410);
    expect(res.json().error[0].msg).toBe(
      "This invitation has expired. Ask the organisation's administrator for a new one.",
    );
  });

  it('can be revoked by an admin, after which the link is refused', async () => {
    const { adminHeaders, clerkHeaders } = await world();
    const invitee = await createUser(t);
    const created = await invite(adminHeaders, invitee.email, ['user']);
    const [mail] = await mailsTo(t, invitee.email, LINK);
    const byClerk = await t.app.inject({
      method: 'DELETE',
      url: `/api/organization/invitations/${created.json().id}`,
      headers: clerkHeaders,
    });
    expect(byClerk.statusCode).toBe(403);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/organization/invitations/${created.json().id}`,
      headers: adminHeaders,
    });
    expect(revoked.json()).toEqual({ ok: true });
    const list = await t.app.inject({
      url: '/api/organization/invitations',
      headers: adminHeaders,
    });
    expect(list.json().items).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/${mail?.code}/accept`,
      headers: await signedIn(invitee),
    });
    expect(res.statusCode).toBe(410);
    expect(errorCodes(res)).toEqual(['errors.invitation.revoked']);
  });

  it('replaces an open invitation to the same address with the new one', async () => {
    const { adminHeaders } = await world();
    const invitee = await createUser(t);
    await invite(adminHeaders, invitee.email, ['user']);
    await invite(adminHeaders, invitee.email, ['approver']);
    const [first, second] = await mailsTo(t, invitee.email, LINK);
    const headers = await signedIn(invitee);
    const old = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/${first?.code}/accept`,
      headers,
    });
    expect(errorCodes(old)).toEqual(['errors.invitation.revoked']);
    const fresh = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/${second?.code}/accept`,
      headers,
    });
    expect(fresh.json().roles).toEqual(['approver']);
  });

  it('answers 404 for a link nobody sent', async () => {
    const invitee = await createUser(t);
    const res = await t.app.inject({
      url: '/api/invitation/not-a-real-code',
      headers: await signedIn(invitee),
    });
    expect(res.statusCode).toBe(404);
    expect(errorCodes(res)).toEqual(['errors.invitation.unknown']);
  });
});

describe('who may invite, and with which roles', () => {
  it('refuses a member who is no admin, and writes and mails nothing', async () => {
    const { clerkHeaders } = await world();
    const before = (await openInvitations()).length;
    const res = await invite(clerkHeaders, 'someone@example.test', ['user']);
    expect(res.statusCode).toBe(403);
    expect(res.json().error[0].msg).toBe("Only the organisation's administrators invite members.");
    expect((await openInvitations()).length).toBe(before);
    expect(await mailsTo(t, 'someone@example.test')).toEqual([]);
  });

  it("refuses roles above the inviter's own: support may not make an orgadmin", async () => {
    const supporter = await createUser(t, { roles: ['support'] });
    const org = await createOrganization(t, { [supporter.id]: ['user'] });
    const headers = await memberHeaders(t, supporter, org);
    const res = await invite(headers, 'boss@example.test', ['orgadmin']);
    expect(res.statusCode).toBe(403);
    expect(res.json().error[0]).toMatchObject({
      code: 'errors.invitation.roleAboveOwn',
      field: 'roles',
      msg: 'You cannot give roles you do not have yourself: orgadmin.',
    });
    expect((await invite(headers, 'member@example.test', ['user'])).statusCode).toBe(201);
  });

  it('refuses an unknown role and a bad address with messages that name them', async () => {
    const { adminHeaders } = await world();
    const role = await invite(adminHeaders, 'x@example.test', ['boss']);
    expect(role.statusCode).toBe(400);
    expect(role.json().error[0]).toMatchObject({ code: 'validation.unknownRole', field: 'roles' });
    expect(role.json().error[0].msg).toContain('boss');
    const email = await invite(adminHeaders, 'not-an-address', ['user']);
    expect(email.statusCode).toBe(400);
    expect(email.json().error[0]).toMatchObject({ code: 'validation.email', field: 'email' });
  });

  it('refuses to invite a member again', async () => {
    const { adminHeaders, clerk } = await world();
    const res = await invite(adminHeaders, clerk.email.toUpperCase(), ['user']);
    expect(res.statusCode).toBe(409);
    expect(errorCodes(res)).toEqual(['errors.invitation.alreadyMember']);
  });

  it("keeps organisations apart: an admin of A cannot invite to B, list or revoke B's", async () => {
    const a = await world();
    const b = await world();
    const intoB = await invite(
      { ...a.adminHeaders, 'organization-id': b.org.key },
      'intruder@example.test',
      ['user'],
    );
    expect(intoB.statusCode).toBe(403);
    const ofB = await invite(b.adminHeaders, `b${Date.now()}@example.test`, ['user']);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/organization/invitations/${ofB.json().id}`,
      headers: a.adminHeaders,
    });
    expect(revoke.statusCode).toBe(404);
    const list = await t.app.inject({
      url: '/api/organization/invitations',
      headers: a.adminHeaders,
    });
    expect(list.json().items).toEqual([]);
    const bList = await t.app.inject({
      url: '/api/organization/invitations',
      headers: b.adminHeaders,
    });
    expect(bList.json().items).toHaveLength(1);
  });
});
