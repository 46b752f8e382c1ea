import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import type { Schema } from '@listina/forms';
import type { OrganizationDetails } from '@listina/contract';
import { createTestApp, createUser, login, type TestApp } from '../../../test/factories';

/**
 * Issue 24, spec §3 isDefaultModel: an organisation's default VAT rate is marked in the grid,
 * one at a time, and a new cost line starts with it.
 */
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  const token = await login(t, user.username);
  // A new organisation, made as a user makes one: it gets its default lists.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organization',
    headers: { authorization: token.apikey },
    payload: { name: 'Mizarstvo Škofja Loka d.o.o.' },
  });
  expect(res.statusCode, res.body).toBe(201);
  headers = { authorization: token.apikey, 'organization-id': res.json<OrganizationDetails>().id };
});
afterAll(() => t.close());

type Rate = TableRecord & { code: string; isDefault: boolean };

async function rates(): Promise<Rate[]> {
  const res = await t.app.inject({ url: '/api/cl/vatRate?count=100', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Rate[] }>().items;
}

/** The codes of the rows the list marks isDefaultModel. */
const marked = (items: Rate[]) =>
  items.filter((item) => item.isDefaultModel === true).map((item) => item.code);

/** The vatRateCode a new cost line of the document form starts with. */
async function newCostLineRate(): Promise<unknown> {
  const res = await t.app.inject({ url: '/api/cl/schema/doc', headers });
  expect(res.statusCode, res.body).toBe(200);
  const costLines = res.json<Schema>().fields.find((field) => field.name === 'costLines');
  const row = costLines?.schema?.inputProps?.defaultRow as Record<string, unknown> | undefined;
  return row?.vatRateCode;
}

async function save(rate: Rate, changes: Partial<Rate>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/cl/vatRate/${rate.key}`,
    headers,
    payload: { ...rate, ...changes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ item: Rate; undoId: string }>();
}

describe("an organisation's default VAT rate", () => {
  it('is the standard rate of a new organisation, the only row marked in the list', async () => {
    const items = await rates();
    expect(marked(items)).toEqual(['22']);
    expect(items.filter((item) => item.isDefault).map((item) => item.code)).toEqual(['22']);
    expect(items.find((item) => item.code === '9.5')?.isDefaultModel).toBe(false);
    expect(await newCostLineRate()).toBe('22');
  });

  it('moves to another rate made the default, which new cost lines then start with', async () => {
    const reduced = (await rates()).find((item) => item.code === '9.5');
    if (!reduced) throw new Error('no 9.5 rate');
    const { undoId } = await save(reduced, { isDefault: true });
    const items = await rates();
    expect(marked(items)).toEqual(['9.5']);
    expect(items.filter((item) => item.isDefault).map((item) => item.code)).toEqual(['9.5']);
    expect(await newCostLineRate()).toBe('9.5');

    // One undo gives the flag back to the rate that had it.
    const undone = await t.app.inject({ method: 'POST', url: `/api/undo/${undoId}`, headers });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(marked(await rates())).toEqual(['22']);
    expect(await newCostLineRate()).toBe('22');
  });

  it('moves to a new rate created as the default', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cl/vatRate',
      headers,
      payload: {
        code: '8',
        name: 'Flat rate',
        nameSl: 'Pavšalna stopnja',
        rate: '8.00',
        category: 'AA',
        validFrom: '2026-01-01',
        isDefault: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(marked(await rates())).toEqual(['8']);
    expect(await newCostLineRate()).toBe('8');
  });

  it('leaves new cost lines without a rate when none is the default', async () => {
    const flat = (await rates()).find((item) => item.code === '8');
    if (!flat) throw new Error('no 8 rate');
    await save(flat, { isDefault: false });
    expect(marked(await rates())).toEqual([]);
    expect(await newCostLineRate()).toBe('');
  });
});
