import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList, TableRecord, WorkflowLogEntry } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { doc } from '../tables/entities/doc';
import { partner } from '../tables/entities/partner';
import { unreadCounts } from '../../../test/event-stream';

/**
 * The workflow calls (issue 6) on the real engine: activation enters the workflow, each result
 * code moves the document as the state machine says, the log and the notifications follow,
 * bulk actions check each document, undo puts a document back, and two approvers at once
 * cannot both act.
 */
let t: TestApp;
const h: Record<string, Record<string, string>> = {};
const memberKey: Record<string, string> = {};
let organizationId: string;
let workflowKey: string;
let documentTypeId: number;
let customerKey: string;

async function memberKeys(headers: Record<string, string>) {
  const res = await t.app.inject({ url: '/api/cl/organizationMember?count=100', headers });
  return res.json<{ items: TableRecord[] }>().items;
}

beforeAll(async () => {
  t = await createTestApp();
  const users: Record<string, Awaited<ReturnType<typeof createUser>>> = {};
  for (const name of ['sam', 'ana', 'bor', 'acc', 'boss', 'eve']) users[name] = await createUser(t);
  const u = (name: string) => users[name]?.id ?? '';
  const org = await createOrganization(t, {
    [u('sam')]: ['dataentry'],
    [u('ana')]: ['approver'],
    [u('bor')]: ['approver'],
    [u('acc')]: ['accountant'],
    [u('boss')]: ['orgadmin'],
  });
  organizationId = org.id;
  const other = await createOrganization(t, { [u('eve')]: ['orgadmin'] });
  for (const name of ['sam', 'ana', 'bor', 'acc', 'boss'])
    h[name] = await memberHeaders(t, users[name] ?? { username: '' }, org);
  h.eve = await memberHeaders(t, users.eve ?? { username: '' }, other);
  for (const member of await memberKeys(h.boss ?? {})) {
    const name = Object.keys(users).find((n) => users[n]?.username === member.userName);
    if (name) memberKey[name] = String(member.key);
  }
  const type = await t.app.inject({
    method: 'POST',
    url: '/api/cl/documentType',
    headers: h.boss,
    payload: {
      code: 'INV',
      name: 'Invoice',
      nameSl: 'Račun',
      einvoiceTypeCode: '380',
      isActive: true,
    },
  });
  expect(type.statusCode, type.body).toBe(201);
  documentTypeId = type.json<{ item: TableRecord }>().item.id;
  const supplier = await t.app.inject({
    method: 'POST',
    url: '/api/cl/partner',
    headers: h.boss,
    payload: partner.sample(1),
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  customerKey = supplier.json<{ item: TableRecord }>().item.key;
  // Ana and Bor must both approve; then any accountant books, with a comment to send it back.
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/cl/workflow',
    headers: h.boss,
    payload: {
      code: 'INV',
      name: 'Invoices',
      // Of the type, so it wins over a workflow for any type (FAST below).
      documentTypeId,
      isActive: true,
      steps: [
        {
          id: -1,
          position: 1,
          systemTileCode: 'approval',
          name: 'Approval',
          memberKeys: [memberKey.ana, memberKey.bor],
          roles: [],
          approvalRule: 'all',
          minApprovers: 1,
          commentRequired: false,
        },
        {
          id: -2,
          position: 2,
          systemTileCode: 'accounting',
          name: 'Booking',
          memberKeys: [],
          roles: ['accountant'],
          approvalRule: 'any',
          minApprovers: 1,
          commentRequired: true,
        },
        {
          id: -3,
          position: 3,
          systemTileCode: 'approval',
          name: 'Board',
          memberKeys: [],
          roles: ['orgadmin'],
          approvalRule: 'any',
          minApprovers: 1,
          condition: 'totalAmount > 10000',
          commentRequired: false,
        },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  workflowKey = created.json<{ item: TableRecord }>().item.key;
});
afterAll(() => t.close());

let serial = 0;
/** A complete draft of Sam's, activated unless told not to. */
async function newDocument(options: { activate?: boolean; total?: string } = {}) {
  serial += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/doc',
    headers: h.sam,
    payload: {
      ...doc.sample(serial),
      number: `WF-${serial}`,
      documentTypeId,
      customerKey,
      ...totals(options.total),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const item = res.json<{ item: TableRecord }>().item;
  if (options.activate === false) return item;
  const activated = await t.app.inject({
    method: 'POST',
    url: '/api/doc/activate',
    headers: h.sam,
    payload: { keys: [item.key] },
  });
  expect(activated.statusCode, activated.body).toBe(200);
  return activated.json<{ items: TableRecord[] }>().items[0] as TableRecord;
}

function totals(total: string | undefined) {
  if (!total) return {};
  return { netAmount: null, vatAmount: null, totalAmount: total, costLines: [] };
}

/** The document's version now, as a user opening it sees it (1 for a document not found). */
async function versionOf(key: string) {
  const res = await t.app.inject({ url: `/api/doc/${key}`, headers: h.boss });
  return res.statusCode === 200 ? res.json<TableRecord>().version : 1;
}

/** An action as a user takes it: at the version they see unless told. */
const action = async (
  who: string,
  key: string,
  code: string,
  extras: Record<string, unknown> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/wf/action/${key}`,
    headers: h[who],
    payload: { workflowStepResultCode: code, extras: { version: await versionOf(key), ...extras } },
  });

/** The versions of documents by key, as a list shows them. */
async function versionsOf(keys: string[]) {
  const res = await t.app.inject({ url: `/api/doc?count=1000`, headers: h.boss });
  const byKey = new Map(res.json<{ items: TableRecord[] }>().items.map((i) => [i.key, i.version]));
  return Object.fromEntries(keys.map((key) => [key, byKey.get(key) ?? 1]));
}

async function acted(who: string, key: string, code: string, extras = {}) {
  const res = await action(who, key, code, extras);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ item: TableRecord; undoId: string }>();
}

const tileOf = (item: TableRecord) => [item.status, item.workflowCurrentStepSystemTileCode];

async function unread(who: string) {
  const res = await t.app.inject({ url: '/api/notification', headers: h[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationList>();
}

async function logOf(key: string, who = 'sam') {
  const res = await t.app.inject({ url: `/api/doc/${key}/wflog`, headers: h[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: WorkflowLogEntry[] }>().items;
}

describe('a document through its workflow', () => {
  it('enters at its first step on activation and tells the step’s members', async () => {
    const before = (await unread('ana')).count.unread;
    const item = await newDocument();
    expect(tileOf(item)).toEqual(['active', 'approval']);
    const ana = await unread('ana');
    expect(ana.count.unread).toBe(before + 1);
    expect(ana.items[0]).toMatchObject({
      kind: 'assigned',
      read: false,
      documentKey: item.key,
      documentTitle: item.number,
      text: expect.stringContaining(String(item.number)) as unknown,
    });
    // Sam activated it and is told nothing; Acc's step is not reached yet.
    expect((await unread('sam')).items.some((n) => n.documentKey === item.key)).toBe(false);
    expect((await unread('acc')).items.some((n) => n.documentKey === item.key)).toBe(false);
    const log = await logOf(String(item.key));
    expect(log).toEqual([
      expect.objectContaining({ resultCode: 'activated', result: 'Activated', to: 'Approval' }),
    ]);
    const canAct = async (who: string) =>
      (await t.app.inject({ url: `/api/doc/${String(item.key)}/wflog`, headers: h[who] })).json<{
        canAct: boolean;
      }>().canAct;
    expect([
      await canAct('ana'),
      await canAct('bor'),
      await canAct('sam'),
      await canAct('boss'),
    ]).toEqual([true, true, false, true]);
  });

  it('waits for both approvers, books with the accountant, skips the board under 10,000 and archives', async () => {
    const item = await newDocument();
    const key = String(item.key);
    const refused = await action('sam', key, 'confirmed');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error[0].msg).toBe(
      `${String(item.number)}: you are not an assignee of its current step.`,
    );
    expect(tileOf((await acted('ana', key, 'confirmed')).item)).toEqual(['active', 'approval']);
    const again = await action('ana', key, 'confirmed');
    expect(again.statusCode).toBe(409);
    expect(errorCodes(again)).toEqual(['errors.wf.alreadyConfirmed']);
    expect(tileOf((await acted('bor', key, 'confirmed')).item)).toEqual(['active', 'accounting']);
    expect((await unread('acc')).items[0]).toMatchObject({ documentKey: key, tile: 'accounting' });
    // The accountant's step wants a comment to send it back.
    expect(errorCodes(await action('acc', key, 'oneStepBack'))).toEqual([
      'errors.wf.commentRequired',
    ]);
    const back = await acted('acc', key, 'oneStepBack', { comment: 'Wrong cost centre' });
    expect(tileOf(back.item)).toEqual(['active', 'approval']);
    await acted('ana', key, 'confirmed');
    await acted('bor', key, 'confirmed');
    const archived = await acted('acc', key, 'confirmed');
    expect(tileOf(archived.item)).toEqual(['archived', 'archive']);
    expect(errorCodes(await action('acc', key, 'confirmed'))).toEqual([
      'errors.wf.closed.archived',
    ]);

    const log = await logOf(key, 'ana');
    expect(log.map((l) => [l.resultCode, l.from, l.to])).toEqual([
      ['activated', null, 'Approval'],
      ['confirmed', 'Approval', 'Approval'],
      ['confirmed', 'Approval', 'Booking'],
      ['oneStepBack', 'Booking', 'Approval'],
      ['confirmed', 'Approval', 'Approval'],
      ['confirmed', 'Approval', 'Booking'],
      ['confirmed', 'Booking', 'Archive'],
    ]);
    expect(log[3]).toMatchObject({
      comment: 'Wrong cost centre',
      secondsInStep: expect.any(Number) as unknown,
    });
    expect(log.every((l) => l.user && l.at)).toBe(true);
    // The same log under /api/wf/{id}/log.
    const same = await t.app.inject({ url: `/api/wf/${key}/log`, headers: h.acc });
    expect(same.json<{ items: WorkflowLogEntry[] }>().items).toEqual(log);
  });

  it('keeps an archived document as it was: only an admin may still change it', async () => {
    const item = await newDocument();
    const key = String(item.key);
    const archived = (await acted('ana', key, 'movedToArchive')).item;
    expect(tileOf(archived)).toEqual(['archived', 'archive']);
    const edit = (who: string, version: number | undefined) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/doc/${key}`,
        headers: h[who],
        payload: { version, description: `Changed by ${who}` },
      });
    const refused = await edit('sam', archived.version);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error[0]).toMatchObject({
      code: 'errors.doc.archived',
      msg: `${String(item.number)} is archived: only an admin may change it.`,
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/doc',
      headers: h.sam,
      payload: { keys: [key] },
    });
    expect(removed.statusCode).toBe(409);
    const byAdmin = await edit('boss', archived.version);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json<{ item: TableRecord }>().item.description).toBe('Changed by boss');
  });

  it('goes to the board when the total is over 10,000', async () => {
    const item = await newDocument({ total: '12500.00' });
    const key = String(item.key);
    await acted('ana', key, 'confirmed');
    await acted('bor', key, 'confirmed');
    const board = await acted('acc', key, 'confirmed');
    expect(tileOf(board.item)).toEqual(['active', 'approval']);
    expect((await logOf(key)).at(-1)).toMatchObject({ to: 'Board' });
    expect(tileOf((await acted('boss', key, 'confirmed')).item)).toEqual(['archived', 'archive']);
  });

  it('forwards, asks the submitter for more data, and rejects with a comment', async () => {
    const item = await newDocument();
    const key = String(item.key);
    const forwarded = await acted('ana', key, 'forwarded', { userId: memberKey.bor });
    expect(tileOf(forwarded.item)).toEqual(['active', 'approval']);
    expect(errorCodes(await action('ana', key, 'confirmed'))).toEqual(['errors.wf.notAssignee']);
    expect(errorCodes(await action('bor', key, 'forwarded', { userId: memberKey.acc }))).toEqual([
      'errors.wf.forwardToNotAssignee',
    ]);

    expect(errorCodes(await action('bor', key, 'supplementData'))).toEqual([
      'errors.wf.commentRequired',
    ]);
    const sent = await acted('bor', key, 'supplementData', { comment: 'Add the order number' });
    expect(tileOf(sent.item)).toEqual(['active', 'supplement']);
    expect((await unread('sam')).items[0]).toMatchObject({
      kind: 'supplement',
      documentKey: key,
      comment: 'Add the order number',
    });
    expect(errorCodes(await action('bor', key, 'confirmed'))).toEqual(['errors.wf.notSubmitter']);
    const returned = await acted('sam', key, 'confirmed');
    expect(tileOf(returned.item)).toEqual(['active', 'approval']);

    expect(errorCodes(await action('ana', key, 'rejected'))).toEqual(['errors.wf.commentRequired']);
    const rejected = await acted('ana', key, 'rejected', { comment: 'Not ours' });
    expect(tileOf(rejected.item)).toEqual(['rejected', null]);
    expect((await unread('sam')).items[0]).toMatchObject({ kind: 'rejected', documentKey: key });
  });

  it('refuses a draft, an unknown result code, another organisation and an unknown document', async () => {
    const draft = await newDocument({ activate: false });
    expect(errorCodes(await action('ana', String(draft.key), 'confirmed'))).toEqual([
      'errors.wf.notActivated',
    ]);
    const item = await newDocument();
    const bad = await action('ana', String(item.key), 'approvedTwice');
    expect(bad.statusCode).toBe(400);
    const foreign = await action('eve', String(item.key), 'confirmed');
    expect(foreign.statusCode).toBe(404);
    const missing = await action('ana', '0190b7a4-0000-7000-8000-000000000000', 'confirmed');
    expect(missing.statusCode).toBe(404);
    // Nothing moved.
    const read = await t.app.inject({ url: `/api/doc/${String(item.key)}`, headers: h.ana });
    expect(tileOf(read.json<TableRecord>())).toEqual(['active', 'approval']);
  });

  it('switches a document to another workflow from its first step', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/cl/workflow',
      headers: h.boss,
      payload: {
        code: 'FAST',
        name: 'Fast lane',
        isActive: true,
        steps: [
          {
            id: -1,
            position: 1,
            systemTileCode: 'review',
            roles: ['accountant'],
            memberKeys: [],
            approvalRule: 'any',
            minApprovers: 1,
          },
        ],
      },
    });
    expect(other.statusCode, other.body).toBe(201);
    const item = await newDocument();
    const switched = await acted('ana', String(item.key), 'switchWorkflow', { workflowId: 'FAST' });
    expect(tileOf(switched.item)).toEqual(['active', 'review']);
    expect((await logOf(String(item.key))).at(-1)).toMatchObject({
      resultCode: 'switchWorkflow',
      fromWorkflow: 'Invoices',
      toWorkflow: 'Fast lane',
    });
    expect(
      errorCodes(await action('acc', String(item.key), 'switchWorkflow', { workflowId: 'NOPE' })),
    ).toEqual(['errors.wf.unknownWorkflow']);
    expect(workflowKey).toBeTruthy();
  });
});

