import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  createWorkflow,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { doc } from '../tables/entities/doc';

/**
 * A forward is offered only to whom it may go (issue 24): the members the lookup lists with
 * `assigneeOf:<document>` are exactly those a forward to is then accepted for — the active
 * members who may act at the document's step, by role or by name, other than the one it is
 * forwarded to already. Walked for every member, at the step, after a forward, and for a
 * document at no step.
 */
let t: TestApp;
const h: Record<string, Record<string, string>> = {};
const memberKey: Record<string, string> = {};
const PEOPLE = { boss: ['orgadmin'], ana: ['approver'], bor: ['approver'], acc: ['accountant'] };
let documentTypeId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const users = Object.fromEntries(
    await Promise.all(Object.keys(PEOPLE).map(async (who) => [who, await createUser(t)] as const)),
  );
  const org = await createOrganization(
    t,
    Object.fromEntries(Object.entries(PEOPLE).map(([who, roles]) => [users[who]?.id ?? '', roles])),
  );
  for (const [who, user] of Object.entries(users)) h[who] = await memberHeaders(t, user, org);
  const members = await t.app.inject({ url: '/api/cl/organizationMember', headers: h.boss });
  for (const member of members.json<{ items: TableRecord[] }>().items) {
    const who = Object.entries(users).find(([, user]) => user.username === member.userName)?.[0];
    if (who) memberKey[who] = member.key;
  }
  documentTypeId = await createDocumentType(t, h.boss ?? {});
  await createWorkflow(t, h.boss ?? {}, documentTypeId, [
    { systemTileCode: 'approval', name: 'Approval', roles: ['approver'] },
    { systemTileCode: 'accounting', name: 'Booking', roles: ['accountant'] },
  ]);
});
afterAll(() => t.close());

let serial = 0;
async function document(activate: boolean): Promise<string> {
  serial += 1;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/doc?ignoreWarnings=true',
    headers: h.boss,
    payload: { ...doc.sample(serial), number: `FT-${serial}`, documentTypeId },
  });
  expect(created.statusCode, created.body).toBe(201);
  const key = created.json<{ item: TableRecord }>().item.key;
  if (activate) {
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/doc/activate?ignoreWarnings=true',
      headers: h.boss,
      payload: { keys: [key] },
    });
    expect(activated.statusCode, activated.body).toBe(200);
  }
  return key;
}

const versionOf = async (key: string) =>
  (await t.app.inject({ url: `/api/doc/${key}`, headers: h.boss })).json<TableRecord>().version;

/** Who the lookup offers for a forward of this document, by name. */
async function offered(key: string): Promise<string[]> {
  const res = await t.app.inject({
    url: `/api/cl/organizationMember?filter=assigneeOf:${key}`,
    headers: h.ana,
  });
  expect(res.statusCode, res.body).toBe(200);
  const keys = res.json<{ items: TableRecord[] }>().items.map((item) => item.key);
  return Object.keys(memberKey)
    .filter((who) => keys.includes(memberKey[who] ?? ''))
    .sort();
}

/** Whether the boss (an admin, who may act at any step) may forward the document to `who`. */
async function accepted(key: string, who: string): Promise<boolean> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/wf/action/${key}?ignoreWarnings=true`,
    headers: h.boss,
    payload: {
      workflowStepResultCode: 'forwarded',
      extras: { version: await versionOf(key), userId: memberKey[who] },
    },
  });
  expect([200, 400, 409], res.body).toContain(res.statusCode);
  return res.statusCode === 200;
}

describe('forward targets', () => {
  it('offers exactly the members a forward is then accepted for', async () => {
    expect(await offered(await document(true))).toEqual(['ana', 'bor']);
    for (const who of Object.keys(PEOPLE)) {
      const key = await document(true);
      const isOffered = (await offered(key)).includes(who);
      expect(await accepted(key, who), who).toBe(isOffered);
    }
  });

  it('leaves out the member it is forwarded to already', async () => {
    const key = await document(true);
    expect(await accepted(key, 'ana')).toBe(true);
    expect(await offered(key)).toEqual(['bor']);
    expect(await accepted(key, 'ana')).toBe(false);
    expect(await accepted(key, 'bor')).toBe(true);
  });

  it('offers no one for a document at no step, and refuses a filter that names no document', async () => {
    expect(await offered(await document(false))).toEqual([]);
    const bad = await t.app.inject({
      url: '/api/cl/organizationMember?filter=assigneeOf:not-a-key',
      headers: h.ana,
    });
    expect(bad.statusCode).toBe(400);
  });
});
