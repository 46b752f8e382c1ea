import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/factories';
import { inScope } from '../../db/scope';

/**
 * Partner search goes through the trigram index by listina_search_ids (migration 0009), a
 * function that runs as the table owner: it must stay inside the caller's organisation.
 */
let t: TestApp;
let user: { id: string; username: string };
const orgs: { id: string; key: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  for (const name of ['Iskalnik A', 'Iskalnik B']) {
    orgs.push(await createOrganization(t, { [user.id]: ['orgadmin'] }, name));
  }
  const authorization = (await login(t, user.username)).apikey;
  for (const [index, org] of orgs.entries()) {
    for (const [code, name] of [
      [`S${index}1`, `Šumi Čokolada ${index}`],
      [`S${index}2`, `Žito pekarna ${index}`],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cl/partner',
        headers: { authorization, 'organization-id': org.key },
        payload: { code, name, countryCode: 'SI' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
});
afterAll(() => t.close());

describe('indexed partner search', () => {
  it("finds accent-insensitively, and only the organisation's own partners", async () => {
    const org = orgs[0];
    if (!org) throw new Error('no organisation');
    const res = await t.app.inject({
      url: `/api/cl/partner?search=${encodeURIComponent('sumi cok')}`,
      headers: {
        authorization: (await login(t, user.username)).apikey,
        'organization-id': org.key,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: { code: string }[] }>().items.map((i) => i.code)).toEqual(['S01']);
  });

  it('finds rows holding every word of the search, in any order', async () => {
    const org = orgs[0];
    if (!org) throw new Error('no organisation');
    const headers = {
      authorization: (await login(t, user.username)).apikey,
      'organization-id': org.key,
    };
    const codes = async (search: string) =>
      (
        await t.app.inject({
          url: `/api/cl/partner?search=${encodeURIComponent(search)}`,
          headers,
        })
      )
        .json<{ items: { code: string }[] }>()
        .items.map((i) => i.code);
    expect(await codes('ČOKOLADA šumi')).toEqual(['S01']);
    // The number is looked up in the index, the words on the rows it finds.
    expect(await codes('0 pekarna')).toEqual(['S02']);
    expect(await codes('pekarna 0 zito')).toEqual(['S02']);
    expect(await codes('s0 pekarna')).toEqual(['S02']);
    expect(await codes('sumi pekarna')).toEqual([]);
    expect(await codes('100% sumi')).toEqual([]);
  });

  it('answers nothing without an organisation in the scope, and refuses other tables', async () => {
    const db = t.database.db;
    const noOrg = await inScope(db, { userId: user.id }, (trx) =>
      sql<{ id: string }>`select listina_search_ids('partner', '%') as id`.execute(trx),
    );
    expect(noOrg.rows).toEqual([]);
    const org = orgs[1];
    if (!org) throw new Error('no organisation');
    const own = await inScope(db, { userId: user.id, organizationId: org.id }, (trx) =>
      sql<{ id: string }>`select listina_search_ids('partner', '%') as id`.execute(trx),
    );
    expect(own.rows).toHaveLength(2);
    await expect(
      inScope(db, { userId: user.id, organizationId: org.id }, (trx) =>
        sql`select listina_search_ids('app_user', '%')`.execute(trx),
      ),
    ).rejects.toThrow(/no search index on app_user/);
  });
});
