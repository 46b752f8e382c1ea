import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/factories';
import { nameSimilarity } from './partner-suggestions';

let t: TestApp;
let headers: Record<string, string>;
let foreignHeaders: Record<string, string>;

const partner = (code: string, name: string, vatId: string | null, iban: string) => ({
  code,
  name,
  vatId,
  countryCode: 'SI',
  bankAccounts: [{ id: -1, code: iban, isDefault: true }],
});

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  const org = await createOrganization(t, { [user.id]: ['orgadmin'] });
  const other = await createUser(t);
  const otherOrg = await createOrganization(t, { [other.id]: ['orgadmin'] });
  headers = { authorization: (await login(t, user.username)).apikey, 'organization-id': org.key };
  foreignHeaders = {
    authorization: (await login(t, other.username)).apikey,
    'organization-id': otherOrg.key,
  };
  for (const payload of [
    partner('P1', 'Petrol d.d.', 'SI80267432', 'SI56191000000123438'),
    partner('P2', 'Elektro Ljubljana d.d.', null, 'DE89370400440532013000'),
    partner('P3', 'Električar Novak s.p.', null, 'GB82WEST12345698765432'),
  ]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/cl/partner', headers, payload });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

const suggest = (path: string, h = headers) =>
  t.app.inject({ url: `/api/cl/partner/${path}`, headers: h });

describe('partner suggestions', () => {
  it('puts the VAT ID match first, then the IBAN match, then similar names', async () => {
    const res = await suggest(
      `si 8026 7432/DE89370400440532013000/${encodeURIComponent('Elektro Novak')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items.map((i: { code: string; matchedBy: string }) => [i.code, i.matchedBy])).toEqual([
      ['P1', 'vatId'],
      ['P2', 'iban'],
      ['P3', 'name'],
    ]);
    expect(items[1].bankAccountKey).toMatch(/^[0-9a-f-]{36}$/);
    // Each names the partner's id, as a payment order's recipient holds it (spec §7).
    for (const item of items as { key: string; id: number }[]) {
      const partner = await t.app.inject({ url: `/api/cl/partner/${item.key}`, headers });
      expect(partner.json<{ id: number }>().id).toBe(item.id);
    }
  });

  it('matches names without accents and legal forms, and answers nothing for an unknown supplier', async () => {
    const res = await suggest(`-/-/${encodeURIComponent('ELEKTRICAR NOVAK')}`);
    expect(res.json().items[0]).toMatchObject({ code: 'P3', matchedBy: 'name' });
    expect((await suggest(`-/-/${encodeURIComponent('Zzyzx Holdings')}`)).json().items).toEqual([]);
  });

  it("never suggests another organisation's partners", async () => {
    const res = await suggest('SI80267432/SI56191000000123438/Petrol', foreignHeaders);
    expect(res.json().items).toEqual([]);
  });

  it('keeps the generic record routes of the partner table working beside it', async () => {
    const list = await t.app.inject({ url: '/api/cl/partner?search=petrol', headers });
    const key = list.json().items[0].key;
    expect((await t.app.inject({ url: `/api/cl/partner/${key}/audit`, headers })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: `/api/cl/partner/${key}`, headers })).statusCode).toBe(200);
  });

  it('scores name similarity from 0 to 1', () => {
    expect(nameSimilarity('Petrol d.d.', 'PETROL')).toBe(1);
    expect(nameSimilarity('Petrol', 'Mercator')).toBeLessThan(0.3);
  });
});
