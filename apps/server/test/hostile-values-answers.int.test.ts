import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, TableRecord } from '@listina/contract';
import { costCenter } from '../src/modules/tables/entities/cost-center';
import { doc } from '../src/modules/tables/entities/doc';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  type TestApp,
} from './factories';

/**
 * Issue 22, "Hostile values": what each class is answered, in words and on its field. The walk
 * of every call (hostile-values.int.test.ts) proves no 5xx anywhere; this file shows the
 * answers a caller reads.
 */
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t);
  const org = await createOrganization(t, { [admin.id]: ['orgadmin'] });
  headers = await memberHeaders(t, admin, org);
  for (let n = 1; n <= 3; n++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cl/costCenter',
      headers,
      payload: costCenter.sample(n),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

const messages = (res: LightMyRequestResponse) =>
  res.json<ApiError>().error.map((e) => ({ code: e.code, field: e.field, msg: e.msg }));

const get = (url: string) => t.app.inject({ url, headers });

const send = (method: 'POST' | 'PUT', url: string, body: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: body,
  });

async function costCenterCount(): Promise<number> {
  return (await get('/api/cl/costCenter?count=1000')).json<{ items: unknown[] }>().items.length;
}

describe('text no column can hold', () => {
  it('refuses a NUL character in a body field with 400 on that field, saving nothing', async () => {
    const before = await costCenterCount();
    const res = await send(
      'POST',
      '/api/cl/costCenter',
      JSON.stringify({ ...costCenter.sample(50), name: 'Nabava\u0000' }),
    );
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toEqual([
      {
        code: 'validation.nulCharacter',
        field: 'name',
        msg: 'This text holds a NUL character (U+0000), which cannot be stored: remove it.',
      },
    ]);
    expect(await costCenterCount()).toBe(before);
  });

  it('refuses a NUL character in a search and in a nested row, naming where', async () => {
    const search = await get('/api/cl/partner?search=a%00b');
    expect(search.statusCode).toBe(400);
    expect(messages(search)).toMatchObject([{ code: 'validation.nulCharacter', field: 'search' }]);
    const nested = await send(
      'POST',
      '/api/cl/partner',
      JSON.stringify({ code: 'P1', name: 'P', bankAccounts: [{ id: -1, code: 'SI\u0000' }] }),
    );
    expect(messages(nested)).toMatchObject([
      { code: 'validation.nulCharacter', field: 'bankAccounts.0.code' },
    ]);
  });

  it('refuses half of a surrogate pair as broken text', async () => {
    const res = await send(
      'POST',
      '/api/cl/costCenter',
      JSON.stringify({ ...costCenter.sample(51), name: 'ab\uD800' }),
    );
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toMatchObject([{ code: 'validation.loneSurrogate', field: 'name' }]);
  });
});

describe('reference keys and filters', () => {
  it('takes an empty or blank customerKey as no partner, never as a key', async () => {
    for (const customerKey of ['', '   ']) {
      const res = await send(
        'POST',
        '/api/doc?ignoreWarnings=true',
        JSON.stringify({ ...doc.sample(60), customerKey }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ item: TableRecord }>().item.customerKey).toBeNull();
    }
  });

  it.each([
    ['issueDate:2026-02-30', 'issueDate', '2026-02-30'],
    ['issueDate:0000-00-00', 'issueDate', '0000-00-00'],
    ['issueDate:2026-01-01..2026-13-01', 'issueDate', '2026-13-01'],
    ['customerKey:not-a-uuid', 'customerKey', 'not-a-uuid'],
  ])('refuses the filter %s as a bad value of its field', async (filter, field, value) => {
    const res = await get(`/api/doc?filter=${encodeURIComponent(filter)}`);
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toEqual([
      {
        code: 'errors.badFilterValue',
        field: 'filter',
        msg: `${value} is not a valid value to filter ${field} by.`,
      },
    ]);
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'knows no filter field %s, in a list or in a saved filter',
    async (name) => {
      const list = await get(`/api/doc?filter=${name}:x`);
      expect(list.statusCode).toBe(400);
      // __proto__ is no field name at all (a filter's field starts with a letter).
      const code = name.startsWith('_') ? 'validation.filter' : 'errors.unknownFilterField';
      expect(messages(list)).toMatchObject([{ code, field: 'filter' }]);
      const saved = await send(
        'PUT',
        '/api/savedFilter/doc',
        JSON.stringify({ filter: [`${name}:x`] }),
      );
      expect(saved.statusCode).toBe(400);
      expect((await get('/api/savedFilter/doc')).json<{ filter: string[] }>().filter).toEqual([]);
    },
  );
});

describe('list cursors', () => {
  const page = async (query: string) => {
    const res = await get(`/api/cl/costCenter?count=1&${query}`);
    return {
      res,
      next: res.statusCode === 200 ? res.json<{ nextCursor: string }>().nextCursor : '',
    };
  };

  it('takes the cursor it wrote, for the sort it wrote it for', async () => {
    const { next } = await page('sort=name');
    expect((await page(`sort=name&cursor=${next}`)).res.statusCode).toBe(200);
  });

  it('refuses a changed cursor, one of another sort and one it never wrote', async () => {
    const { next } = await page('sort=name');
    const [payload = '', signature = ''] = next.split('.');
    const forged = Buffer.from(JSON.stringify(['2026-02-30', 1])).toString('base64url');
    for (const cursor of [
      `${forged}.${signature}`,
      `${payload}x.${signature}`,
      payload,
      Buffer.from('[1e400,"x"]').toString('base64url'),
    ]) {
      const { res } = await page(`sort=name&cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(messages(res)).toEqual([
        {
          code: 'errors.badCursor',
          field: 'cursor',
          msg: 'The page cursor is not valid; start again from the first page.',
        },
      ]);
    }
    expect((await page(`sort=code&cursor=${next}`)).res.statusCode).toBe(400);
  });
});

describe('what a request is', () => {
  it('answers a JSON body with a __proto__ key as an unknown field, not as malformed JSON', async () => {
    const before = await costCenterCount();
    const body = JSON.stringify(costCenter.sample(70));
    const res = await send(
      'POST',
      '/api/cl/costCenter',
      `{"__proto__":{"isAdmin":true},${body.slice(1)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toEqual([
      { code: 'validation.unknownFields', field: '__proto__', msg: 'Unknown fields: __proto__.' },
    ]);
    expect(await costCenterCount()).toBe(before);
    const malformed = await send('POST', '/api/cl/costCenter', '{"code": ');
    expect(messages(malformed)).toMatchObject([{ code: 'errors.malformedJson' }]);
  });

  it('takes a JSON body that starts with a byte order mark, as before', async () => {
    const body = `\uFEFF${JSON.stringify(costCenter.sample(71))}`;
    expect((await send('POST', '/api/cl/costCenter', body)).statusCode).toBe(201);
  });

  it('names an unknown query parameter as one, on a route with parameters or without', async () => {
    for (const url of ['/api/cl/partner?partner=x', '/api/health?partner=x']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(messages(res)).toEqual([
        {
          code: 'errors.unknownQueryParameter',
          field: 'partner',
          msg: 'Unknown query parameter: partner.',
        },
      ]);
    }
  });
});
