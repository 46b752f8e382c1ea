import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  uploadDocument,
  type TestApp,
} from '../../../test/factories';
import { inScope } from '../../db/scope';
import { doc } from '../tables/entities/doc';
import { partner } from '../tables/entities/partner';

/**
 * Issue 5: documents are found by number, partner, amounts, description and the full text of
 * their files, accent-insensitively, most relevant first, and only in their organisation.
 */
const XML = fs.readFileSync(
  path.join(import.meta.dirname, '../files/fixtures/eslog20_constructed_minimal_invoice.xml'),
);

let t: TestApp;
let headers: Record<string, string>;
let foreignHeaders: Record<string, string>;
let supplier: TableRecord;

const post = async (url: string, payload: object, h = headers) => {
  const res = await t.app.inject({ method: 'POST', url, headers: h, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord; undoId: string }>();
};

async function found(search: string, h = headers) {
  const res = await t.app.inject({
    url: `/api/doc?count=100&search=${encodeURIComponent(search)}`,
    headers: h,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: TableRecord[] }>().items.map((d) => d.number);
}

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const stranger = await createUser(t);
  const org = await createOrganization(t, { [clerk.id]: ['dataentry'] });
  const foreign = await createOrganization(t, { [stranger.id]: ['orgadmin'] });
  headers = await memberHeaders(t, clerk, org);
  foreignHeaders = await memberHeaders(t, stranger, foreign);
  supplier = (
    await post('/api/cl/partner', { ...partner.sample(7), name: 'Čistilni servis Žabnica' })
  ).item;
  await post('/api/doc', {
    ...doc.sample(1),
    number: 'S-2026-0042',
    customerKey: supplier.key,
    netAmount: '1011.89',
    vatAmount: '222.61',
    totalAmount: '1234.50',
    description: 'Čiščenje poslovnih prostorov',
  });
  await post('/api/doc', {
    ...doc.sample(2),
    number: 'S-2026-0043',
    description: 'Pisarniški material za servis',
  });
  const upload = await uploadDocument(
    t,
    headers,
    { filename: 'e-racun.xml', content: XML },
    { number: 'E-1' },
  );
  expect(upload.statusCode, upload.body).toBe(201);
  await post('/api/doc', { ...doc.sample(3), number: 'S-2026-0042' }, foreignHeaders);
});
afterAll(() => t.close());

describe('document search', () => {
  it('finds by number, partner without accents, an amount as typed and a description word', async () => {
    expect(await found('0042')).toEqual(['S-2026-0042']);
    expect(await found('zabnica cistilni')).toEqual(['S-2026-0042']);
    expect(await found('1.234,50')).toEqual(['S-2026-0042']);
    expect(await found('ciscenje')).toEqual(['S-2026-0042']);
    expect(await found('nothing-like-this')).toEqual([]);
  });

  it("finds by the text of a document's files", async () => {
    expect(await found('Dobavitelj')).toEqual(['E-1']);
  });

  it('ranks a partner above a word in a description, without a sort of its own', async () => {
    expect(await found('servis')).toEqual(['S-2026-0042', 'S-2026-0043']);
    const sorted = await t.app.inject({
      url: '/api/doc?search=servis&sort=number%20desc',
      headers,
    });
    expect(sorted.json<{ items: TableRecord[] }>().items.map((d) => d.number)).toEqual([
      'S-2026-0043',
      'S-2026-0042',
    ]);
  });

  it('pages a ranked search with its cursor, every match once', async () => {
    const first = await t.app.inject({ url: '/api/doc?search=s&count=1', headers });
    const page = first.json<{ items: TableRecord[]; nextCursor: string | null }>();
    expect(page.items).toHaveLength(1);
    const rest = await t.app.inject({
      url: `/api/doc?search=s&count=100&cursor=${page.nextCursor ?? ''}`,
      headers,
    });
    const all = [...page.items, ...rest.json<{ items: TableRecord[] }>().items].map((d) => d.key);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(2);
  });

  it("follows a partner's new name, and never shows another organisation's document", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/partner/${supplier.key}`,
      headers,
      payload: { version: supplier.version, name: 'Blesk d.o.o.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await found('blesk')).toEqual(['S-2026-0042']);
    expect(await found('zabnica')).toEqual([]);
    expect(await found('0042', foreignHeaders)).toEqual(['S-2026-0042']);
    expect(await found('poslovnih', foreignHeaders)).toEqual([]);
  });
});

describe('listina_fts_ids', () => {
  it('matches only in the scope organisation, and refuses tables without a search vector', async () => {
    const db = t.database.db;
    const user = await db.selectFrom('app_user').select('id').executeTakeFirstOrThrow();
    const orgs = await db.selectFrom('organization').select('id').orderBy('id').execute();
    const ids = (organizationId?: string) =>
      inScope(db, { userId: user.id, ...(organizationId ? { organizationId } : {}) }, (trx) =>
        sql<{ id: string }>`select listina_fts_ids('doc', ${"'0042':*"}, 100) as id`.execute(trx),
      );
    expect((await ids()).rows).toEqual([]);
    const perOrganization = await Promise.all(orgs.map((o) => ids(o.id)));
    expect(perOrganization.map((r) => r.rows.length)).toEqual([1, 1]);
    expect(perOrganization[0]?.rows[0]?.id).not.toEqual(perOrganization[1]?.rows[0]?.id);
    await expect(
      inScope(db, { userId: user.id, organizationId: orgs[0]?.id }, (trx) =>
        sql`select listina_fts_ids('partner', 'x', 1)`.execute(trx),
      ),
    ).rejects.toThrow(/no search vector on partner/);
  });
});
