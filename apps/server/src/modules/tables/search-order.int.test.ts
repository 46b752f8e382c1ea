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
import { partner } from './entities/partner';
import { payOrder } from './entities/pay-order';

/**
 * Search results come by relevance, then by date, newest first (issue 24): the rows the
 * words fit best at the top, and among equally good ones the latest.
 */
let t: TestApp;
let headers: Record<string, string>;

async function create(url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, res.body).toBe(201);
}

async function found(url: string, field: string): Promise<unknown[]> {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: TableRecord[] }>().items.map((item) => item[field]);
}

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const org = await createOrganization(t, { [clerk.id]: ['accountant'] });
  headers = await memberHeaders(t, clerk, org);
  // Alphabetically and by creation the weaker match comes first.
  await create('/api/cl/partner', {
    ...partner.sample(1),
    name: 'Hidroelektro Ptuj d.o.o.',
  });
  await create('/api/cl/partner', { ...partner.sample(2), name: 'Elektro Ljubljana d.d.' });
  for (const [n, receivedDate] of [
    [11, '2026-03-01'],
    [12, '2026-05-01'],
    [13, '2026-04-01'],
  ] as const) {
    await create('/api/doc', {
      ...doc.sample(n),
      number: `RAC-${n}`,
      description: 'Čiščenje prostorov',
      receivedDate,
      netAmount: null,
      vatAmount: null,
    });
  }
  for (const [n, executionDate] of [
    [21, '2099-02-01'],
    [22, '2099-04-01'],
    [23, '2099-03-01'],
  ] as const) {
    await create('/api/payOrder', {
      ...payOrder.sample(n),
      recipientIdCb: n === 21 ? 'Elektro Celje d.o.o.' : 'Termoelektro d.o.o.',
      executionDate,
    });
  }
});
afterAll(() => t.close());

describe('search results', () => {
  it('put the rows whose words start with the search first', async () => {
    expect(await found('/api/cl/partner?search=elektro', 'name')).toEqual([
      'Elektro Ljubljana d.d.',
      'Hidroelektro Ptuj d.o.o.',
    ]);
  });

  it('come newest first among equally relevant documents', async () => {
    expect(await found('/api/doc?search=%C4%8Di%C5%A1%C4%8Denje', 'number')).toEqual([
      'RAC-12',
      'RAC-13',
      'RAC-11',
    ]);
  });

  it('come by relevance, then by execution date, newest first, among payment orders', async () => {
    expect(await found('/api/payOrder?search=elektro', 'recipientIdCb')).toEqual([
      'Elektro Celje d.o.o.',
      'Termoelektro d.o.o.',
      'Termoelektro d.o.o.',
    ]);
    expect(await found('/api/payOrder?search=termoelektro', 'executionDate')).toEqual([
      '2099-04-01',
      '2099-03-01',
    ]);
  });

  it('keep a sort the user asked for', async () => {
    expect(await found('/api/cl/partner?search=elektro&sort=name%20desc', 'name')).toEqual([
      'Hidroelektro Ptuj d.o.o.',
      'Elektro Ljubljana d.d.',
    ]);
  });

  it('page along the cursor without losing or repeating a row', async () => {
    const first = await t.app.inject({ url: '/api/payOrder?search=elektro&count=2', headers });
    const page = first.json<{ items: TableRecord[]; nextCursor: string }>();
    expect(page.items).toHaveLength(2);
    const next = await t.app.inject({
      url: `/api/payOrder?search=elektro&count=2&cursor=${encodeURIComponent(page.nextCursor)}`,
      headers,
    });
    expect(next.statusCode, next.body).toBe(200);
    const keys = [...page.items, ...next.json<{ items: TableRecord[] }>().items].map((i) => i.key);
    expect(new Set(keys).size).toBe(3);
  });
});
