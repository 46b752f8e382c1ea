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
import { doc } from '../tables/entities/doc';
import { documentType } from '../tables/entities/document-type';
import { partner } from '../tables/entities/partner';

/** Activation, a partner's history and the home tiles (spec §7; issue 5). */
let t: TestApp;
let headers: Record<string, string>;
let approverHeaders: Record<string, string>;
let foreignHeaders: Record<string, string>;
let invoiceType: number;
let creditNoteType: number;
let supplier: TableRecord;
let other: TableRecord;

const call = (method: 'GET' | 'POST', url: string, payload?: object, h = headers) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });

async function created(url: string, payload: object, h = headers) {
  const res = await call('POST', url, payload, h);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item;
}

let n = 100;
/** A saved draft: complete for an invoice unless `fields` says otherwise. */
const draft = (fields: Record<string, unknown> = {}) =>
  created('/api/doc', {
    ...doc.sample(n++),
    documentTypeId: invoiceType,
    customerKey: supplier.key,
    ...fields,
  });

const read = async (key: string) => (await call('GET', `/api/doc/${key}`)).json<TableRecord>();

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const approver = await createUser(t);
  const stranger = await createUser(t);
  const org = await createOrganization(t, {
    [clerk.id]: ['dataentry', 'accountant'],
    [approver.id]: ['approver'],
  });
  const foreign = await createOrganization(t, { [stranger.id]: ['orgadmin'] });
  headers = await memberHeaders(t, clerk, org);
  approverHeaders = await memberHeaders(t, approver, org);
  foreignHeaders = await memberHeaders(t, stranger, foreign);
  const type = (n: number, code: string) =>
    created('/api/cl/documentType', { ...documentType.sample(n), einvoiceTypeCode: code });
  invoiceType = (await type(1, '380')).id;
  creditNoteType = (await type(2, '381')).id;
  supplier = await created('/api/cl/partner', partner.sample(1));
  other = await created('/api/cl/partner', partner.sample(2));
});
afterAll(() => t.close());

