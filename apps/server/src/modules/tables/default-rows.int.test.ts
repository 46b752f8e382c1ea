import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { sampleIban } from './entities/bank-account';
import { partner } from './entities/partner';

const FIRST = sampleIban(901);
const SECOND = sampleIban(902);

/** spec §3 grid rows' isDefaultModel: the default bank account is marked as such (issue 24). */
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const org = await createOrganization(t, { [clerk.id]: ['dataentry'] });
  headers = await memberHeaders(t, clerk, org);
});
afterAll(() => t.close());

type Account = TableRecord & { code: string; isDefault: boolean };

describe('the default row of a nested grid', () => {
  it('comes flagged isDefaultModel, the others not, and saves back as it was read', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner',
      headers,
      payload: {
        ...partner.sample(1),
        bankAccounts: [
          { id: -1, code: FIRST, isDefault: false },
          { id: -2, code: SECOND, isDefault: true },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { item } = created.json<{ item: TableRecord & { bankAccounts: Account[] } }>();
    const flags = (accounts: Account[]) =>
      accounts.map((account) => [account.code, account.isDefaultModel ?? false]);
    expect(flags(item.bankAccounts)).toEqual([
      [FIRST, false],
      [SECOND, true],
    ]);

    // The flag is the server's: sent back with the rows, it changes nothing.
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/partner/${item.key}`,
      headers,
      payload: { ...item, name: 'Renamed d.o.o.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await t.app.inject({ url: `/api/cl/partner/${item.key}`, headers });
    const again = read.json<TableRecord & { bankAccounts: Account[] }>();
    expect(again.name).toBe('Renamed d.o.o.');
    expect(flags(again.bankAccounts)).toEqual(flags(item.bankAccounts));

    // Another account made the default: the flag follows it.
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/partner/${item.key}`,
      headers,
      payload: {
        version: again.version,
        bankAccounts: again.bankAccounts.map((account) => ({
          ...account,
          isDefault: !account.isDefault,
        })),
      },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const after = switched.json<{ item: { bankAccounts: Account[] } }>().item.bankAccounts;
    expect(flags(after)).toEqual([
      [FIRST, true],
      [SECOND, false],
    ]);
  });
});
