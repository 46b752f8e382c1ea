import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/factories';
import { demoTaxNumber } from '../demo/tax-numbers';

/** spec §8 warnings on a real entity: a second partner with a VAT ID already in use. */
let t: TestApp;
let headers: Record<string, string>;
const vatId = `SI${demoTaxNumber(77)}`;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  const org = await createOrganization(t, { [user.id]: ['orgadmin'] });
  headers = { authorization: (await login(t, user.username)).apikey, 'organization-id': org.key };
});
afterAll(() => t.close());

const post = (payload: object, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/cl/partner${query}`, headers, payload });
const count = async () =>
  (await t.app.inject({ url: '/api/cl/partner', headers })).json<{ items: unknown[] }>().items
    .length;

describe('partner warning: the same VAT ID twice', () => {
  it('refuses a second partner with the VAT ID until ignoreWarnings, naming the first', async () => {
    const first = await post({ code: 'ALP', name: 'Alpe d.o.o.', countryCode: 'SI', vatId });
    expect(first.statusCode).toBe(201);

    const second = await post({
      code: 'ALP2',
      name: 'Alpe podružnica',
      countryCode: 'SI',
      vatId: ` ${vatId.toLowerCase()} `,
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      error: [],
      warning: [
        {
          code: 'warnings.partner.sameVatId',
          msg: `Partner ALP – Alpe d.o.o. already has VAT ID ${vatId}; save anyway only if this is really another partner.`,
          parameters: [vatId, 'ALP – Alpe d.o.o.'],
          field: 'vatId',
        },
      ],
    });
    expect(await count()).toBe(1);

    const forced = await post(
      { code: 'ALP2', name: 'Alpe podružnica', countryCode: 'SI', vatId },
      '?ignoreWarnings=true',
    );
    expect(forced.statusCode).toBe(201);
    expect(await count()).toBe(2);
  });

  it('does not warn a partner about itself when it is saved again', async () => {
    const created = await post({ code: 'SAMO', name: 'Samo d.o.o.', countryCode: 'SI' });
    const item = created.json<{ item: { key: string; version: number } }>().item;
    const other = `SI${demoTaxNumber(78)}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/partner/${item.key}`,
      headers,
      payload: { vatId: other, version: item.version },
    });
    expect(res.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/partner/${item.key}`,
      headers,
      payload: { name: 'Samo in partnerji d.o.o.', version: item.version + 1 },
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe("a new partner's code (issue 24)", () => {
  const defaultCode = async (asHeaders = headers) =>
    (await t.app.inject({ url: '/api/cl/default.model/partner', headers: asHeaders })).json<{
      code: string;
    }>().code;

  it("continues the organisation's numbering, and only its own", async () => {
    const user = await createUser(t);
    const org = await createOrganization(t, { [user.id]: ['orgadmin'] });
    const own = {
      authorization: (await login(t, user.username)).apikey,
      'organization-id': org.key,
    };
    expect(await defaultCode(own)).toBe('');
    for (const code of ['D-0098', 'D-0099']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cl/partner',
        headers: own,
        payload: { code, name: `${code} d.o.o.`, countryCode: 'SI' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await defaultCode(own)).toBe('D-0100');
    // The first organisation's codes (ALP, ALP2, …) are no numbering.
    expect(await defaultCode()).toBe('');
  });
});
