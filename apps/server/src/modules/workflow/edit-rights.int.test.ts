import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  createWorkflow,
  errorCodes,
  memberHeaders,
  injectMultipart,
  type TestApp,
} from '../../../test/factories';
import { doc } from '../tables/entities/doc';
import { partner } from '../tables/entities/partner';

/**
 * Who may change a document as it moves through its workflow (issue 6, spec §6,
 * docs/roles.md): drafts by the write roles; active documents by admins, extended data entry
 * and whoever has it as a task now; rejected and archived ones by admins only. The same rule
 * holds for the fields, deletion, the files, data capture and the import.
 */
let t: TestApp;
const h: Record<string, Record<string, string>> = {};
let documentTypeId: number;
let customerKey: string;
const PNG = fs.readFileSync(path.join(import.meta.dirname, '../files/fixtures/sample.png'));

beforeAll(async () => {
  t = await createTestApp();
  const roles: Record<string, string[]> = {
    sam: ['dataentry'],
    dex: ['dataentryextended'],
    kim: ['accountant'],
    acc: ['accountant'],
    ana: ['approver'],
    boss: ['orgadmin'],
    // Support is an admin by the user's own role, joined with the organisation's (spec §6).
    sup: ['dataentry'],
  };
  const users: Record<string, Awaited<ReturnType<typeof createUser>>> = {};
  for (const name of Object.keys(roles))
    users[name] = await createUser(t, name === 'sup' ? { roles: ['support'] } : {});
  const org = await createOrganization(
    t,
    Object.fromEntries(Object.entries(roles).map(([n, r]) => [users[n]?.id ?? '', r])),
  );
  for (const name of Object.keys(roles))
    h[name] = await memberHeaders(t, users[name] ?? { username: '' }, org);
  const members = (
    await t.app.inject({ url: '/api/cl/organizationMember?count=100', headers: h.boss })
  ).json<{ items: TableRecord[] }>().items;
  const keyOf = (name: string) =>
    String(members.find((m) => m.userName === users[name]?.username)?.key);
  documentTypeId = await createDocumentType(t, h.boss ?? {});
  const supplier = await t.app.inject({
    method: 'POST',
    url: '/api/cl/partner',
    headers: h.boss,
    payload: partner.sample(1),
  });
  customerKey = supplier.json<{ item: TableRecord }>().item.key;
  // Kim (an accountant, named) approves; then any accountant books.
  await createWorkflow(t, h.boss ?? {}, documentTypeId, [
    { systemTileCode: 'approval', memberKeys: [keyOf('kim')] },
    { systemTileCode: 'accounting', roles: ['accountant'] },
  ]);
});
afterAll(() => t.close());

let serial = 0;
/** Sam's complete draft, activated unless told not to: it then waits at Kim's approval. */
async function newDocument(activate = true) {
  serial += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/doc',
    headers: h.sam,
    payload: { ...doc.sample(serial), number: `ER-${serial}`, documentTypeId, customerKey },
  });
  expect(res.statusCode, res.body).toBe(201);
  const item = res.json<{ item: TableRecord }>().item;
  if (!activate) return String(item.key);
  const activated = await t.app.inject({
    method: 'POST',
    url: '/api/doc/activate',
    headers: h.sam,
    payload: { keys: [item.key] },
  });
  expect(activated.statusCode, activated.body).toBe(200);
  return String(item.key);
}

const read = async (key: string) =>
  (await t.app.inject({ url: `/api/doc/${key}`, headers: h.boss })).json<TableRecord>();

