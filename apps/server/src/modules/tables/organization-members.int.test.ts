import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { slovenianSortKey } from '../../lib/collation';
import { ROLES } from '../../db/reference-data';
import { searchNormalise } from '../../lib/search-normalise';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let admin: Record<string, string>;
let clerkHeaders: Record<string, string>;
let sysadmin: Record<string, string>;
let foreign: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  const clerk = await createUser(t);
  const org = await createOrganization(t, { [owner.id]: ['orgadmin'], [clerk.id]: ['dataentry'] });
  const stranger = await createUser(t);
  const root = await createUser(t, { roles: ['sysadmin'] });
  const foreignOrg = await createOrganization(t, { [stranger.id]: ['orgadmin'], [root.id]: [] });
  admin = await memberHeaders(t, owner, org);
  clerkHeaders = await memberHeaders(t, clerk, org);
  foreign = await memberHeaders(t, stranger, foreignOrg);
  sysadmin = await memberHeaders(t, root, foreignOrg);
});
afterAll(() => t.close());

const members = async (headers = admin, query = '') =>
  (await t.app.inject({ url: `/api/cl/organizationMember?count=1000${query}`, headers })).json<{
    items: TableRecord[];
  }>().items;

const memberOf = async (userName: string, headers = admin) => {
  const found = (await members(headers)).find((m) => m.userName === userName);
  if (!found) throw new Error(`${userName} is no member`);
  return (
    await t.app.inject({ url: `/api/cl/organizationMember/${found.key}`, headers })
  ).json<TableRecord>();
};

const setRoles = (member: TableRecord, roles: unknown, headers = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/cl/organizationMember/${member.key}`,
    headers,
    payload: { version: member.version, roles },
  });

describe('organisation members', () => {
  it("lists this organisation's members with their user's name, e-mail and roles", async () => {
    const list = await members();
    expect(list.map((m) => m.roles)).toEqual(expect.arrayContaining([['orgadmin'], ['dataentry']]));
    expect(list.find((m) => m.userName === owner.username)).toMatchObject({
      displayName: owner.display_name,
      email: owner.email,
      isActive: true,
      displayTitle: owner.display_name,
    });
    expect(list).toHaveLength(2);
    const theirs = await members(foreign);
    expect(theirs.map((m) => m.key)).not.toContain(list[0]?.key);
    const res = await t.app.inject({
      url: `/api/cl/organizationMember/${list[0]?.key ?? ''}`,
      headers: foreign,
    });
    expect(res.statusCode).toBe(404);
  });

  it("follows a user's new name and finds it whatever the case and accents", async () => {
    await t.database.db
      .updateTable('app_user')
      .set({ display_name: 'Žiga Čebašek' })
      .where('id', '=', owner.id)
      .execute();
    expect((await memberOf(owner.username)).displayName).toBe('Žiga Čebašek');
    const found = await members(admin, `&search=${encodeURIComponent('ZIGA cebasek')}`);
    expect(found.map((m) => m.userName)).toEqual([owner.username]);
  });

  it('lets an admin change roles, lower-cased and each once, and refuses unknown roles', async () => {
    const clerk = (await members()).find((m) => m.userName !== owner.username);
    if (!clerk) throw new Error('no clerk');
    const res = await setRoles(clerk, [' Approver', 'dataentry', 'APPROVER']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item.roles).toEqual(['approver', 'dataentry']);
    const wrong = await setRoles(res.json().item, ['approver', 'boss']);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error[0]).toMatchObject({
      code: 'validation.unknownRole',
      field: 'roles',
      msg: `Unknown role boss; roles are: ${ROLES.map((r) => r.code).join(', ')}.`,
    });
    const none = await setRoles(res.json().item, []);
    expect(errorCodes(none)).toEqual(['validation.required']);
    const notAList = await setRoles(res.json().item, 'approver');
    expect(notAList.json().error[0]).toMatchObject({ code: 'validation.type.list' });
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${res.json().undoId}`,
      headers: admin,
    });
    expect(undo.statusCode).toBe(200);
    expect((await memberOf(String(clerk.userName))).roles).toEqual(['dataentry']);
  });

  it('refuses members who are not admins, and adding or removing members here', async () => {
    const me = await memberOf(owner.username);
    const res = await setRoles(me, ['user'], clerkHeaders);
    expect(res.statusCode).toBe(403);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/cl/organizationMember',
      headers: admin,
      payload: { roles: ['user'] },
    });
    expect(create.statusCode).toBe(405);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: '/api/cl/organizationMember',
      headers: admin,
      payload: { keys: [me.key] },
    });
    expect(remove.statusCode).toBe(405);
    expect(await memberOf(owner.username)).toEqual(me);
  });

  it("counts a member's new roles from the member's very next request", async () => {
    const canWriteMembers = async () =>
      (await t.app.inject({ url: '/api/cl', headers: clerkHeaders }))
        .json<{ items: { name: string; canWrite: boolean }[] }>()
        .items.find((e) => e.name === 'organizationMember')?.canWrite;
    expect(await canWriteMembers()).toBe(false);
    const clerk = (await members()).find((m) => m.userName !== owner.username) as TableRecord;
    const promoted = await setRoles(clerk, ['dataentry', 'orgadmin']);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await canWriteMembers()).toBe(true);
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${promoted.json().undoId}`,
      headers: admin,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await canWriteMembers()).toBe(false);
  });

  it('keeps the last orgadmin, also against an undo that would take the role away', async () => {
    const me = await memberOf(owner.username);
    const last = await setRoles(me, ['approver']);
    expect(last.statusCode).toBe(400);
    expect(last.json().error[0]).toMatchObject({ code: 'errors.lastOrgAdmin', field: 'roles' });
    expect(await memberOf(owner.username)).toEqual(me);

    // Another orgadmin first; then the owner may step down, but not undo the promotion.
    const clerk = (await members()).find((m) => m.userName !== owner.username) as TableRecord;
    const promoted = await setRoles(clerk, ['dataentry', 'orgadmin']);
    expect(promoted.statusCode, promoted.body).toBe(200);
    const stepped = await setRoles(me, ['approver']);
    expect(stepped.statusCode, stepped.body).toBe(200);
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${promoted.json().undoId}`,
      headers: admin,
    });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error[0].code).toBe('errors.undoChanged');
    expect((await memberOf(String(clerk.userName))).roles).toEqual(['dataentry', 'orgadmin']);
  });
});

