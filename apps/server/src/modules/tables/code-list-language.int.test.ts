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

describe('a refusal that names a code-list item, in the language of the user', () => {
  it('names a document type in use by its Slovenian name in Slovenian and its English one in English', async () => {
    const supplier = await created('/api/cl/partner', partner.sample(72));
    const type = await created('/api/cl/documentType', {
      ...documentType.sample(72),
      name: 'Advance invoice',
      nameSl: 'Avansni račun',
    });
    await created('/api/doc', {
      ...doc.sample(72),
      customerKey: supplier.key,
      documentTypeId: type.id,
    });
    const refusal = async (language: string) => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/cl/documentType',
        headers: { ...headers, 'content-language': language },
        payload: { keys: [type.key] },
      });
      expect(res.statusCode, res.body).toBe(409);
      return res.json<{ error: { code: string; msg: string; parameters: unknown[] }[] }>().error;
    };
    const slovenian = await refusal('sl');
    expect(slovenian.map((e) => [e.code, e.parameters])).toEqual([
      ['errors.inUse.doc', ['DT72 - Avansni račun', '1']],
    ]);
    expect(slovenian[0]?.msg).toContain('DT72 - Avansni račun je naveden na dokumentih');
    const english = await refusal('en-gb');
    expect(english.map((e) => [e.code, e.parameters])).toEqual([
      ['errors.inUse.doc', ['DT72 - Advance invoice', '1']],
    ]);
    expect(english[0]?.msg).toContain('DT72 - Advance invoice is named by documents');
  });
});
