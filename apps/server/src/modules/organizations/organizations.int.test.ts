import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationDetails } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  login,
  type TestApp,
} from '../../../test/factories';
import { isValidSlovenianVatId } from '@listina/forms';
import { demoTaxNumber } from '../demo/tax-numbers';
import { uuidv7 } from '../../lib/ids';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn() {
  const user = await createUser(t);
  const token = await login(t, user.username);
  return { user, headers: { authorization: token.apikey } };
}

describe('organisations', () => {
  it('creates an organisation whose creator is orgadmin and sees the connect code', async () => {
    const { headers } = await signedIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers,
      payload: { name: '  Lipa d.o.o. ' },
    });
    expect(res.statusCode).toBe(201);
    const org = res.json<OrganizationDetails>();
    expect(org).toMatchObject({
      name: 'Lipa d.o.o.',
      nameNick: 'Lipa d.o.o.',
      roles: ['orgadmin'],
    });
    expect(org.connectCode).toMatch(/^[A-Z2-9]{12}$/);
    const me = await t.app.inject({ url: '/api/account/me', headers });
    expect(me.json().organizations).toEqual([
      { id: org.id, nameNick: 'Lipa d.o.o.', roles: ['orgadmin'] },
    ]);
    const current = await t.app.inject({
      url: '/api/organization/current',
      headers: { ...headers, 'organization-id': org.id },
    });
    expect(current.json()).toEqual(org);
  });

  it('refuses to create an organisation without a name, and writes nothing', async () => {
    const { headers } = await signedIn();
    const before = await t.database.db
      .selectFrom('organization')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers,
      payload: { name: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual([
      {
        msg: 'field is required',
        code: 'validation.required',
        parameters: [],
        field: 'name',
      },
    ]);
    const after = await t.database.db
      .selectFrom('organization')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('connects a user by code (typed loosely) as a plain member who does not see the code', async () => {
    const admin = await signedIn();
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/organization',
        headers: admin.headers,
        payload: { name: 'Hrast' },
      })
    ).json<OrganizationDetails>();
    const member = await signedIn();
    const typed = `${created.connectCode?.slice(0, 4).toLowerCase()} ${created.connectCode?.slice(4)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organization/connect',
      headers: member.headers,
      payload: { code: typed },
    });
    expect(res.json()).toEqual({ id: created.id, nameNick: 'Hrast', roles: ['user'] });
    const current = await t.app.inject({
      url: '/api/organization/current',
      headers: { ...member.headers, 'organization-id': created.id },
    });
    expect(current.json()).toMatchObject({ roles: ['user'], connectCode: null });
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/organization/connect',
      headers: member.headers,
      payload: { code: typed },
    });
    expect(twice.statusCode).toBe(409);
    expect(errorCodes(twice)).toEqual(['errors.alreadyMember']);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/organization/connect',
      headers: member.headers,
      payload: { code: 'NOSUCHCODE99' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorCodes(unknown)).toEqual(['errors.connectCodeUnknown']);
  });

  it('adds the user-wide roles (sysadmin) to the organisation roles', async () => {
    const user = await createUser(t, { roles: ['SysAdmin'] });
    const org = await createOrganization(t, { [user.id]: ['approver'] });
    const token = await login(t, user.username);
    const current = await t.app.inject({
      url: '/api/organization/current',
      headers: { authorization: token.apikey, 'organization-id': org.key },
    });
    expect(current.json().roles).toEqual(['approver', 'sysadmin']);
    expect(current.json().connectCode).toBe(org.connect_code);
  });
});

describe('the organization-id header', () => {
  it('gives 403 for another organisation and for one that does not exist, never its data', async () => {
    const outsider = await signedIn();
    const owner = await createUser(t);
    const foreign = await createOrganization(t, { [owner.id]: ['orgadmin'] });
    for (const id of [foreign.key, uuidv7(), 'not-a-uuid']) {
      const res = await t.app.inject({
        url: '/api/organization/current',
        headers: { ...outsider.headers, 'organization-id': id },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: [
          {
            msg: 'You are not a member of this organisation.',
            code: 'errors.notMember',
            parameters: [],
          },
        ],
        warning: [],
      });
      expect(res.body).not.toContain(foreign.name);
    }
  });

  it('asks for the header when it is missing', async () => {
    const { headers } = await signedIn();
    const res = await t.app.inject({ url: '/api/organization/current', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error[0].msg).toBe(
      'Choose an organisation: the organization-id header is missing.',
    );
  });
});

/** Headers of a newly signed-in user acting in the organisation they just created. */
async function inNewOrganization(name: string) {
  const { headers } = await signedIn();
  const org = (
    await t.app.inject({ method: 'POST', url: '/api/organization', headers, payload: { name } })
  ).json<OrganizationDetails>();
  return { ...headers, 'organization-id': org.id };
}

describe('the local company register', () => {
  it('checks a VAT ID and finds its company, without any outside call', async () => {
    const h = await inNewOrganization('Reg');
    const found = await t.app.inject({
      url: '/api/cl/organization/external/search?search=zito',
      headers: h,
    });
    expect(found.statusCode, found.body).toBe(200);
    const company = found.json().items[0];
    expect(company).toMatchObject({ name: 'Žito Mlin d.d.', town: 'Ljubljana', countryCode: 'SI' });
    const check = await t.app.inject({
      url: `/api/cl/organization/external/check?vatId=${encodeURIComponent(`si ${company.taxNumber}`)}`,
      headers: h,
    });
    expect(check.json()).toEqual({ vatId: `SI${company.taxNumber}`, isValid: true, company });
    const wrongDigit = `SI${company.taxNumber.slice(0, 7)}${(Number(company.taxNumber[7]) + 1) % 10}`;
    expect(
      (
        await t.app.inject({
          url: `/api/cl/organization/external/check?vatId=${wrongDigit}`,
          headers: h,
        })
      ).json(),
    ).toMatchObject({ isValid: false, company: null });
    const missing = await t.app.inject({ url: '/api/cl/organization/external/check', headers: h });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error[0]).toMatchObject({ code: 'validation.required', field: 'vatId' });
  });

  it('holds only valid tax numbers, the ones the demo organisations are given', async () => {
    const h = await inNewOrganization('R2');
    const companies: { taxNumber: string }[] = [];
    for (const search of ['d.o.o.', 'd.d.', 'Ravne', 'Mizarstvo']) {
      const found = await t.app.inject({
        url: `/api/cl/organization/external/search?search=${encodeURIComponent(search)}`,
        headers: h,
      });
      expect(found.statusCode, found.body).toBe(200);
      companies.push(...found.json<{ items: { taxNumber: string }[] }>().items);
    }
    const numbers = new Set(companies.map((c) => c.taxNumber));
    expect(numbers.size).toBeGreaterThanOrEqual(10);
    for (const taxNumber of numbers) expect(isValidSlovenianVatId(taxNumber), taxNumber).toBe(true);
    for (const n of [1, 2, 3, 4]) expect(numbers).toContain(demoTaxNumber(n));
  });
});
