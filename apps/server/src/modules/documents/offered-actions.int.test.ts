import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewInfo, TableRecord } from '@listina/contract';
import {
  canActivateDoc,
  canConfirmDoc,
  canDeleteDoc,
  type DocActor,
  type DocWorkflowStanding,
} from '@listina/forms';
import {
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  createWorkflow,
  injectMultipart,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { doc as docEntity } from '../tables/entities/doc';

/**
 * issue 24: an action is offered only when the user may take it now. Walked for documents in
 * every status (a draft, active at a step the user is or is not assigned to, archived,
 * rejected) and every kind of member (an organisation admin, an accountant the step names,
 * data entry it does not, data entry extended, an approver who writes no documents): what
 * the server offers — the preview's canChangeFiles for each file action, the shared rules of
 * packages/forms (doc-rights) on the list's row for activate, confirm and delete — is exactly
 * what it then accepts (2xx); what it refuses (403, 409) changes nothing.
 */
const FIXTURES = path.join(import.meta.dirname, '../files/fixtures');
const PNG = fs.readFileSync(path.join(FIXTURES, 'sample.png'));
/** An image of its own content: the organisation holds no other like it. */
const png = (mark: string) => Buffer.concat([PNG, Buffer.from(mark)]);

const PEOPLE = {
  admin: ['orgadmin'],
  assigned: ['accountant'],
  notAssigned: ['dataentry'],
  extended: ['dataentryextended'],
  reader: ['approver'],
} as const;
type Who = keyof typeof PEOPLE;
const STATUSES = ['draft', 'active', 'archived', 'rejected'] as const;
type Status = (typeof STATUSES)[number];

const FILE_ACTIONS = ['add', 'replace', 'move', 'mainFile', 'delete'] as const;
const DOC_ACTIONS = ['activate', 'confirm', 'delete'] as const;

let t: TestApp;
const h = {} as Record<Who, Record<string, string>>;
let documentTypeId = 0;
let organizationId = '';
let users = {} as Record<Who, Awaited<ReturnType<typeof createUser>>>;

beforeAll(async () => {
  t = await createTestApp();
  users = Object.fromEntries(
    await Promise.all(Object.keys(PEOPLE).map(async (who) => [who, await createUser(t)] as const)),
  ) as Record<Who, Awaited<ReturnType<typeof createUser>>>;
  const org = await createOrganization(
    t,
    Object.fromEntries(
      Object.entries(PEOPLE).map(([who, roles]) => [users[who as Who].id, [...roles]]),
    ),
  );
  organizationId = org.id;
  for (const who of Object.keys(PEOPLE) as Who[]) h[who] = await memberHeaders(t, users[who], org);
  documentTypeId = await createDocumentType(t, h.admin);
  // One step, named by the accountant's role: theirs; nobody else's but the admin's.
  await createWorkflow(t, h.admin, documentTypeId, [
    { systemTileCode: 'accounting', name: 'Booking', roles: ['accountant'] },
  ]);
});
afterAll(() => t.close());

let serial = 0;

/** The admin's workflow action on a document, at its version now. */
async function adminAction(key: string, result: string, comment?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/wf/action/${key}?ignoreWarnings=true`,
    headers: h.admin,
    payload: {
      workflowStepResultCode: result,
      extras: { version: (await read(key, 'admin')).version, ...(comment ? { comment } : {}) },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A document's files by name: a main image, another image and a text attachment. */
type Files = Record<'main' | 'second' | 'notes', string>;

/**
 * A complete document brought to the status, with its files. Uploaded without a main file
 * (which would start a data capture that changes it meanwhile); the main file made after.
 */
async function documentIn(
  status: Status,
  typeId = documentTypeId,
): Promise<{ key: string; files: Files }> {
  serial += 1;
  const upload = await injectMultipart(
    t,
    { url: '/api/uploadDoc?ignoreWarnings=true', headers: h.admin },
    [
      { name: 'attachments', filename: 'main.png', content: png(`main ${serial}`) },
      { name: 'attachments', filename: 'second.png', content: png(`second ${serial}`) },
      { name: 'attachments', filename: 'notes.txt', content: Buffer.from(`notes ${serial}`) },
      {
        name: 'json',
        value: JSON.stringify({
          ...docEntity.sample(serial),
          number: `WALK-${serial}`,
          documentTypeId: typeId,
        }),
      },
    ],
  );
  expect(upload.statusCode, upload.body).toBe(201);
  const { item, preview } = upload.json<{ item: TableRecord; preview: PreviewInfo }>();
  const keyOf = (name: string) => preview.files.find((f) => f.name === name)?.key ?? '';
  const files = { main: keyOf('main.png'), second: keyOf('second.png'), notes: keyOf('notes.txt') };
  const key = item.key;
  const main = await t.app.inject({
    method: 'POST',
    url: `/api/doc/${key}/mainfile`,
    headers: h.admin,
    payload: { fileKey: files.main },
  });
  expect(main.statusCode, main.body).toBe(200);
  if (status !== 'draft') {
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/doc/activate?ignoreWarnings=true',
      headers: h.admin,
      payload: { keys: [key] },
    });
    expect(activated.statusCode, activated.body).toBe(200);
  }
  if (status === 'archived') await adminAction(key, 'movedToArchive');
  if (status === 'rejected') await adminAction(key, 'rejected', 'Not ours');
  return { key, files };
}

async function read(key: string, who: Who) {
  const res = await t.app.inject({ url: `/api/doc/${key}`, headers: h[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableRecord>();
}

async function previewOf(key: string, who: Who) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/doc/${key}/preview.info`,
    headers: h[who],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PreviewInfo>();
}

/** The document's row in the list as the user sees it. */
async function rowOf(key: string, who: Who) {
  const { number } = await read(key, who);
  const res = await t.app.inject({
    url: `/api/doc?search=${encodeURIComponent(String(number))}`,
    headers: h[who],
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json<{ items: TableRecord[] }>().items.find((item) => item.key === key);
  if (!row) throw new Error(`${key} is not in ${who}'s list`);
  return row;
}

/** The user as the rules see them: the doc table's write right as GET /api/cl says it. */
async function actorOf(who: Who): Promise<DocActor> {
  const res = await t.app.inject({ url: '/api/cl', headers: h[who] });
  const tables = res.json<{ items: { name: string; canWrite: boolean }[] }>().items;
  const roles: readonly string[] = PEOPLE[who];
  return {
    isAdmin: roles.includes('orgadmin'),
    canWriteDocs: tables.find((item) => item.name === 'doc')?.canWrite === true,
    isExtendedDataEntry: roles.includes('dataentryextended'),
  };
}

/** Everything a refused action must leave as it was: the record and its files. */
async function stateOf(key: string) {
  const record = await read(key, 'admin');
  const preview = await previewOf(key, 'admin');
  return {
    version: record.version,
    status: record.status,
    step: record.workflowCurrentStepSystemTileCode,
    files: preview.files.map((f) => [f.key, f.name, f.fileTypeCode, f.sha256]).sort(),
  };
}

/**
 * The file action taken by the user. Each meets the files it names whether the ones before it
 * were taken or refused (all are, or none: the status stays): the text is replaced before it
 * is deleted (in its place, under its key), the first image leaves the main place before the
 * second takes it.
 */
function fileAction(action: (typeof FILE_ACTIONS)[number], key: string, files: Files, who: Who) {
  const headers = h[who];
  const file = (name: string) => ({
    name: 'file',
    filename: name,
    content: Buffer.from(`${name} ${key}`),
  });
  switch (action) {
    case 'add':
      return injectMultipart(t, { url: `/api/doc/${key}/file/add`, headers }, [file('more.txt')]);
    case 'replace':
      return injectMultipart(
        t,
        { method: 'PUT', url: `/api/doc/${key}/file/${files.notes}`, headers },
        [file('other.txt')],
      );
    case 'move':
      return t.app.inject({
        method: 'POST',
        url: `/api/doc/${key}/file/${files.main}/move`,
        headers,
        payload: { fileTypeCode: 'attachment' },
      });
    case 'mainFile':
      return t.app.inject({
        method: 'POST',
        url: `/api/doc/${key}/mainfile`,
        headers,
        payload: { fileKey: files.second },
      });
    case 'delete':
      return t.app.inject({
        method: 'DELETE',
        url: `/api/doc/${key}/file/${files.notes}`,
        headers,
      });
  }
}

/** The document action taken by the user; the answer's status. */
async function docAction(action: (typeof DOC_ACTIONS)[number], key: string, who: Who) {
  const headers = h[who];
  switch (action) {
    case 'activate':
      return t.app.inject({
        method: 'POST',
        url: '/api/doc/activate?ignoreWarnings=true',
        headers,
        payload: { keys: [key] },
      });
    case 'confirm':
      return t.app.inject({
        method: 'POST',
        url: `/api/wf/action/${key}?ignoreWarnings=true`,
        headers,
        payload: {
          workflowStepResultCode: 'confirmed',
          extras: { version: (await read(key, 'admin')).version },
        },
      });
    case 'delete':
      return t.app.inject({
        method: 'DELETE',
        url: '/api/doc?ignoreWarnings=true',
        headers,
        payload: { keys: [key] },
      });
  }
}

const DOC_RULES: Record<
  (typeof DOC_ACTIONS)[number],
  (doc: DocWorkflowStanding, actor: DocActor) => boolean
> = { activate: canActivateDoc, confirm: canConfirmDoc, delete: canDeleteDoc };

/** A list row as the rules see it: its status and the server's facts of it for the user. */
const standingOf = (row: TableRecord): DocWorkflowStanding => ({
  status: row.status,
  isMyTask: row.isMyTask === true,
  isInWorkflow: row.isInWorkflow === true,
  isConfirmedByMe: row.isConfirmedByMe === true,
});

/** Whether the user's list offers confirming the document now. */
const confirmOffered = async (key: string, who: Who) =>
  canConfirmDoc(standingOf(await rowOf(key, who)), await actorOf(who));

/**
 * Takes an action on a document in the status and checks it against what was offered: taken
 * when offered, refused with 403 or 409 and nothing changed when not. Answers whether taken.
 */
async function walk(
  label: string,
  key: string,
  offered: boolean,
  take: () => Promise<{ statusCode: number; body: string }>,
) {
  const before = await stateOf(key);
  const res = await take();
  if (offered) {
    expect(res.statusCode, `${label}: offered, then ${res.body}`).toBeLessThan(300);
    return true;
  }
  expect([403, 409], `${label}: not offered, then ${res.statusCode} ${res.body}`).toContain(
    res.statusCode,
  );
  expect(await stateOf(key), label).toEqual(before);
  return false;
}

describe('actions offered are the actions accepted (issue 24)', () => {
  it.each(STATUSES)('file actions on a document that is %s', async (status) => {
    const offeredTo: Who[] = [];
    for (const who of Object.keys(PEOPLE) as Who[]) {
      const { key, files } = await documentIn(status);
      for (const action of FILE_ACTIONS) {
        const offered = (await previewOf(key, who)).canChangeFiles;
        if (offered && !offeredTo.includes(who)) offeredTo.push(who);
        await walk(`${status} ${who} ${action}`, key, offered, () =>
          fileAction(action, key, files, who),
        );
      }
    }
    // Both outcomes are walked where the rules have both (docs/roles.md).
    const expected: Record<Status, Who[]> = {
      draft: ['admin', 'assigned', 'notAssigned', 'extended'],
      active: ['admin', 'assigned', 'extended'],
      archived: ['admin'],
      rejected: ['admin'],
    };
    expect(offeredTo).toEqual(expected[status]);
  });

  it.each(STATUSES)('activate, confirm and delete of a document that is %s', async (status) => {
    const offeredTo: Record<string, Who[]> = { activate: [], confirm: [], delete: [] };
    for (const who of Object.keys(PEOPLE) as Who[]) {
      const actor = await actorOf(who);
      let { key } = await documentIn(status);
      for (const action of DOC_ACTIONS) {
        const row = await rowOf(key, who);
        const offered = DOC_RULES[action](standingOf(row), actor);
        if (offered) offeredTo[action]?.push(who);
        const taken = await walk(`${status} ${who} ${action}`, key, offered, () =>
          docAction(action, key, who),
        );
        // A document acted on is replaced, so that each action meets the status afresh.
        if (taken) ({ key } = await documentIn(status));
      }
    }
    const writers: Who[] = ['admin', 'assigned', 'notAssigned', 'extended'];
    const expected: Record<Status, Record<string, Who[]>> = {
      draft: { activate: writers, confirm: [], delete: writers },
      active: {
        activate: [],
        confirm: ['admin', 'assigned'],
        delete: ['admin', 'assigned', 'extended'],
      },
      archived: { activate: [], confirm: [], delete: ['admin'] },
      rejected: { activate: [], confirm: [], delete: ['admin'] },
    };
    expect(offeredTo).toEqual(expected[status]);
  });
});

describe('confirming is offered where it is accepted, past the status (issue 24)', () => {
  it('is offered to nobody on an active document in no workflow, and refused to all', async () => {
    // A type no workflow serves: its documents are active where activation left them.
    const typeId = await createDocumentType(t, h.admin, 'NOWF');
    for (const who of Object.keys(PEOPLE) as Who[]) {
      const { key } = await documentIn('active', typeId);
      const offered = await confirmOffered(key, who);
      expect(offered, who).toBe(false);
      await walk(`no workflow ${who} confirm`, key, offered, () => docAction('confirm', key, who));
    }
  });

  it('is not offered again to one of two approvers who confirmed, and still to the other', async () => {
    const { rows } = await sql<{ key: string; user_id: string }>`
      select key, user_id from organization_member where organization_id = ${organizationId}
    `.execute(t.database.db);
    const memberKey = (who: Who) =>
      rows.find((row) => String(row.user_id) === String(users[who].id))?.key ?? '';
    const typeId = await createDocumentType(t, h.admin, 'TWO');
    // Both named members must confirm the step before it is done.
    await createWorkflow(t, h.admin, typeId, [
      {
        systemTileCode: 'approval',
        name: 'Both',
        memberKeys: [memberKey('assigned'), memberKey('extended')],
        approvalRule: 'all',
      },
    ]);
    const { key } = await documentIn('active', typeId);
    expect(await confirmOffered(key, 'assigned')).toBe(true);
    await walk('first confirm', key, true, () => docAction('confirm', key, 'assigned'));
    // The step waits for the other approver: the first is not offered it again.
    expect((await read(key, 'admin')).status).toBe('active');
    const again = await confirmOffered(key, 'assigned');
    expect(again).toBe(false);
    await walk('second confirm', key, again, () => docAction('confirm', key, 'assigned'));
    expect(await confirmOffered(key, 'extended')).toBe(true);
    await walk('other confirm', key, true, () => docAction('confirm', key, 'extended'));
  });
});
