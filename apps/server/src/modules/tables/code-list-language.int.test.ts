import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { doc } from './entities/doc';
import { documentType } from './entities/document-type';
import { partner } from './entities/partner';

/**
 * Issue 24: a list row names the code-list items it refers to in the language of the call: the
 * Slovenian name in Slovenian, the English one in English.
 */
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const org = await createOrganization(t, { [clerk.id]: ['dataentry', 'accountant'] });
  headers = await memberHeaders(t, clerk, org);
});
afterAll(() => t.close());

async function created(path: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url: path, headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item;
}

describe('reference texts of a list in the language of the call', () => {
  it("names a document's type in Slovenian in Slovenian and in English in English", async () => {
    const supplier = await created('/api/cl/partner', partner.sample(71));
    const type = await created('/api/cl/documentType', {
      ...documentType.sample(71),
      name: 'Incoming invoice',
      nameSl: 'Prejeti račun',
    });
    await created('/api/doc', {
      ...doc.sample(71),
      customerKey: supplier.key,
      documentTypeId: type.id,
    });
    const typeText = async (language: string) => {
      const res = await t.app.inject({
        url: '/api/doc?search=r-000071',
        headers: { ...headers, 'content-language': language },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: TableRecord[] }>().items.map((item) => item.documentTypeIdCb);
    };
    expect(await typeText('sl')).toEqual(['DT71 – Prejeti račun']);
    expect(await typeText('en-gb')).toEqual(['DT71 – Incoming invoice']);
    // A partner has one name: the same in both languages.
    const partnerText = await t.app.inject({
      url: '/api/doc?search=r-000071',
      headers: { ...headers, 'content-language': 'sl' },
    });
    expect(partnerText.json<{ items: TableRecord[] }>().items[0]?.customerKeyCb).toBe(
      `P000071 – ${String(supplier.name)}`,
    );
  });
});
