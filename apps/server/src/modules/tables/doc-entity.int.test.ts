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
import { costLinesProblem, doc } from './entities/doc';
import { documentType } from './entities/document-type';
import { partner } from './entities/partner';

/**
 * The document table (issue 5) beyond what the generic suite checks for every table: its
 * references stay inside the organisation, the server owns its state, amounts are checked.
 */
let t: TestApp;
let headers: Record<string, string>;
let foreignHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const stranger = await createUser(t);
  const org = await createOrganization(t, { [clerk.id]: ['dataentry', 'accountant'] });
  const foreign = await createOrganization(t, { [stranger.id]: ['orgadmin'] });
  headers = await memberHeaders(t, clerk, org);
  foreignHeaders = await memberHeaders(t, stranger, foreign);
});
afterAll(() => t.close());

const post = (path: string, payload: object, h = headers) =>
  t.app.inject({ method: 'POST', url: path, headers: h, payload });

async function createPartner(n: number, h = headers) {
  const res = await post('/api/cl/partner', partner.sample(n), h);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item;
}

/** A new document type of the organisation, by its id (spec: documentTypeId). */
async function documentTypeId(n: number, h = headers) {
  const res = await post('/api/cl/documentType', documentType.sample(n), h);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item.id;
}

describe('documents', () => {
  it('saves a draft with its partner and type, whatever state the request claims', async () => {
    const supplier = await createPartner(1);
    const res = await post('/api/doc', {
      ...doc.sample(1),
      customerKey: supplier.key.toUpperCase(),
      documentTypeId: await documentTypeId(1),
      status: 'archived',
      workflowCurrentStepSystemTileCode: 'archive',
      captureState: 'done',
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<{ item: TableRecord }>().item;
    expect(item).toMatchObject({
      customerKey: supplier.key,
      status: 'draft',
      workflowCurrentStepSystemTileCode: null,
      captureState: 'none',
      displayTitle: 'R-000001',
    });
    const listed = await t.app.inject({ url: '/api/doc?search=r-000001', headers });
    expect(listed.json<{ items: TableRecord[] }>().items.map((i) => i.key)).toEqual([item.key]);
  });

  it('lists each document with the text of its partner and type, lookups without it', async () => {
    const supplier = await createPartner(31);
    const typeId = await documentTypeId(31);
    const res = await post('/api/doc', {
      ...doc.sample(31),
      customerKey: supplier.key,
      documentTypeId: typeId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const listed = await t.app.inject({ url: '/api/doc?search=r-000031', headers });
    expect(listed.json<{ items: TableRecord[] }>().items).toEqual([
      expect.objectContaining({
        customerKey: supplier.key,
        customerKeyCb: 'P000031 – Čebela partner 31 d.o.o.',
        documentTypeId: typeId,
        documentTypeIdCb: 'DT31 – Sample document 31',
      }),
    ]);
    const lookup = await t.app.inject({ url: '/api/doc?search=r-000031&mode=dropdown', headers });
    expect(lookup.json<{ items: TableRecord[] }>().items[0]).not.toHaveProperty('customerKeyCb');
  });

  it('refuses to delete a partner or a document type that documents name, and deletes them once free', async () => {
    const supplier = await createPartner(41);
    const typeId = await documentTypeId(41);
    const created = await post('/api/doc', {
      ...doc.sample(41),
      customerKey: supplier.key,
      documentTypeId: typeId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const typeKey = (
      await t.app.inject({ url: '/api/cl/documentType?search=DT41', headers })
    ).json<{ items: TableRecord[] }>().items[0]?.key;
    const remove = (path: string, keys: string[]) =>
      t.app.inject({ method: 'DELETE', url: path, headers, payload: { keys } });

    const partnerRefused = await remove('/api/cl/partner?ignoreWarnings=true', [supplier.key]);
    expect(partnerRefused.statusCode).toBe(409);
    expect(partnerRefused.json().error).toEqual([
      expect.objectContaining({
        code: 'errors.inUse.doc',
        msg: `${supplier.displayTitle} is named by documents (1), so it cannot be deleted.`,
      }),
    ]);
    const typeRefused = await remove('/api/cl/documentType', [typeKey ?? '']);
    expect(typeRefused.statusCode).toBe(409);
    expect(errorCodes(typeRefused)).toEqual(['errors.inUse.doc']);
    // Nothing was deleted: the partner still reads.
    const still = await t.app.inject({ url: `/api/cl/partner/${supplier.key}`, headers });
    expect(still.statusCode).toBe(200);

    const item = created.json<{ item: TableRecord }>().item;
    expect((await remove('/api/doc', [item.key])).statusCode).toBe(200);
    expect((await remove('/api/cl/partner', [supplier.key])).statusCode).toBe(200);
    expect((await remove('/api/cl/documentType', [typeKey ?? ''])).statusCode).toBe(200);
  });

  it("refuses another organisation's partner and document type as unknown", async () => {
    const theirs = await createPartner(2, foreignHeaders);
    const theirType = await documentTypeId(2, foreignHeaders);
    const res = await post('/api/doc', {
      ...doc.sample(2),
      customerKey: theirs.key,
      documentTypeId: theirType,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'errors.unknownReference', field: 'customerKey' }),
        expect.objectContaining({ code: 'errors.unknownReference', field: 'documentTypeId' }),
      ]),
    );
    const mine = await t.app.inject({ url: '/api/doc?search=r-000002', headers });
    expect(mine.json().items).toEqual([]);
  });

  it('warns when net plus VAT is not the total, and saves when told to go on', async () => {
    const payload = {
      ...doc.sample(3),
      netAmount: '100.00',
      vatAmount: '22.00',
      totalAmount: '121.99',
      costLines: [],
    };
    const warned = await post('/api/doc', payload);
    expect(warned.statusCode).toBe(400);
    expect(warned.json().warning).toEqual([
      {
        code: 'errors.doc.totalNotNetPlusVat',
        msg: 'The total should be the net amount 100,00 plus VAT 22,00, which is 122,00.',
        parameters: ['100.00', '22.00', '122.00'],
        field: 'totalAmount',
      },
    ]);
    const saved = await post('/api/doc?ignoreWarnings=true', payload);
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('answers the document calls only under /api/doc, and only to members', async () => {
    expect((await t.app.inject({ url: '/api/cl/doc', headers })).statusCode).toBe(404);
    const foreign = await t.app.inject({
      url: '/api/doc',
      headers: { ...foreignHeaders, 'organization-id': headers['organization-id'] ?? '' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(errorCodes(foreign)).toEqual(['errors.notMember']);
  });

  it('starts a new document today, in euros, as a draft', async () => {
    const res = await t.app.inject({ url: '/api/cl/default.model/doc', headers });
    expect(res.json()).toMatchObject({
      currencyCode: 'EUR',
      status: 'draft',
      receivedDate: new Date().toISOString().slice(0, 10),
      costLines: [],
    });
  });
});

describe('cost allocation lines', () => {
  it('must add up to the total once there are any', () => {
    const lines = (...amounts: string[]) => amounts.map((amount) => ({ amount }));
    expect(costLinesProblem({ totalAmount: '122.00', costLines: [] })).toBeUndefined();
    expect(
      costLinesProblem({ totalAmount: '122.00', costLines: lines('100.00', '22') }),
    ).toBeUndefined();
    expect(
      costLinesProblem({
        totalAmount: '122.00',
        costLines: [...lines('100.00'), { amount: '22.00', markForDelete: true }],
      }),
    ).toEqual({
      code: 'errors.doc.costLinesNotTotal',
      parameters: ['100.00', '122.00'],
      field: 'costLines',
    });
    expect(costLinesProblem({ totalAmount: '-0.50', costLines: lines('-0.25') })).toMatchObject({
      parameters: ['-0.25', '-0.50'],
    });
  });
});