describe('my tasks', () => {
  it('count on the home tiles per step and list through their filter, for each user their own', async () => {
    const tiles = async (who: string) => {
      const res = await t.app.inject({ url: '/api/tile', headers: h[who] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{
        items: { filterId: string; label: string; count: number; filter: string[] }[];
      }>().items;
    };
    const before = await tiles('ana');
    // (The review step is FAST's, which another test may have made.)
    expect(before.map((tile) => tile.filterId).filter((id) => id !== 'task-review')).toEqual([
      'drafts',
      'task-approval',
      'task-accounting',
      'task-supplement',
      'active',
      'archive',
      'rejected',
      'capture',
    ]);
    const approval = before.find((tile) => tile.filterId === 'task-approval');
    expect(approval).toMatchObject({
      label: 'My tasks: Approval',
      filter: ['task:mine', 'workflowCurrentStepSystemTileCode:approval'],
    });
    const item = await newDocument();
    const after = await tiles('ana');
    expect(after.find((tile) => tile.filterId === 'task-approval')?.count).toBe(
      (approval?.count ?? 0) + 1,
    );
    const query = (approval?.filter ?? []).map((f) => `filter=${encodeURIComponent(f)}`).join('&');
    const listed = async (who: string) => {
      const res = await t.app.inject({ url: `/api/doc?count=1000&${query}`, headers: h[who] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: TableRecord[] }>().items.map((d) => d.key);
    };
    expect(await listed('ana')).toContain(item.key);
    // Not the accountant's task, nor the submitter's, until it reaches them.
    expect(await listed('acc')).not.toContain(item.key);
    expect(await listed('sam')).not.toContain(item.key);
    await acted('ana', String(item.key), 'forwarded', { userId: memberKey.bor });
    expect(await listed('ana')).not.toContain(item.key);
    expect(await listed('bor')).toContain(item.key);
    await acted('bor', String(item.key), 'supplementData', { comment: 'More please' });
    const supplement = (await tiles('sam')).find((tile) => tile.filterId === 'task-supplement');
    expect(supplement?.count).toBeGreaterThanOrEqual(1);
    const bad = await t.app.inject({ url: '/api/doc?filter=task:yours', headers: h.ana });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad)).toEqual(['errors.badFilterValue']);
  });
});

describe('undo, conflicts and bulk actions', () => {
  it('undoes a confirm: the document is back where it was, its log line and notifications gone', async () => {
    const item = await newDocument();
    const key = String(item.key);
    await acted('ana', key, 'confirmed');
    const before = await t.app.inject({ url: `/api/doc/${key}`, headers: h.sam });
    const accBefore = (await unread('acc')).count.unread;
    const { undoId } = await acted('bor', key, 'confirmed');
    expect((await unread('acc')).count.unread).toBe(accBefore + 1);
    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${undoId}`,
      headers: h.bor,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const after = await t.app.inject({ url: `/api/doc/${key}`, headers: h.sam });
    const { version: _v1, ...was } = before.json<TableRecord>();
    const { version: _v2, ...is } = after.json<TableRecord>();
    expect(is).toEqual(was);
    expect(is.workflowApprovals).toHaveLength(1);
    expect((await logOf(key)).map((l) => l.resultCode)).toEqual(['activated', 'confirmed']);
    expect((await unread('acc')).count.unread).toBe(accBefore);
    // And Bor may confirm again.
    expect(tileOf((await acted('bor', key, 'confirmed')).item)).toEqual(['active', 'accounting']);
  });

  it('lets exactly one of two approvers acting at once win; the other is told it changed', async () => {
    const item = await newDocument();
    const key = String(item.key);
    await acted('ana', key, 'confirmed');
    await acted('bor', key, 'confirmed');
    const seen = await t.app.inject({ url: `/api/doc/${key}`, headers: h.acc });
    const version = seen.json<TableRecord>().version;
    const [first, second] = await Promise.all([
      action('acc', key, 'confirmed', { version }),
      action('boss', key, 'oneStepBack', { version, comment: 'Check again' }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    // Told where the document stands now: archived by the accountant, or back at approval.
    const now = await t.app.inject({ url: `/api/doc/${key}`, headers: h.acc });
    const stands = now.json<TableRecord>().status === 'archived' ? 'Archived' : 'Approval';
    expect(loser.json().error[0]).toMatchObject({
      code: 'errors.wf.movedOn',
      msg: `${String(item.number)} has changed since you opened it (an action was taken on it); it now stands at: ${stands}. Nothing was done: reload it and act again if it is still yours to act on.`,
    });
    expect((await logOf(key)).length).toBe(4);
  });

  // 500 documents made one by one, then a bulk call: ~15–20 s on 2 cores, more under load.
  it('confirms 500 documents in one call, each checked on its own, with one undo', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 500; i++) keys.push(String((await newDocument({ activate: false })).key));
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/doc/activate',
      headers: h.sam,
      payload: { keys },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const draft = await newDocument({ activate: false });
    const unknown = '0190b7a4-0000-7000-8000-000000000001';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wf/actions/',
      headers: h.ana,
      payload: {
        documentKeys: [...keys, String(draft.key), unknown],
        workflowStepResultCode: 'confirmed',
        extras: { versions: await versionsOf([...keys, String(draft.key), unknown]) },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      items: { documentKey: string; ok: boolean; errors?: { code: string }[] }[];
      done: number;
      refused: number;
      undoId: string | null;
    }>();
    expect([body.done, body.refused]).toEqual([500, 2]);
    expect(
      body.items.filter((i) => !i.ok).map((i) => [i.documentKey, i.errors?.[0]?.code]),
    ).toEqual([
      [String(draft.key), 'errors.wf.notActivated'],
      [unknown, 'errors.recordNotFound'],
    ]);
    // Ana's confirm counts; Bor's is still wanted.
    const bor = await t.app.inject({
      method: 'POST',
      url: '/api/wf/actions/',
      headers: h.bor,
      payload: {
        documentKeys: keys,
        workflowStepResultCode: 'confirmed',
        extras: { versions: await versionsOf(keys) },
      },
    });
    expect(bor.json<{ done: number }>().done).toBe(500);
    const sample = await t.app.inject({ url: `/api/doc/${keys[250] ?? ''}`, headers: h.acc });
    expect(tileOf(sample.json<TableRecord>())).toEqual(['active', 'accounting']);
    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${bor.json<{ undoId: string }>().undoId}`,
      headers: h.bor,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const again = await t.app.inject({ url: `/api/doc/${keys[250] ?? ''}`, headers: h.acc });
    expect(tileOf(again.json<TableRecord>())).toEqual(['active', 'approval']);
  }, 90_000);
});

describe('notifications', () => {
  it('are each user’s own, paged newest first, and marked read one by one', async () => {
    await newDocument();
    await newDocument();
    const first = await t.app.inject({ url: '/api/notification?count=1', headers: h.ana });
    const page = first.json<NotificationList>();
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
    const next = await t.app.inject({
      url: `/api/notification?count=1&cursor=${page.nextCursor ?? ''}`,
      headers: h.ana,
    });
    expect(Number(next.json<NotificationList>().items[0]?.id)).toBeLessThan(
      Number(page.items[0]?.id),
    );
    const id = page.items[0]?.id ?? '';
    // Not Bor's to mark, nor another organisation's.
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/notification/${id}/read`, headers: h.bor }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/notification/${id}/read`, headers: h.eve }))
        .statusCode,
    ).toBe(404);
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/notification/${id}/read`,
      headers: h.ana,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().count.unread).toBe(page.count.unread - 1);
    const unreadOnly = await t.app.inject({
      url: '/api/notification?unread=true&count=200',
      headers: h.ana,
    });
    expect(unreadOnly.json<NotificationList>().items.some((n) => n.id === id)).toBe(false);
    expect(organizationId).toBeTruthy();
  });

  it('streams the unread count as server-sent events when it changes, an undo included', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    try {
      const res = await fetch(`${address}/api/notification/events`, {
        headers: h.ana,
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const nextCount = unreadCounts(res);
      const start = await nextCount();
      const draft = await newDocument({ activate: false });
      const activated = await t.app.inject({
        method: 'POST',
        url: '/api/doc/activate',
        headers: h.sam,
        payload: { keys: [draft.key] },
      });
      expect(activated.statusCode, activated.body).toBe(200);
      expect(await nextCount()).toBe(start + 1);
      // Its undo takes the notification back, and the stream says so.
      const undoId = activated.json<{ undoId: string }>().undoId;
      const undone = await t.app.inject({
        method: 'POST',
        url: `/api/undo/${undoId}`,
        headers: h.sam,
      });
      expect(undone.statusCode, undone.body).toBe(200);
      expect(await nextCount()).toBe(start);
    } finally {
      controller.abort();
    }
  });
});
