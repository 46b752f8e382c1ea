import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/factories';
import { createDb } from '../../db/create-db';
import { migrationProvider } from '../../db/migrations';

/**
 * Text sort keys in Slovenian alphabetical order (ADR 0007): lists, keyset cursors, every
 * write path (create, update, import, undo) and the backfill of rows older than the columns.
 */
let t: TestApp;
let writer: { id: string; username: string };

beforeAll(async () => {
  t = await createTestApp();
  writer = await createUser(t, { roles: ['sysadmin'] });
});
afterAll(() => t.close());

/** An organisation of its own for each test, so its partner list holds only that test's rows. */
async function newOrganization() {
  const org = await createOrganization(t, { [writer.id]: ['orgadmin'] });
  return { authorization: (await login(t, writer.username)).apikey, 'organization-id': org.key };
}

type Headers = Awaited<ReturnType<typeof newOrganization>>;

async function createPartner(headers: Headers, code: string, name: string, town?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cl/partner',
    headers,
    payload: { code, name, countryCode: 'SI', ...(town ? { town } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord; undoId: string }>();
}

async function page(headers: Headers, table: string, query: string) {
  const res = await t.app.inject({ url: `/api/cl/${table}?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: TableRecord[]; nextCursor: string | null }>();
}

async function names(headers: Headers, query: string, field = 'name', table = 'partner') {
  const result: unknown[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const body = await page(headers, table, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    result.push(...body.items.map((item) => item[field]));
    cursor = body.nextCursor;
  }
  return result;
}

describe('text sort keys', () => {
  it('lists partners by name in Slovenian order: Č after C, Š after S, Ž after Z', async () => {
    const headers = await newOrganization();
    const words = ['Žaba', 'Dom', 'Sova', 'Cena', 'zebra', 'Šum', 'čebela', 'Ćevapčič', 'Đurek'];
    for (const [i, name] of words.entries()) await createPartner(headers, `P${i}`, name);
    const ascending = [
      'Cena',
      'čebela',
      'Ćevapčič',
      'Dom',
      'Đurek',
      'Sova',
      'Šum',
      'zebra',
      'Žaba',
    ];
    expect(await names(headers, 'count=1000&sort=name asc')).toEqual(ascending);
    expect(await names(headers, 'count=1000&sort=name desc')).toEqual([...ascending].reverse());
    // The default order of partners is by name too, and a page of two follows the same order.
    expect(await names(headers, 'count=2')).toEqual(ascending);
  });

  it('sorts countries with Åland Islands among the A names and Čad after Ciper', async () => {
    const headers = await newOrganization();
    const english = (await names(
      headers,
      'count=1000&sort=name asc',
      'name',
      'country',
    )) as string[];
    const aland = english.indexOf('Åland Islands');
    expect(english.slice(aland - 1, aland + 2)).toEqual([
      'Afghanistan',
      'Åland Islands',
      'Albania',
    ]);
    expect(english.findIndex((n) => n.startsWith('B'))).toBeGreaterThan(aland);
    const slovenian = (await names(
      headers,
      'count=97&sort=nameSl asc',
      'nameSl',
      'country',
    )) as string[];
    const c = slovenian.filter((n) => /^[CČD]/.test(n));
    expect(c.slice(c.indexOf('Čad') - 1, c.indexOf('Čad') + 1)).toEqual(['Curaçao', 'Čad']);
    expect(c.at(-1)?.startsWith('D')).toBe(true);
    expect(c.findLastIndex((n) => n.startsWith('Č'))).toBeLessThan(
      c.findIndex((n) => n.startsWith('D')),
    );
  });

  it('pages along a keyset cursor that stays stable while rows are added', async () => {
    const headers = await newOrganization();
    for (const [i, name] of ['Cena', 'Čebela', 'Dom', 'Sova', 'Šum', 'Zebra'].entries())
      await createPartner(headers, `P${i}`, name);
    const first = await page(headers, 'partner', 'count=2&sort=name asc');
    expect(first.items.map((i) => i.name)).toEqual(['Cena', 'Čebela']);
    // Added behind the cursor (never shown on the next pages) and ahead of it (shown in order).
    await createPartner(headers, 'P10', 'Čaj');
    await createPartner(headers, 'P11', 'Šah');
    const rest: unknown[] = [];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const next = await page(headers, 'partner', `count=2&sort=name asc&cursor=${cursor}`);
      rest.push(...next.items.map((i) => i.name));
      cursor = next.nextCursor;
    }
    expect(rest).toEqual(['Dom', 'Sova', 'Šah', 'Šum', 'Zebra']);

    // Equal keys (case differs) and a mixed-direction sort page by id without loss or repeat.
    await createPartner(headers, 'P12', 'dom', 'Celje');
    await createPartner(headers, 'P13', 'DOM', 'Celje');
    const single = await names(headers, 'count=1000&sort=town desc,name asc', 'key');
    const paged = await names(headers, 'count=1&sort=town desc,name asc', 'key');
    expect(paged).toEqual(single);
    expect(new Set(paged).size).toBe(10);
  });

  it('rewrites the sort key on update, import and undo', async () => {
    const headers = await newOrganization();
    const dom = await createPartner(headers, 'P1', 'Dom');
    await createPartner(headers, 'P2', 'Cena');
    await createPartner(headers, 'P3', 'Sova');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/partner/${dom.item.key}`,
      headers,
      payload: { name: 'Žaba', version: dom.item.version },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await names(headers, 'count=1000')).toEqual(['Cena', 'Sova', 'Žaba']);

    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${put.json<{ undoId: string }>().undoId}`,
      headers,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await names(headers, 'count=1000')).toEqual(['Cena', 'Dom', 'Sova']);

    // P2 updated by its code, P4 created: both through the import's batched statements.
    const boundary = '----listinasortkeys';
    const csv = 'code;name;countryCode\nP2;Šum;SI\nP4;Čebela;SI\n';
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner/import',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 1, updated: 1 });
    expect(await names(headers, 'count=1000')).toEqual(['Čebela', 'Dom', 'Sova', 'Šum']);
  });
});

describe('migration 0007', () => {
  it('writes the sort keys of rows that existed before it and indexes the partner list', async () => {
    const handle = await createDb({ dataDir: null, unmigrated: true });
    const all = await migrationProvider.getMigrations();
    const migrate = async (names: string[]) => {
      const { error } = await new Migrator({
        db: handle.db,
        provider: {
          getMigrations: () =>
            Promise.resolve(
              Object.fromEntries(Object.entries(all).filter(([n]) => names.includes(n))),
            ),
        },
      }).migrateToLatest();
      expect(error).toBeUndefined();
    };
    try {
      const before = Object.keys(all).filter((name) => name < '0007');
      await migrate(before);
      await sql`
        insert into organization (key, name, name_nick, connect_code)
        values (gen_random_uuid(), 'Čebelica d.o.o.', 'Čebelica', 'SORTKEYS')
      `.execute(handle.db);
      await sql`
        insert into partner (organization_id, key, code, name, town)
        select id, gen_random_uuid(), p.code, p.name, p.town from organization,
          (values ('Š1', 'Žito d.d.', null), ('C1', 'Åland Öl', 'Celje')) as p (code, name, town)
      `.execute(handle.db);
      await migrate(Object.keys(all));

      const partners = await sql<Record<string, string>>`
        select code_sort, name_sort, town_sort, vat_id_sort from partner order by name_sort
      `.execute(handle.db);
      expect(partners.rows).toEqual([
        { code_sort: 'c1', name_sort: 'aland ol', town_sort: 'celje', vat_id_sort: '' },
        { code_sort: 's{1', name_sort: 'z{ito d.d.', town_sort: '', vat_id_sort: '' },
      ]);
      const organization = await sql<{ name_sort: string }>`
        select name_sort from organization
      `.execute(handle.db);
      expect(organization.rows).toEqual([{ name_sort: 'c{ebelica d.o.o.' }]);
      const country = await sql<{ name_en_sort: string; name_sl_sort: string }>`
        select name_en_sort, name_sl_sort from country where code = 'AX'
      `.execute(handle.db);
      expect(country.rows).toEqual([
        { name_en_sort: 'aland islands', name_sl_sort: 'alandski otoki' },
      ]);
      const indexes = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where tablename = 'partner' and indexname like '%sort%'
        order by indexname
      `.execute(handle.db);
      expect(indexes.rows.map((r) => r.indexdef.replace(/^.* USING btree /, ''))).toEqual([
        '(organization_id, code_sort, id)',
        '(organization_id, name_sort, id)',
      ]);
    } finally {
      await handle.close();
    }
  });
});
