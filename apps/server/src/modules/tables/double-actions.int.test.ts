import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewInfo, TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  uploadDocument,
  type TestApp,
} from '../../../test/factories';
import { codesOf, injectAtOnce, statusCounts, type Answer } from '../../../test/concurrency';

/**
 * Issue 22, double actions on records and files: a create of the same code, a saved filter,
 * a file made the main one, moved or removed, each sent 20 times at once, leave the data as
 * one request would; the others answer 409 or 404 in words (or a 200 that changed nothing),
 * never 500.
 */
const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../files/fixtures', name));
const PNG = fixture('sample.png');
const JPEG = fixture('sample.jpg');
const TIMES = 20;
let t: TestApp;
let h: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const boss = await createUser(t);
  const org = await createOrganization(t, { [boss.id]: ['orgadmin'] });
  h = await memberHeaders(t, boss, org);
});
afterAll(() => t.close());

const atOnce = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAtOnce(t, TIMES, { method, url, headers: h, payload });

const noServerErrors = (answers: Answer[]) =>
  expect(answers.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([]);

/** POST /api/doc/{key}/file/add of one JPEG attachment. */
const addFile = (key: string) => ({
  method: 'POST' as const,
  url: `/api/doc/${key}/file/add`,
  headers: { ...h, 'content-type': 'multipart/form-data; boundary=b' },
  payload: Buffer.concat([
    Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="priloga.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    ),
    JPEG,
    Buffer.from('\r\n--b--\r\n'),
  ]),
});

/** A document with a main file and an attachment; its preview data. */
async function documentWithFiles(): Promise<PreviewInfo> {
  const res = await uploadDocument(
    t,
    h,
    { filename: 'racun.png', content: PNG, type: 'image/png' },
    {},
    { ignoreWarnings: true },
  );
  expect(res.statusCode, res.body).toBe(201);
  const key = res.json<{ item: TableRecord }>().item.key;
  const added = await t.app.inject(addFile(key));
  expect(added.statusCode, added.body).toBe(201);
  return preview(key);
}

async function preview(key: string): Promise<PreviewInfo> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/doc/${key}/preview.info`,
    headers: h,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PreviewInfo>();
}

describe('record and file calls sent many times at once', () => {
  it('creates one code-list record of a code; the others are told the code is taken', async () => {
    const answers = await atOnce('POST', '/api/cl/documentType', {
      code: 'TWICE',
      name: 'Twice',
      nameSl: 'Dvakrat',
      isActive: true,
    });
    noServerErrors(answers);
    // Taken, said on the code (400), or, when both passed that check at the same moment on
    // PostgreSQL, saved meanwhile (409).
    expect(statusCounts(answers)[201]).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 201))
      expect([
        [400, 'errors.duplicateValue'],
        [409, 'errors.savedMeanwhile'],
      ]).toContainEqual([answer.status, codesOf(answer)[0]]);
    const list = await t.app.inject({ url: '/api/cl/documentType?count=100', headers: h });
    const twice = list.json<{ items: TableRecord[] }>().items.filter((i) => i.code === 'TWICE');
    expect(twice.length).toBe(1);
  });

  it('saves one saved filter', async () => {
    const answers = await atOnce('PUT', '/api/savedFilter/doc', { filter: ['status:draft'] });
    noServerErrors(answers);
    expect(statusCounts(answers)).toEqual({ 200: TIMES });
    const saved = await t.app.inject({ url: '/api/savedFilter/doc', headers: h });
    expect(saved.json()).toMatchObject({ filter: ['status:draft'] });
  });

  it('makes a file the main one once, moves it once and removes it once', async () => {
    const info = await documentWithFiles();
    const attachment = info.attachments[0] ?? '';
    const made = await atOnce('POST', `/api/doc/${info.documentKey}/mainfile`, {
      fileKey: attachment,
    });
    noServerErrors(made);
    const moved = await atOnce('POST', `/api/doc/${info.documentKey}/file/${attachment}/move`, {
      fileTypeCode: 'attachment',
    });
    noServerErrors(moved);
    const removed = await atOnce('DELETE', `/api/doc/${info.documentKey}/file/${attachment}`);
    expect(statusCounts(removed)).toEqual({ 200: 1, 404: TIMES - 1 });
    for (const answer of removed.filter((a) => a.status === 404))
      expect(codesOf(answer)).toEqual(['files.fileNotFound']);
    const after = await preview(info.documentKey);
    expect(after.files.map((f) => f.key)).not.toContain(attachment);
    expect(after.files.length).toBe(info.files.length - 1);
  });

  it('adds a file once: the others are told it is there already', async () => {
    const uploaded = await uploadDocument(
      t,
      h,
      { filename: 'racun.png', content: PNG, type: 'image/png' },
      {},
      { ignoreWarnings: true },
    );
    const key = uploaded.json<{ item: TableRecord }>().item.key;
    const answers = await injectAtOnce(t, TIMES, addFile(key));
    noServerErrors(answers);
    expect(statusCounts(answers)[201]).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 201))
      expect([
        [409, 'files.alreadyInThisDocument'],
        [409, 'errors.savedMeanwhile'],
      ]).toContainEqual([answer.status, codesOf(answer)[0]]);
    expect((await preview(key)).attachments.length).toBe(1);
  });
});
