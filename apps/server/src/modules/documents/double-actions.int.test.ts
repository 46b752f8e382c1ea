import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  captureSettled,
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  createWorkflow,
  login,
  memberHeaders,
  uploadedDocument,
  type TestApp,
} from '../../../test/factories';
import {
  codesOf,
  httpAtOnce,
  injectAtOnce,
  statusCounts,
  type Answer,
} from '../../../test/concurrency';
import { doc } from '../tables/entities/doc';
import { partner } from '../tables/entities/partner';

/**
 * Issue 22, double actions beyond the workflow: activating, saving, deleting and capturing a
 * document, reading a notification and connecting to an organisation, each sent 20 times at
 * once, leave the data as one request would; the others answer 409 (or a 200 or 404 that
 * changed nothing), never 500.
 */
const PNG = fs.readFileSync(path.join(import.meta.dirname, '../files/fixtures/sample.png'));

let t: TestApp;
const h: Record<string, Record<string, string>> = {};
let documentTypeId: number;
let customerKey: string;
let organizationKey: string;
const TIMES = 20;

beforeAll(async () => {
  t = await createTestApp();
  const boss = await createUser(t);
  const ana = await createUser(t);
  const org = await createOrganization(t, { [boss.id]: ['orgadmin'], [ana.id]: ['approver'] });
  organizationKey = org.key;
  h.boss = await memberHeaders(t, boss, org);
  h.ana = await memberHeaders(t, ana, org);
  documentTypeId = await createDocumentType(t, h.boss);
  await createWorkflow(t, h.boss, documentTypeId, [
    { systemTileCode: 'approval', roles: ['approver'] },
  ]);
  const supplier = await t.app.inject({
    method: 'POST',
    url: '/api/cl/partner',
    headers: h.boss,
    payload: partner.sample(1),
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  customerKey = supplier.json<{ item: TableRecord }>().item.key;
});
afterAll(() => t.close());

let serial = 0;
async function draft(): Promise<TableRecord> {
  serial += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/doc',
    headers: h.boss,
    payload: { ...doc.sample(serial), number: `DD-${serial}`, documentTypeId, customerKey },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item;
}

const read = (key: string) => t.app.inject({ url: `/api/doc/${key}`, headers: h.boss });

async function auditOf(key: string) {
  const res = await t.app.inject({ url: `/api/doc/${key}/audit`, headers: h.boss });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { action: string }[] }>().items.map((i) => i.action);
}

const atOnce = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAtOnce(t, TIMES, { method, url, headers: h.boss ?? {}, payload });

const noServerErrors = (answers: Answer[]) =>
  expect(answers.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([]);

describe('document calls sent many times at once', () => {
  it('activates once: the others are told it is active already (409)', async () => {
    const item = await draft();
    const answers = await atOnce('POST', '/api/doc/activate?ignoreWarnings=true', {
      keys: [item.key],
    });
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: TIMES - 1 });
    for (const answer of answers.filter((a) => a.status === 409))
      expect([['errors.doc.notDraft'], ['errors.changedMeanwhile']]).toContainEqual(
        codesOf(answer),
      );
    const log = await t.app.inject({ url: `/api/doc/${item.key}/wflog`, headers: h.boss });
    expect(log.json<{ items: { resultCode: string }[] }>().items.map((l) => l.resultCode)).toEqual([
      'activated',
    ]);
  });

  it('activates once over real HTTP too', async () => {
    const item = await draft();
    const answers = await httpAtOnce(t, TIMES, {
      method: 'POST',
      url: '/api/doc/activate?ignoreWarnings=true',
      headers: h.boss ?? {},
      payload: { keys: [item.key] },
    });
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: TIMES - 1 });
    expect((await read(item.key)).json<TableRecord>().status).toBe('active');
  });

  it('saves one change at the version seen: the others are stale (409)', async () => {
    const item = await draft();
    const answers = await atOnce('PUT', `/api/doc/${item.key}`, {
      version: item.version,
      description: 'Changed once',
    });
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: TIMES - 1 });
    expect(await auditOf(item.key)).toEqual(['create', 'update']);
  });

  it('deletes once; the others find nothing to delete, and one undo brings it back', async () => {
    const item = await draft();
    const answers = await atOnce('DELETE', '/api/doc', { keys: [item.key] });
    noServerErrors(answers);
    expect(statusCounts(answers)[200]).toBe(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 404)).toBe(true);
    expect((await read(item.key)).statusCode).toBe(404);
    const undoId = answers.find((a) => a.status === 200)?.json<{ undoId: string }>().undoId;
    const undone = await atOnce('POST', `/api/undo/${String(undoId)}`);
    noServerErrors(undone);
    expect(statusCounts(undone)[200]).toBe(1);
    expect((await read(item.key)).statusCode).toBe(200);
  });

  it('queues one capture of a document however often it is asked', async () => {
    const item = await uploadedDocument(t, h.boss ?? {}, {
      filename: 'racun.png',
      content: PNG,
      type: 'image/png',
    });
    await captureSettled(t, item.key, h.boss ?? {}, 20_000);
    const answers = await atOnce('POST', '/api/doc/ocr', {
      documentKeys: [item.key],
      provider: 'qr',
      ignoreWarnings: true,
    });
    noServerErrors(answers);
    expect(statusCounts(answers)).toEqual({ 200: TIMES });
    const items = answers.flatMap(
      (a) => a.json<{ items: { queued: boolean; errors?: { code: string }[] }[] }>().items,
    );
    expect(items.filter((i) => i.queued).length).toBe(1);
    for (const item of items.filter((i) => !i.queued))
      expect(item.errors?.map((e) => e.code)).toEqual(['errors.capture.pending']);
  });
});

describe('other calls sent many times at once', () => {
  it('marks a notification read once; every answer says it is read', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/doc/activate?ignoreWarnings=true',
      headers: h.boss,
      payload: { keys: [(await draft()).key] },
    });
    const list = await t.app.inject({ url: '/api/notification?count=1', headers: h.ana });
    const { items, count } = list.json<{
      items: { id: string }[];
      count: { unread: number };
    }>();
    const answers = await injectAtOnce(t, TIMES, {
      method: 'PUT',
      url: `/api/notification/${items[0]?.id ?? ''}/read`,
      headers: h.ana ?? {},
    });
    expect(statusCounts(answers)).toEqual({ 200: TIMES });
    for (const answer of answers)
      expect(answer.json<{ count: { unread: number } }>().count.unread).toBe(count.unread - 1);
  });

  it('connects a user to an organisation once', async () => {
    const current = await t.app.inject({
      url: '/api/organization/current',
      headers: h.boss,
    });
    const code = current.json<{ connectCode: string }>().connectCode;
    const newcomer = await createUser(t);
    const token = await login(t, newcomer.username);
    const answers = await injectAtOnce(t, TIMES, {
      method: 'POST',
      url: '/api/organization/connect',
      headers: { authorization: token.apikey },
      payload: { code },
    });
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: TIMES - 1 });
    for (const answer of answers.filter((a) => a.status === 409))
      expect(codesOf(answer)).toEqual(['errors.alreadyMember']);
    const members = await t.app.inject({
      url: '/api/cl/organizationMember?count=100',
      headers: { ...h.boss, 'organization-id': organizationKey },
    });
    const names = members
      .json<{ items: TableRecord[] }>()
      .items.filter((m) => m.userName === newcomer.username);
    expect(names.length).toBe(1);
  });
});
