import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/factories';

let t: TestApp;
let admin: Record<string, string>;
let member: Record<string, string>;
let foreignKey: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t);
  const clerk = await createUser(t);
  const org = await createOrganization(
    t,
    { [owner.id]: ['orgadmin'], [clerk.id]: ['dataentry'] },
    'Lipa',
  );
  const stranger = await createUser(t);
  foreignKey = (await createOrganization(t, { [stranger.id]: ['orgadmin'] }, 'Tuja')).key;
  admin = { authorization: (await login(t, owner.username)).apikey, 'organization-id': org.key };
  member = { authorization: (await login(t, clerk.username)).apikey, 'organization-id': org.key };
});
afterAll(() => t.close());

const current = async (h = admin) => {
  const list = await t.app.inject({ url: '/api/cl/organization', headers: h });
  expect(list.json().items).toHaveLength(1);
  return (
    await t.app.inject({ url: `/api/cl/organization/${list.json().items[0].key}`, headers: h })
  ).json<TableRecord>();
};

describe('the organisation record with its bank accounts', () => {
  it('lists only the active organisation', async () => {
    const org = await current();
    expect(org).toMatchObject({
      name: 'Lipa d.o.o.',
      nameNick: 'Lipa',
      organizationBankAccounts: [],
    });
    expect(
      (await t.app.inject({ url: `/api/cl/organization/${foreignKey}`, headers: admin }))
        .statusCode,
    ).toBe(404);
  });

  it('lets an admin add bank accounts with one default, and undo it', async () => {
    const org = await current();
    const twoDefaults = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/organization/${org.key}`,
      headers: admin,
      payload: {
        version: org.version,
        organizationBankAccounts: [
          { id: -1, code: 'SI56 1910 0000 0123 438', isDefault: true },
          { id: -2, code: 'DE89370400440532013000', isDefault: true },
        ],
      },
    });
    expect(twoDefaults.statusCode).toBe(400);
    expect(twoDefaults.json().error[0]).toMatchObject({
      code: 'errors.oneDefaultOnly',
      field: 'organizationBankAccounts.1.isDefault',
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/organization/${org.key}`,
      headers: admin,
      payload: {
        version: org.version,
        nameNick: 'Lipa d.o.o.',
        organizationBankAccounts: [{ id: -1, code: 'SI56 1910 0000 0123 438', isDefault: true }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item.organizationBankAccounts.map((a: { code: string }) => a.code)).toEqual(
      ['SI56191000000123438'],
    );
    const me = await t.app.inject({ url: '/api/account/me', headers: admin });
    expect(me.json().organizations[0].nameNick).toBe('Lipa d.o.o.');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/undo/${saved.json().undoId}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(200);
    expect(await current()).toMatchObject({ nameNick: 'Lipa', organizationBankAccounts: [] });
  });

  it('refuses other members, creating and deleting organisations here, and a wrong VAT ID', async () => {
    const org = await current();
    const clerk = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/organization/${org.key}`,
      headers: member,
      payload: { version: org.version, name: 'X' },
    });
    expect(clerk.statusCode).toBe(403);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/cl/organization',
      headers: admin,
      payload: { name: 'New' },
    });
    expect(create.statusCode).toBe(405);
    expect(create.json().error[0].msg).toBe(
      'Records of organization are not created or deleted here.',
    );
    const remove = await t.app.inject({
      method: 'DELETE',
      url: '/api/cl/organization',
      headers: admin,
      payload: { keys: [org.key] },
    });
    expect(remove.statusCode).toBe(405);
    const vat = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/organization/${org.key}`,
      headers: admin,
      payload: { version: org.version, taxNumber: 'SI12345678' },
    });
    expect(vat.json().error[0]).toMatchObject({ code: 'validation.vatId', field: 'taxNumber' });
    expect(await current()).toEqual(org);
  });
});

describe('an IBAN twice on one owner', () => {
  it('is refused even when the first account was saved earlier and not sent again', async () => {
    const org = await current();
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/organization/${org.key}`,
      headers: admin,
      payload: {
        version: org.version,
        organizationBankAccounts: [{ id: -1, code: 'GB82WEST12345698765432' }],
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().item;
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/organization/${org.key}`,
      headers: admin,
      payload: {
        version: saved.version,
        organizationBankAccounts: [{ id: -1, code: 'GB82 WEST 1234 5698 7654 32' }],
      },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error[0]).toMatchObject({
      code: 'errors.duplicateInList',
      field: 'organizationBankAccounts.0.code',
    });
    expect((await current()).organizationBankAccounts).toHaveLength(1);
  });
});
