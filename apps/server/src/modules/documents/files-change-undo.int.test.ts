import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewInfo, TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  injectMultipart,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { createBlobStore } from '../../plugins/storage/create-blob-store';
import { sweepOrphans } from '../../plugins/storage/sweep';
import { referencedBlobs } from './files.repository';

/**
 * spec §4, issue 24: every change of a document's files (add, replace, delete, move between
 * main and attachment, main file) answers an undo id; the undo brings the files back exactly
 * (the same keys, names, places and content byte for byte through their links), and refuses
 * with 409, changing nothing, once the files changed since.
 */
const FIXTURES = path.join(import.meta.dirname, '../files/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const clerk = await createUser(t);
  const org = await createOrganization(t, { [clerk.id]: ['dataentry'] });
  headers = await memberHeaders(t, clerk, org);
});
afterAll(() => t.close());

type Changed = PreviewInfo & { undoId: string };

let n = 0;
/** A document with a main PDF and two attachments (a PDF and a text), each distinct. */
async function documentWithFiles() {
  n++;
  const files = {
    'invoice.pdf': Buffer.concat([fixture('sample.pdf'), Buffer.from(`\n%${n}`)]),
    'second.pdf': Buffer.concat([fixture('sample.pdf'), Buffer.from(`\n%second ${n}`)]),
    'notes.txt': Buffer.from(`Opombe ${n}: čšž\n`),
  };
  const upload = await injectMultipart(t, { url: '/api/uploadDoc', headers }, [
    { name: 'main', filename: 'invoice.pdf', content: files['invoice.pdf'] },
    { name: 'attachments', filename: 'second.pdf', content: files['second.pdf'] },
    { name: 'attachments', filename: 'notes.txt', content: files['notes.txt'] },
    { name: 'json', value: JSON.stringify({ number: `FILE-UNDO-${n}` }) },
  ]);
  expect(upload.statusCode, upload.body).toBe(201);
  const key = upload.json<{ item: TableRecord }>().item.key;
  return { key, files, preview: await previewOf(key) };
}

async function previewOf(key: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/doc/${key}/preview.info`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PreviewInfo>();
}

const describeFiles = (preview: PreviewInfo) =>
  preview.files
    .map((f) => ({ key: f.key, name: f.name, sha256: f.sha256, fileTypeCode: f.fileTypeCode }))
    .sort((a, b) => a.key.localeCompare(b.key));

/** Every file of the preview, read through its public link: name to bytes. */
async function readAll(preview: PreviewInfo) {
  const read: Record<string, Buffer> = {};
  for (const file of preview.files) {
    const res = await t.app.inject({ url: file.downloadUrl });
    expect(res.statusCode, `${file.name}: ${res.body}`).toBe(200);
    read[file.name] = res.rawPayload;
  }
  return read;
}

const undo = (undoId: string) =>
  t.app.inject({ method: 'POST', url: `/api/undo/${undoId}`, headers });

const fileKey = (preview: PreviewInfo, name: string) =>
  preview.files.find((f) => f.name === name)?.key ?? '';

/** The five file changes, each on a fresh document; answers the change's response. */
const changes: Record<
  'add' | 'replace' | 'delete' | 'move' | 'main file',
  (doc: Awaited<ReturnType<typeof documentWithFiles>>) => Promise<{
    statusCode: number;
    body: string;
    json: <T>() => T;
  }>
> = {
  add: (doc) =>
    injectMultipart(t, { url: `/api/doc/${doc.key}/file/add`, headers }, [
      { name: 'file', filename: 'more.txt', content: Buffer.from(`Še ena ${n}\n`) },
    ]),
  replace: (doc) =>
    injectMultipart(
      t,
      {
        url: `/api/doc/${doc.key}/file/${fileKey(doc.preview, 'notes.txt')}`,
        method: 'PUT',
        headers,
      },
      [{ name: 'file', filename: 'new-notes.txt', content: Buffer.from(`Nove opombe ${n}\n`) }],
    ),
  delete: (doc) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/doc/${doc.key}/file/${fileKey(doc.preview, 'invoice.pdf')}`,
      headers,
    }),
  move: (doc) =>
    t.app.inject({
      method: 'POST',
      url: `/api/doc/${doc.key}/file/${fileKey(doc.preview, 'invoice.pdf')}/move`,
      headers,
      payload: { fileTypeCode: 'attachment' },
    }),
  'main file': (doc) =>
    t.app.inject({
      method: 'POST',
      url: `/api/doc/${doc.key}/mainfile`,
      headers,
      payload: { fileKey: fileKey(doc.preview, 'second.pdf') },
    }),
};

