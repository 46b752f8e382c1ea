import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedFilter, TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { doc } from '../tables/entities/doc';

/**
 * The document list's filters (issue 5): by dates and amount range besides the equality
 * filters, and saved per user and organisation.
 */
let t: TestApp;
let headers: Record<string, string>;
let colleagueHeaders: Record<string, string>;
let otherOrganizationHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const colleague = await createUser(t);
  const org = await createOrganization(t, {
    [clerk.id]: ['dataentry'],
    [colleague.id]: ['dataentry'],
  });
  const other = await createOrganization(t, { [clerk.id]: ['dataentry'] });
  headers = await memberHeaders(t, clerk, org);
  colleagueHeaders = await memberHeaders(t, colleague, org);
  otherOrganizationHeaders = await memberHeaders(t, clerk, other);
  const documents: [string, string, string][] = [
    ['F-1', '2026-01-10', '100.00'],
    ['F-2', '2026-02-15', '250.50'],
    ['F-3', '2026-03-20', '999.99'],
    ['F-4', '2026-04-01', '1500.00'],
  ];
  for (const [number, issueDate, totalAmount] of documents) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/doc',
      headers,
      payload: {
        ...doc.sample(1),
        number,
        issueDate,
        totalAmount,
        netAmount: null,
        vatAmount: null,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

async function listedNumbers(filter: string[]) {
  const query = filter.map((f) => `filter=${encodeURIComponent(f)}`).join('&');
  const res = await t.app.inject({ url: `/api/doc?sort=number&${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: TableRecord[] }>().items.map((item) => item.number);
}

describe('range filters of the document list', () => {
  it('takes dates and amounts from..to, inclusive, either end open, with the other filters', async () => {
    expect(await listedNumbers(['issueDate:2026-02-15..2026-03-20'])).toEqual(['F-2', 'F-3']);
    expect(await listedNumbers(['issueDate:2026-03-01..'])).toEqual(['F-3', 'F-4']);
    expect(await listedNumbers(['totalAmount:..250.50'])).toEqual(['F-1', 'F-2']);
    expect(await listedNumbers(['totalAmount:250.5..1000', 'issueDate:..2026-02-28'])).toEqual([
      'F-2',
    ]);
    expect(await listedNumbers(['totalAmount:100', 'totalAmount:1400..'])).toEqual(['F-1', 'F-4']);
    expect(await listedNumbers(['issueDate:2026-05-01..', 'status:draft'])).toEqual([]);
  });

  it.each([
    ['issueDate:..', 'errors.badFilterValue'],
    ['issueDate:2026-13..', 'errors.badFilterValue'],
    ['totalAmount:ten..20', 'errors.badFilterValue'],
    ['number:F-1..F-3', 'errors.unknownFilterField'],
    ['dueDate:2026-01-01..2025', 'errors.badFilterValue'],
  ])('refuses %s with a 400 on the filter', async (filter, code) => {
    const res = await t.app.inject({
      url: `/api/doc?filter=${encodeURIComponent(filter)}`,
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res)).toContain(code);
  });
});

describe('saved filters', () => {
  const read = (h = headers, table = 'doc') =>
    t.app.inject({ url: `/api/savedFilter/${table}`, headers: h });
  const save = (filter: unknown, h = headers, table = 'doc') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/savedFilter/${table}`,
      headers: h,
      payload: { filter },
    });

  it('are kept per user and organisation, replaced on each save and cleared by an empty list', async () => {
    const first = await read();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<SavedFilter>()).toEqual({ table: 'doc', filter: [], updatedAt: null });

    const filter = ['issueDate:2026-01-01..2026-03-31', 'totalAmount:100..'];
    const saved = await save(filter);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SavedFilter>()).toMatchObject({ table: 'doc', filter });
    expect((await read()).json<SavedFilter>()).toMatchObject({ filter });
    // What was saved lists as the list call takes it.
    expect(await listedNumbers(filter)).toEqual(['F-1', 'F-2', 'F-3']);

    // Nobody else's: a colleague in the organisation, nor the same user in another one.
    expect((await read(colleagueHeaders)).json<SavedFilter>().filter).toEqual([]);
    expect((await read(otherOrganizationHeaders)).json<SavedFilter>().filter).toEqual([]);

    expect((await save(['status:active'])).statusCode).toBe(200);
    expect((await read()).json<SavedFilter>().filter).toEqual(['status:active']);
    expect((await save([])).statusCode).toBe(200);
    expect((await read()).json<SavedFilter>().filter).toEqual([]);
  });

  it('refuses a filter the list would refuse, an unknown table and a missing body, keeping the saved one', async () => {
    expect((await save(['status:draft'])).statusCode).toBe(200);
    for (const [filter, code] of [
      [['nope:1'], 'errors.unknownFilterField'],
      [['totalAmount:lots'], 'errors.badFilterValue'],
    ] as const) {
      const res = await save(filter);
      expect(res.statusCode).toBe(400);
      expect(errorCodes(res)).toContain(code);
    }
    expect((await save('status:draft')).statusCode).toBe(400);
    const unknown = await save(['status:draft'], headers, 'nosuchtable');
    expect(unknown.statusCode).toBe(404);
    expect(errorCodes(unknown)).toContain('errors.unknownTable');
    expect((await read()).json<SavedFilter>().filter).toEqual(['status:draft']);
  });

  it('needs a sign-in and a membership', async () => {
    const anonymous = await t.app.inject({ url: '/api/savedFilter/doc' });
    expect(anonymous.statusCode).toBe(401);
    const { authorization } = colleagueHeaders;
    const foreign = await read({ ...otherOrganizationHeaders, authorization: authorization ?? '' });
    expect(foreign.statusCode).toBe(403);
  });
});
