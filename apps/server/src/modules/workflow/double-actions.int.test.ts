import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord, WorkflowLogEntry } from '@listina/contract';
import {
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  createWorkflow,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import {
  firstError,
  httpAtOnce,
  injectAtOnce,
  statusCounts,
  type Answer,
} from '../../../test/concurrency';
import { doc } from '../tables/entities/doc';
import { partner } from '../tables/entities/partner';

/**
 * Issue 22, double actions: a workflow action names the version of the document it was taken
 * on, so the same action sent many times at once (a double click, a retrying client) acts
 * once; the others are refused with 409 saying where the document stands now, never acted on
 * at its next step. Without a version nothing is done (400).
 */
let t: TestApp;
const h: Record<string, Record<string, string>> = {};
let documentTypeId: number;
let customerKey: string;

beforeAll(async () => {
  t = await createTestApp();
  const boss = await createUser(t);
  const ana = await createUser(t);
  const acc = await createUser(t);
  const org = await createOrganization(t, {
    [boss.id]: ['orgadmin'],
    [ana.id]: ['approver'],
    [acc.id]: ['accountant'],
  });
  h.boss = await memberHeaders(t, boss, org);
  h.ana = await memberHeaders(t, ana, org);
  h.acc = await memberHeaders(t, acc, org);
  documentTypeId = await createDocumentType(t, h.boss);
  await createWorkflow(t, h.boss, documentTypeId, [
    { systemTileCode: 'approval', name: 'Approval', roles: ['approver'] },
    { systemTileCode: 'accounting', name: 'Booking', roles: ['accountant'] },
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
/** A document of Ana's step, activated: at Approval. */
async function activeDocument(): Promise<TableRecord> {
  serial += 1;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/doc',
    headers: h.boss,
    payload: { ...doc.sample(serial), number: `DA-${serial}`, documentTypeId, customerKey },
  });
  expect(created.statusCode, created.body).toBe(201);
  const activated = await t.app.inject({
    method: 'POST',
    url: '/api/doc/activate?ignoreWarnings=true',
    headers: h.boss,
    payload: { keys: [created.json<{ item: TableRecord }>().item.key] },
  });
  expect(activated.statusCode, activated.body).toBe(200);
  const item = activated.json<{ items: TableRecord[] }>().items[0];
  if (!item) throw new Error('activation answered no document');
  return item;
}

async function read(key: string) {
  const res = await t.app.inject({ url: `/api/doc/${key}`, headers: h.boss });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableRecord>();
}

async function logOf(key: string) {
  const res = await t.app.inject({ url: `/api/doc/${key}/wflog`, headers: h.boss });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: WorkflowLogEntry[] }>().items.map((line) => line.resultCode);
}

async function unreadFor(who: string, key: string) {
  const res = await t.app.inject({ url: '/api/notification?count=200', headers: h[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ items: { documentKey: string | null }[] }>()
    .items.filter((n) => n.documentKey === key).length;
}

const confirm = (key: string, extras: Record<string, unknown>) => ({
  method: 'POST' as const,
  url: `/api/wf/action/${key}?ignoreWarnings=true`,
  headers: h.boss ?? {},
  payload: { workflowStepResultCode: 'confirmed', extras },
});

const movedOnText = (number: string, place: string) =>
  `${number} has changed since you opened it (an action was taken on it); it now stands at: ${place}. Nothing was done: reload it and act again if it is still yours to act on.`;

/** One answer acted (200); every other is the 409 that names where the document is now. */
function expectOneActed(answers: Answer[], number: string, place: string) {
  expect(statusCounts(answers)).toEqual({ 200: 1, 409: answers.length - 1 });
  for (const answer of answers.filter((a) => a.status === 409)) {
    expect(firstError(answer)).toMatchObject({
      code: 'errors.wf.movedOn',
      msg: movedOnText(number, place),
    });
  }
}

describe('a workflow action sent many times at once', () => {
  it('is refused without the version seen (400 on extras.version) and moves nothing', async () => {
    const item = await activeDocument();
    const answers = await injectAtOnce(t, 20, confirm(item.key, {}));
    expect(statusCounts(answers)).toEqual({ 400: 20 });
    expect(answers[0]?.json()).toMatchObject({
      error: [
        {
          code: 'validation.wf.versionRequired',
          field: 'extras.version',
          msg: 'The version of the document you acted on is missing: reload the document and act again.',
        },
      ],
    });
    const after = await read(item.key);
    expect([after.version, after.workflowCurrentStepSystemTileCode]).toEqual([
      item.version,
      'approval',
    ]);
    expect(await logOf(item.key)).toEqual(['activated']);
  });

  it('acts once when sent 50 times at the version seen; 49 answer 409 naming its step now', async () => {
    const item = await activeDocument();
    const answers = await injectAtOnce(t, 50, confirm(item.key, { version: item.version }));
    expectOneActed(answers, String(item.number), 'Booking');
    const after = await read(item.key);
    expect([after.status, after.workflowCurrentStepSystemTileCode]).toEqual([
      'active',
      'accounting',
    ]);
    expect(await logOf(item.key)).toEqual(['activated', 'confirmed']);
    // The accountant is told once.
    expect(await unreadFor('acc', item.key)).toBe(1);
  });

  it('acts once over 30 real HTTP connections at once', async () => {
    const item = await activeDocument();
    const answers = await httpAtOnce(t, 30, confirm(item.key, { version: item.version }));
    expectOneActed(answers, String(item.number), 'Booking');
    expect(await logOf(item.key)).toEqual(['activated', 'confirmed']);
  });

  it('says so in Slovenian too', async () => {
    const item = await activeDocument();
    const request = confirm(item.key, { version: item.version });
    const answers = (
      await injectAtOnce(t, 2, {
        ...request,
        headers: { ...request.headers, 'content-language': 'sl' },
      })
    ).filter((a) => a.status === 409);
    expect(answers.length).toBe(1);
    expect(answers[0] && firstError(answers[0])?.msg).toBe(
      `Dokument ${String(item.number)} se je spremenil, odkar ste ga odprli (na njem je bilo že izvedeno dejanje); zdaj je: Booking. Nič ni bilo storjeno: znova ga naložite in ukrepajte, če je to še vaša naloga.`,
    );
  });

  it('archives once: 20 confirms at Booking at once do not act on the archived document', async () => {
    const item = await activeDocument();
    const first = await t.app.inject(confirm(item.key, { version: item.version }));
    expect(first.statusCode, first.body).toBe(200);
    const atBooking = first.json<{ item: TableRecord }>().item;
    const answers = await injectAtOnce(t, 20, confirm(item.key, { version: atBooking.version }));
    expectOneActed(answers, String(item.number), 'Archived');
    expect((await read(item.key)).status).toBe('archived');
    expect(await logOf(item.key)).toEqual(['activated', 'confirmed', 'confirmed']);
  });

  it('goes one step back once, however often it is sent', async () => {
    const item = await activeDocument();
    const moved = await t.app.inject(confirm(item.key, { version: item.version }));
    const atBooking = moved.json<{ item: TableRecord }>().item;
    const answers = await injectAtOnce(t, 20, {
      ...confirm(item.key, {}),
      payload: {
        workflowStepResultCode: 'oneStepBack',
        extras: { version: atBooking.version, comment: 'Check the amount' },
      },
    });
    expectOneActed(answers, String(item.number), 'Approval');
    expect(await logOf(item.key)).toEqual(['activated', 'confirmed', 'oneStepBack']);
  });

  it('is undone once when the undo is sent 20 times at once', async () => {
    const item = await activeDocument();
    const acted = await t.app.inject(confirm(item.key, { version: item.version }));
    const { undoId } = acted.json<{ undoId: string }>();
    const answers = await injectAtOnce(t, 20, {
      method: 'POST',
      url: `/api/undo/${undoId}`,
      headers: h.boss ?? {},
    });
    const counts = statusCounts(answers);
    expect(counts[200]).toBe(1);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    const after = await read(item.key);
    expect(after.workflowCurrentStepSystemTileCode).toBe('approval');
    expect(await logOf(item.key)).toEqual(['activated']);
    expect(await unreadFor('acc', item.key)).toBe(0);
  });
});

describe('a bulk workflow action sent many times at once', () => {
  const bulk = (keys: string[], versions?: Record<string, number>) => ({
    method: 'POST' as const,
    url: '/api/wf/actions/?ignoreWarnings=true',
    headers: h.boss ?? {},
    payload: {
      documentKeys: keys,
      workflowStepResultCode: 'confirmed',
      extras: versions ? { versions } : {},
    },
  });
  interface BulkAnswer {
    items: { documentKey: string; ok: boolean; errors?: { code: string; msg: string }[] }[];
    done: number;
    refused: number;
  }

  it('moves each document one step; the others are refused per document naming its step', async () => {
    const docs = [await activeDocument(), await activeDocument()];
    const keys = docs.map((d) => d.key);
    const versions = Object.fromEntries(docs.map((d) => [d.key, Number(d.version)]));
    const answers = await injectAtOnce(t, 20, bulk(keys, versions));
    expect(statusCounts(answers)).toEqual({ 200: 20 });
    const results = answers.flatMap((a) => a.json<BulkAnswer>().items);
    for (const d of docs) {
      const mine = results.filter((r) => r.documentKey === d.key);
      expect(mine.filter((r) => r.ok).length).toBe(1);
      for (const refused of mine.filter((r) => !r.ok))
        expect(refused.errors).toMatchObject([
          { code: 'errors.wf.movedOn', msg: movedOnText(String(d.number), 'Booking') },
        ]);
      expect((await read(d.key)).workflowCurrentStepSystemTileCode).toBe('accounting');
      expect(await logOf(d.key)).toEqual(['activated', 'confirmed']);
    }
  });

  it('is refused without versions (400 on extras.versions) and moves nothing', async () => {
    const item = await activeDocument();
    const answers = await injectAtOnce(t, 10, bulk([item.key]));
    expect(statusCounts(answers)).toEqual({ 400: 10 });
    expect(answers[0]?.json()).toMatchObject({
      error: [{ code: 'validation.wf.versionsRequired', field: 'extras.versions' }],
    });
    expect(await logOf(item.key)).toEqual(['activated']);
  });

  it('refuses on its own a document whose version is missing, and acts on the others', async () => {
    const [named, unnamed] = [await activeDocument(), await activeDocument()];
    if (!named || !unnamed) throw new Error('no documents');
    const res = await t.app.inject(
      bulk([named.key, unnamed.key], { [named.key]: Number(named.version) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BulkAnswer>();
    expect([body.done, body.refused]).toEqual([1, 1]);
    expect(body.items[1]).toEqual({
      documentKey: unnamed.key,
      ok: false,
      errors: [
        {
          code: 'errors.wf.versionMissing',
          msg: `${String(unnamed.number)}: the version you saw it at is missing, so nothing was done: reload the list and act again.`,
        },
      ],
    });
    expect(await logOf(unnamed.key)).toEqual(['activated']);
  });
});