describe('undo of a change of a document’s files', () => {
  for (const [name, change] of Object.entries(changes)) {
    it(`${name}: the undo puts the files back exactly as they were, content and main file`, async () => {
      const doc = await documentWithFiles();
      const before = describeFiles(doc.preview);
      const changed = await change(doc);
      expect(changed.statusCode, changed.body).toBeLessThan(300);
      const answer = changed.json<Changed>();
      expect(answer.undoId).toMatch(/^[0-9a-f-]{36}$/);
      // The change happened: the files the answer lists are the document's files now.
      expect(describeFiles(answer)).not.toEqual(before);
      expect(describeFiles(await previewOf(doc.key))).toEqual(describeFiles(answer));

      // A sweep in the undo window keeps content the change replaced or removed.
      const store = createBlobStore(t.config);
      await sweepOrphans(store, (ids) => referencedBlobs(t.database.db, ids), {
        olderThan: new Date(Date.now() + 60_000),
      });

      const undone = await undo(answer.undoId);
      expect(undone.statusCode, undone.body).toBe(200);
      const back = await previewOf(doc.key);
      expect(describeFiles(back)).toEqual(before);
      expect(back.documents).toEqual(doc.preview.documents);
      expect(await readAll(back)).toEqual(doc.files);
      // The links given out before the change work again.
      expect(await readAll(doc.preview)).toEqual(doc.files);

      // Once is all: a second undo is refused and changes nothing.
      const again = await undo(answer.undoId);
      expect(again.statusCode).toBe(409);
      expect(describeFiles(await previewOf(doc.key))).toEqual(before);
    });
  }

  it('refuses with 409 and changes nothing when the files changed since', async () => {
    const doc = await documentWithFiles();
    const moved = await changes.move(doc);
    expect(moved.statusCode, moved.body).toBe(200);
    const later = await changes['main file'](doc);
    expect(later.statusCode, later.body).toBe(200);
    const now = describeFiles(later.json<Changed>());
    const refused = await undo(moved.json<Changed>().undoId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string }[] }>().error[0]?.code).toBe('errors.undoChanged');
    expect(describeFiles(await previewOf(doc.key))).toEqual(now);
    // The later change is still undoable, and then the earlier one is too.
    expect((await undo(later.json<Changed>().undoId)).statusCode).toBe(200);
    expect((await undo(moved.json<Changed>().undoId)).statusCode).toBe(200);
    expect(describeFiles(await previewOf(doc.key))).toEqual(describeFiles(doc.preview));
  });

  it('refuses with 409 once the document is deleted', async () => {
    const doc = await documentWithFiles();
    const added = await changes.add(doc);
    expect(added.statusCode, added.body).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/doc',
      headers,
      payload: { keys: [doc.key] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const refused = await undo(added.json<Changed>().undoId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string }[] }>().error[0]?.code).toBe('errors.undoChanged');
  });

  it('records the change in the document’s history', async () => {
    const doc = await documentWithFiles();
    const deleted = await changes.delete(doc);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const history = await t.database.db
      .selectFrom('audit_log' as never)
      .selectAll()
      .where('record_key' as never, '=', doc.key as never)
      .execute();
    const entry = (
      history as {
        action: string;
        changes: { field: string; before: string[]; after: string[] }[];
      }[]
    ).find((h) => h.action === 'update');
    expect(entry?.changes[0]?.field).toBe('files');
    expect(entry?.changes[0]?.before).toContain('invoice.pdf (main)');
    expect(entry?.changes[0]?.after).not.toContain('invoice.pdf (main)');
  });
});