describe('activation', () => {
  it('activates complete drafts together, and one undo makes them drafts again', async () => {
    const [a, b] = [await draft(), await draft({ documentTypeId: creditNoteType, dueDate: null })];
    const res = await call('POST', '/api/doc/activate', { keys: [a.key, b.key] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: TableRecord[]; undoId: string }>();
    expect(body.items.map((d) => d.status)).toEqual(['active', 'active']);
    expect((await read(a.key)).version).toBe(Number(a.version) + 1);
    const undo = await call('POST', `/api/undo/${body.undoId}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await read(a.key)).status).toBe('draft');
    expect((await read(b.key)).status).toBe('draft');
  });

  it('refuses all when one is incomplete for its type, naming the document and each field', async () => {
    const complete = await draft();
    const lacking = await draft({ number: 'R-LACKING', dueDate: '', customerKey: null });
    const res = await call('POST', '/api/doc/activate', { keys: [complete.key, lacking.key] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual([
      {
        code: 'errors.doc.missingField',
        msg: 'R-LACKING: this field is needed before the document is activated.',
        parameters: ['R-LACKING'],
        field: 'customerKey',
      },
      expect.objectContaining({ code: 'errors.doc.missingField', field: 'dueDate' }),
    ]);
    expect((await read(complete.key)).status).toBe('draft');
  });

  it('refuses cost lines that do not add up to the total, and a document that is no draft', async () => {
    const uneven = await draft({
      totalAmount: '122.00',
      netAmount: '100.00',
      vatAmount: '22.00',
      costLines: [{ id: -1, account: '4000', amount: '100.00' }],
    });
    const lines = await call('POST', '/api/doc/activate', { keys: [uneven.key] });
    expect(lines.json().error).toEqual([
      expect.objectContaining({
        code: 'errors.doc.costLinesNotTotal',
        parameters: ['100.00', '122.00', uneven.number],
        field: 'costLines',
      }),
    ]);
    const done = await draft();
    expect((await call('POST', '/api/doc/activate', { keys: [done.key] })).statusCode).toBe(200);
    const again = await call('POST', '/api/doc/activate', { keys: [done.key] });
    // Active already: the same activation again is a conflict (issue 22).
    expect(again.statusCode).toBe(409);
    expect(errorCodes(again)).toEqual(['errors.doc.notDraft']);
  });

  it("answers 404 for another organisation's document and 403 to a member who may not write", async () => {
    const theirs = await created('/api/doc', doc.sample(n++), foreignHeaders);
    const foreign = await call('POST', '/api/doc/activate', { keys: [theirs.key] });
    expect(foreign.statusCode).toBe(404);
    expect(errorCodes(foreign)).toEqual(['errors.recordNotFound']);
    const mine = await draft();
    const approver = await call('POST', '/api/doc/activate', { keys: [mine.key] }, approverHeaders);
    expect(approver.statusCode).toBe(403);
    expect((await read(mine.key)).status).toBe('draft');
    const empty = await call('POST', '/api/doc/activate', { keys: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('customer history', () => {
  it("lists the partner's other documents, newest first, of one type when asked", async () => {
    const older = await draft({ issueDate: '2025-01-10' });
    const newer = await draft({ issueDate: '2025-03-10' });
    const credit = await draft({ issueDate: '2025-02-10', documentTypeId: creditNoteType });
    const editing = await draft({ issueDate: '2025-04-10' });
    await draft({ customerKey: other.key });
    const history = async (query: string) => {
      const res = await call(
        'GET',
        `/api/doc/customerHistory?customerKey=${supplier.key}&documentKey=${editing.key}${query}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: TableRecord[] }>().items;
    };
    const keysOf = (items: TableRecord[]) => items.map((d) => d.key);
    const all = keysOf(await history('&count=100'));
    expect(all).not.toContain(editing.key);
    expect(all.indexOf(newer.key)).toBeLessThan(all.indexOf(credit.key));
    expect(all.indexOf(credit.key)).toBeLessThan(all.indexOf(older.key));
    const credits = await history(`&documentTypeId=${creditNoteType}&count=100`);
    expect(keysOf(credits)).toContain(credit.key);
    expect(credits.every((d) => d.documentTypeId === creditNoteType)).toBe(true);
    expect(all.filter((key) => !keysOf(credits).includes(key))).toContain(older.key);
    expect(await history('&count=1')).toHaveLength(1);
  });

  it("shows nothing of another organisation's partner, and refuses a malformed key", async () => {
    const theirs = await created('/api/cl/partner', partner.sample(3), foreignHeaders);
    await created('/api/doc', { ...doc.sample(n++), customerKey: theirs.key }, foreignHeaders);
    const res = await call('GET', `/api/doc/customerHistory?customerKey=${theirs.key}`);
    expect(res.json()).toEqual({ items: [] });
    const bad = await call('GET', '/api/doc/customerHistory?customerKey=../../x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error[0]).toMatchObject({
      code: 'errors.doc.badCustomerKey',
      field: 'customerKey',
    });
  });
});

describe('home tiles', () => {
  it('count the documents of this organisation by state, each with the filter that lists them', async () => {
    const before = await tiles(foreignHeaders);
    const res = await call('GET', '/api/tile', undefined, { ...headers, 'content-language': 'sl' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{
      items: { filterId: string; label: string; count: number; filter: string[] }[];
    }>().items;
    const drafts = items.find((i) => i.filterId === 'drafts');
    expect(drafts).toMatchObject({ label: 'Osnutki', filter: ['status:draft'] });
    const listed = await call('GET', `/api/doc?count=1000&filter=${drafts?.filter[0] ?? ''}`);
    expect(listed.json().items).toHaveLength(drafts?.count ?? -1);
    expect(items.find((i) => i.filterId === 'active')?.count).toBeGreaterThan(0);
    // The other organisation's tiles did not move.
    expect(await tiles(foreignHeaders)).toEqual(before);
  });
});

async function tiles(h: Record<string, string>) {
  return (await call('GET', '/api/tile', undefined, h)).json<{ items: unknown[] }>().items;
}