describe('roles', () => {
  it('lists the organisation roles, which only a sysadmin may rename', async () => {
    const list = (await t.app.inject({ url: '/api/cl/role?count=100', headers: admin })).json<{
      items: TableRecord[];
    }>().items;
    expect(list.map((r) => r.code)).toEqual(ROLES.map((r) => r.code).sort());
    const orgadmin = list.find((r) => r.code === 'orgadmin') as TableRecord;
    expect(orgadmin).toMatchObject({ isAdmin: true, name: 'Organisation administrator' });
    const put = (headers: Record<string, string>, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/cl/role/${orgadmin.key}`,
        headers,
        payload: { version: orgadmin.version, ...payload },
      });
    expect((await put(admin, { name: 'Boss' })).statusCode).toBe(403);
    const renamed = await put(sysadmin, { name: 'Administrator', code: 'boss', isAdmin: false });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().item).toMatchObject({ code: 'orgadmin', isAdmin: true });
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/cl/role',
      headers: sysadmin,
      payload: { code: 'boss', name: 'Boss', nameSl: 'Šef' },
    });
    expect(create.statusCode).toBe(405);
  });
});

describe('database search text and sort keys', () => {
  it('fold names as the engine does', async () => {
    const names = [
      'Žiga Čebašek',
      'ĆIRIL ĐURĐEVIĆ',
      'Åsa Ødegård',
      'Łukasz Straße',
      'Naïve Œuvre Æsir Þór',
      'plain ascii-name_1',
    ];
    for (const name of names) {
      const result = await sql<{ search: string; sort: string }>`
        select listina_search_text(${name}) as search, listina_sort_key(${name}) as sort
      `.execute(t.database.db);
      expect(result.rows[0], name).toEqual({
        search: searchNormalise(name),
        sort: slovenianSortKey(name),
      });
    }
  });
});

describe('the member schema', () => {
  it('marks roles as a list of role codes, so that the form draws a select of several', async () => {
    const res = await t.app.inject({ url: '/api/cl/schema/organizationMember', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const roles = res
      .json<{ fields: { name: string }[] }>()
      .fields.find((field) => field.name === 'roles');
    expect(roles).toMatchObject({
      inputType: 'select',
      multiple: true,
      references: { table: 'role', field: 'code' },
    });
  });
});