/** Each user's PUT of a new description, in turn (each on the version then current). */
async function edits(key: string, who: string[]) {
  const statuses: Record<string, number> = {};
  for (const name of who) {
    const { version } = await read(key);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/doc/${key}`,
      headers: h[name],
      payload: { version, description: `Changed by ${name}` },
    });
    statuses[name] = res.statusCode;
  }
  return statuses;
}

async function act(who: string, key: string, code: string, extras: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/wf/action/${key}`,
    headers: h[who],
    payload: {
      workflowStepResultCode: code,
      extras: { version: (await read(key)).version, ...extras },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const canEdit = async (key: string, who: string) =>
  (await t.app.inject({ url: `/api/doc/${key}/wflog`, headers: h[who] })).json<{
    canEdit: boolean;
  }>().canEdit;

describe('editing a document along its workflow', () => {
  it('lets the write roles edit a draft, and the approver role none', async () => {
    const key = await newDocument(false);
    expect(await edits(key, ['sam', 'kim', 'dex', 'boss', 'ana'])).toEqual({
      sam: 200,
      kim: 200,
      dex: 200,
      boss: 200,
      ana: 403,
    });
  });

  it('lets the step’s assignee, extended data entry and admins edit an active document, and refuses the rest in words', async () => {
    const key = await newDocument();
    expect(await edits(key, ['kim', 'dex', 'sup', 'boss', 'sam', 'acc', 'ana'])).toEqual({
      kim: 200,
      dex: 200,
      sup: 200,
      boss: 200,
      sam: 403,
      acc: 403,
      ana: 403,
    });
    const { version, number } = await read(key);
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/doc/${key}`,
      headers: h.sam,
      payload: { version, description: 'Not mine to change' },
    });
    expect(refused.json().error[0]).toMatchObject({
      code: 'errors.doc.notYourStep',
      msg: `${String(number)} is at a workflow step you are not assigned to: only its assignees, admins and extended data entry may change it now.`,
    });
    expect((await read(key)).description).toBe('Changed by boss');
    const answers = await Promise.all(
      ['kim', 'dex', 'boss', 'sam', 'acc', 'ana'].map((who) => canEdit(key, who)),
    );
    expect(answers).toEqual([true, true, true, false, false, false]);
  });

  it('follows the document: the next step’s assignees, then its submitter while data is supplemented', async () => {
    const key = await newDocument();
    await act('kim', key, 'confirmed');
    expect(await edits(key, ['acc', 'kim', 'sam', 'dex'])).toEqual({
      acc: 200,
      kim: 200, // an accountant too: the booking step is the accountants'
      sam: 403,
      dex: 200,
    });
    await act('acc', key, 'supplementData', { comment: 'Add the order number' });
    expect(await edits(key, ['sam', 'acc', 'kim', 'dex'])).toEqual({
      sam: 200,
      acc: 403,
      kim: 403,
      dex: 200,
    });
  });

  it('keeps rejected and archived documents for admins only, extended data entry included', async () => {
    const rejected = await newDocument();
    await act('kim', rejected, 'rejected', { comment: 'Not ours' });
    expect(await edits(rejected, ['sam', 'dex', 'kim', 'boss'])).toEqual({
      sam: 409,
      dex: 409,
      kim: 409,
      boss: 200,
    });
    const archived = await newDocument();
    await act('kim', archived, 'movedToArchive');
    expect(await edits(archived, ['dex', 'boss'])).toEqual({ dex: 409, boss: 200 });
    expect(await canEdit(archived, 'dex')).toBe(false);
  });

  it('holds the same rule for deletion, files and data capture', async () => {
    const key = await newDocument();
    const addFile = (who: string) =>
      injectMultipart(t, { url: `/api/doc/${key}/file/add`, headers: h[who] }, [
        { name: 'file', filename: `${who}.png`, content: Buffer.concat([PNG, Buffer.from(who)]) },
      ]);
    const bySam = await addFile('sam');
    expect(bySam.statusCode).toBe(403);
    expect(errorCodes(bySam)).toEqual(['errors.doc.notYourStep']);
    expect((await addFile('dex')).statusCode).toBe(201);

    const capture = async (who: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/doc/ocr',
          headers: h[who],
          payload: { documentKeys: [key] },
        })
      ).json<{ items: { queued: boolean; errors?: { code: string }[] }[] }>().items[0];
    expect(await capture('sam')).toMatchObject({
      queued: false,
      errors: [{ code: 'errors.doc.notYourStep' }],
    });
    // Past the lock, Kim's request meets the next check: there is no main file to read.
    expect(await capture('kim')).toMatchObject({
      queued: false,
      errors: [{ code: 'errors.capture.noMainFile' }],
    });

    const remove = (who: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/doc',
        headers: h[who],
        payload: { keys: [key] },
      });
    const refused = await remove('sam');
    expect(refused.statusCode).toBe(403);
    expect(errorCodes(refused)).toEqual(['errors.doc.notYourStep']);
    expect((await t.app.inject({ url: `/api/doc/${key}`, headers: h.sam })).statusCode).toBe(200);
    expect((await remove('dex')).statusCode).toBe(200);
  });

  it('refuses an import row that would change a document the user may not, and writes nothing', async () => {
    const key = await newDocument();
    const before = await read(key);
    const csv = `key,description\n${key},Imported by Sam\n`;
    const res = await injectMultipart(t, { url: '/api/doc/import', headers: h.sam }, [
      { name: 'file', filename: 'docs.csv', content: Buffer.from(csv), type: 'text/csv' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error[0]).toMatchObject({
      code: 'errors.doc.notYourStep',
      field: 'rows.2',
    });
    expect(await read(key)).toMatchObject({
      version: before.version,
      description: before.description,
    });
  });
});
