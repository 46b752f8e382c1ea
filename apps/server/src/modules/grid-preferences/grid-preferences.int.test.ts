import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GridPreference } from '@listina/contract';
import type { Schema } from '@listina/forms';
import {
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';

/**
 * A user's columns of a grid (issue 24): the schema names the default set, the user's choice
 * of columns, order and widths is kept on the server per user, organisation and table, and a
 * reset brings back the defaults.
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
});
afterAll(() => t.close());

const read = (h = headers, table = 'payOrder') =>
  t.app.inject({ url: `/api/gridPreference/${table}`, headers: h });
const save = (payload: Record<string, unknown>, h = headers, table = 'payOrder') =>
  t.app.inject({ method: 'PUT', url: `/api/gridPreference/${table}`, headers: h, payload });
const reset = (h = headers, table = 'payOrder') =>
  t.app.inject({ method: 'DELETE', url: `/api/gridPreference/${table}`, headers: h });

describe('grid columns of a new organisation', () => {
  it('are the default set the schema names, the same with no rows as with many', async () => {
    const res = await t.app.inject({ url: '/api/cl/schema/payOrder', headers });
    expect(res.statusCode, res.body).toBe(200);
    const { gridColumns = [] } = res.json<Schema>();
    expect(gridColumns.filter((column) => !column.hidden).map((column) => column.name)).toEqual([
      'recipientIdCb',
      'recipientIBAN',
      'recipientReference',
      'amount',
      'currencyCode',
      'executionDate',
      'state',
      'payPackageId',
    ]);
    const doc = await t.app.inject({ url: '/api/cl/schema/doc', headers });
    const docColumns = doc.json<Schema>().gridColumns ?? [];
    expect(docColumns.filter((column) => !column.hidden).map((column) => column.name)).toContain(
      'paymentState',
    );
  });
});

describe('a user’s grid preferences', () => {
  it('are kept per user, organisation and table, replaced on each save and reset to the defaults', async () => {
    expect((await read()).json<GridPreference>()).toEqual({
      table: 'payOrder',
      columns: null,
      widths: {},
      updatedAt: null,
    });
    const choice = {
      columns: ['state', 'recipientIdCb', 'amount', 'organizationBankAccountId'],
      widths: { recipientIdCb: 180, state: 90 },
    };
    const saved = await save(choice);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<GridPreference>()).toMatchObject({ table: 'payOrder', ...choice });
    expect((await read()).json<GridPreference>()).toMatchObject(choice);

    // Nobody else's: a colleague, the same user in another organisation, another table.
    expect((await read(colleagueHeaders)).json<GridPreference>().columns).toBeNull();
    expect((await read(otherOrganizationHeaders)).json<GridPreference>().columns).toBeNull();
    expect((await read(headers, 'payPackage')).json<GridPreference>().columns).toBeNull();

    // Widths alone, with the default set of columns.
    expect((await save({ columns: null, widths: { amount: 150 } })).statusCode).toBe(200);
    expect((await read()).json<GridPreference>()).toMatchObject({
      columns: null,
      widths: { amount: 150 },
    });

    const back = await reset();
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<GridPreference>()).toMatchObject({ columns: null, widths: {} });
    expect((await read()).json<GridPreference>().updatedAt).toBeNull();
  });

  it('refuses columns the table has not, a repeated column, bad widths and unknown tables, keeping what was saved', async () => {
    const kept = { columns: ['state', 'amount'], widths: {} };
    expect((await save(kept)).statusCode).toBe(200);
    const refused: [Record<string, unknown>, string | null][] = [
      [{ columns: ['state', 'nope'], widths: {} }, 'errors.unknownGridColumn'],
      [{ columns: ['state', 'state'], widths: {} }, 'errors.repeatedGridColumn'],
      [{ columns: null, widths: { nope: 100 } }, 'errors.unknownGridColumn'],
      [{ columns: ['state'], widths: { state: 5000 } }, null],
      [{ columns: [], widths: {} }, null],
      [{ columns: ['state'] }, null],
    ];
    for (const [payload, code] of refused) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (code) expect(errorCodes(res)).toContain(code);
    }
    const unknown = await save(kept, headers, 'nosuchtable');
    expect(unknown.statusCode).toBe(404);
    expect(errorCodes(unknown)).toContain('errors.unknownTable');
    expect((await read()).json<GridPreference>()).toMatchObject(kept);
  });

  it('names the unknown column and the known ones in the message', async () => {
    const res = await save({ columns: ['recipientIBAN', 'colour'], widths: {} });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('colour');
    expect(res.body).toContain('recipientIBAN');
  });

  it('need a sign-in and a membership', async () => {
    expect((await t.app.inject({ url: '/api/gridPreference/payOrder' })).statusCode).toBe(401);
    const { authorization } = colleagueHeaders;
    const foreign = await read({ ...otherOrganizationHeaders, authorization: authorization ?? '' });
    expect(foreign.statusCode).toBe(403);
  });
});
