import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleIban } from '../tables/entities/bank-account';
import {
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  login,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { demoTaxNumber } from '../demo/tax-numbers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ COMPANY_REGISTER_URL: 'off' });
});
afterAll(() => t.close());

async function world() {
  const admin = await createUser(t);
  const clerk = await createUser(t);
  const org = await createOrganization(t, { [admin.id]: ['orgadmin'], [clerk.id]: ['user'] });
  return {
    org,
    admin: await memberHeaders(t, admin, org),
    clerk: await memberHeaders(t, clerk, org),
  };
}

const onboarding = (headers: Record<string, string>) =>
  t.app.inject({ url: '/api/organization/onboarding', headers });
const states = async (headers: Record<string, string>) =>
  Object.fromEntries(
    (await onboarding(headers))
      .json<{ steps: { step: string; state: string }[] }>()
      .steps.map((s) => [s.step, s.state]),
  );

describe("a new organisation's checklist", () => {
  it('starts with five open steps, and every member sees what an admin marks', async () => {
    const founder = await createUser(t);
    const fresh = await createOrganization(t, { [founder.id]: ['orgadmin'] });
    expect((await onboarding(await memberHeaders(t, founder, fresh))).json()).toEqual({
      steps: [
        { step: 'company', state: 'open' },
        { step: 'bankAccount', state: 'open' },
        { step: 'members', state: 'open' },
        { step: 'documentTypes', state: 'open' },
        { step: 'firstUpload', state: 'open' },
      ],
      finished: 0,
      total: 5,
      isDismissed: false,
      canChange: true,
    });
    // A second member is done with "members" already.
    const { admin, clerk } = await world();
    expect((await onboarding(admin)).json()).toMatchObject({ finished: 1 });
    const skipped = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/onboarding/bankAccount',
      headers: admin,
      payload: { state: 'skipped' },
    });
    expect(skipped.json()).toMatchObject({ finished: 2 });
    await t.app.inject({
      method: 'PUT',
      url: '/api/organization/onboarding/documentTypes',
      headers: admin,
      payload: { state: 'done' },
    });
    const seen = (await onboarding(clerk)).json();
    expect(seen).toMatchObject({ finished: 3, total: 5, canChange: false });
    expect(await states(clerk)).toMatchObject({ bankAccount: 'skipped', documentTypes: 'done' });
    const reopened = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/onboarding/bankAccount',
      headers: admin,
      payload: { state: 'open' },
    });
    expect(reopened.json()).toMatchObject({ finished: 2 });
  });

  it('counts what the organisation has done: company data, a bank account, an invitation, a document', async () => {
    const { admin, org } = await world();
    const current = await t.app.inject({ url: `/api/cl/organization/${org.key}`, headers: admin });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/organization/${org.key}`,
      headers: admin,
      payload: {
        version: current.json().version,
        taxNumber: `SI${demoTaxNumber(1)}`,
        address: 'Dunajska cesta 101',
        postCode: '1000',
        town: 'Ljubljana',
        countryCode: 'si',
        organizationBankAccounts: [
          { id: -1, code: sampleIban(7), bic: 'LJBASI2X', isDefault: true },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item).toMatchObject({ town: 'Ljubljana', countryCode: 'SI' });
    await t.app.inject({
      method: 'POST',
      url: '/api/organization/invitations',
      headers: admin,
      payload: { email: `colleague${Date.now()}@example.test`, roles: ['user'] },
    });
    expect(await states(admin)).toEqual({
      company: 'done',
      bankAccount: 'done',
      members: 'done',
      documentTypes: 'open',
      firstUpload: 'open',
    });
  });

  it('is put away and brought back, for everyone', async () => {
    const { admin, clerk } = await world();
    const away = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/onboarding',
      headers: admin,
      payload: { isDismissed: true },
    });
    expect(away.json()).toMatchObject({ isDismissed: true });
    expect((await onboarding(clerk)).json()).toMatchObject({ isDismissed: true });
    await t.app.inject({
      method: 'PUT',
      url: '/api/organization/onboarding',
      headers: admin,
      payload: { isDismissed: false },
    });
    expect((await onboarding(clerk)).json()).toMatchObject({ isDismissed: false });
  });

  it('refuses a member who is no admin, an unknown step and an unknown state', async () => {
    const { admin, clerk } = await world();
    const byClerk = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/onboarding/company',
      headers: clerk,
      payload: { state: 'done' },
    });
    expect(byClerk.statusCode).toBe(403);
    expect(byClerk.json().error[0].msg).toBe(
      "Only the organisation's administrators change its first-day checklist.",
    );
    const step = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/onboarding/coffee',
      headers: admin,
      payload: { state: 'done' },
    });
    expect(step.statusCode).toBe(404);
    expect(step.json().error[0].msg).toBe('There is no checklist step coffee.');
    const state = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/onboarding/company',
      headers: admin,
      payload: { state: 'half' },
    });
    expect(state.statusCode).toBe(400);
    expect(state.json().error[0]).toMatchObject({ field: 'state' });
    expect((await onboarding(admin)).json()).toMatchObject({ finished: 1 });
  });

  it("keeps each organisation's checklist its own", async () => {
    const a = await world();
    const b = await world();
    await t.app.inject({
      method: 'PUT',
      url: '/api/organization/onboarding/company',
      headers: a.admin,
      payload: { state: 'skipped' },
    });
    expect(await states(b.admin)).toMatchObject({ company: 'open' });
    const intoB = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/onboarding/company',
      headers: { ...a.admin, 'organization-id': b.org.key },
      payload: { state: 'skipped' },
    });
    expect(intoB.statusCode).toBe(403);
  });
});

describe('the bank of an IBAN', () => {
  it('names the bank and its BIC from the bank list, and what is wrong with a bad IBAN', async () => {
    const { clerk } = await world();
    const iban = sampleIban(42); // bank 19100 of the list
    const spaced = iban.replace(/(.{4})/g, '$1 ').toLowerCase();
    const good = await t.app.inject({
      url: `/api/organization/bank-of-iban?iban=${encodeURIComponent(spaced)}`,
      headers: clerk,
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({
      iban,
      problem: null,
      bic: 'SZKBSI2X',
      bankName: 'DBS .D.D., CENTRALA LJUBLJANA',
    });
    const wrongDigit = `${iban.slice(0, -1)}${(Number(iban.at(-1)) + 1) % 10}`;
    const bad = await t.app.inject({
      url: `/api/organization/bank-of-iban?iban=${wrongDigit}`,
      headers: clerk,
    });
    expect(bad.json()).toMatchObject({
      problem: expect.stringMatching(/^validation\.iban\./) as unknown,
      bic: null,
      bankName: null,
    });
  });
});

describe("the organisation's VAT ID is checked as a partner's", () => {
  it('refuses SI12345678 when an organisation is created, and creates nothing', async () => {
    const user = await createUser(t);
    const headers = { authorization: (await login(t, user.username)).apikey };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers,
      payload: { name: 'Napačna d.o.o.', taxNumber: 'SI12345678' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual([
      {
        msg: 'This is not a valid Slovenian VAT ID (SI and 8 digits with a check digit).',
        code: 'validation.vatId',
        parameters: [],
        field: 'taxNumber',
      },
    ]);
    const me = await t.app.inject({ url: '/api/account/me', headers });
    expect(me.json().organizations).toEqual([]);
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers,
      payload: { name: 'Prava d.o.o.', taxNumber: `si ${demoTaxNumber(3)}` },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().taxNumber).toBe(`SI${demoTaxNumber(3)}`);
  });

  it("refuses SI12345678 on the organisation's record, and takes another country's VAT ID", async () => {
    const { admin, org } = await world();
    const current = await t.app.inject({ url: `/api/cl/organization/${org.key}`, headers: admin });
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/organization/${org.key}`,
      headers: admin,
      payload: { version: current.json().version, taxNumber: 'SI12345678' },
    });
    expect(errorCodes(wrong)).toEqual(['validation.vatId']);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/organization/${org.key}`,
      headers: admin,
      payload: { version: current.json().version, taxNumber: 'ATU12345678' },
    });
    expect(foreign.statusCode, foreign.body).toBe(200);
    const garbage = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/organization/${org.key}`,
      headers: admin,
      payload: { version: foreign.json().item.version, taxNumber: '12-AB' },
    });
    expect(garbage.json().error[0]).toMatchObject({
      field: 'taxNumber',
      msg: 'This is not a VAT ID: the two letters of the country, then its number.',
    });
  });
});
