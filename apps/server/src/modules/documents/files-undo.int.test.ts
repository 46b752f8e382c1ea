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
import { storedBlobFiles } from '../../../test/blob-count';
import { createBlobStore } from '../../plugins/storage/create-blob-store';
import { sweepOrphans } from '../../plugins/storage/sweep';
import { forgetDeletedFiles, referencedBlobs } from './files.repository';

/**
 * Undo of an action that deleted documents brings their files back whole (issue 22): the same
 * file rows, read back byte for byte through the public links, the old links working again,
 * and the content kept from the blob sweep for as long as the undo can be used.
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

let n = 0;
/** A document with a main PDF, two attachments and one more file added later; each distinct. */
async function documentWithFiles() {
  n++;
  const mark = (content: Buffer) => Buffer.concat([content, Buffer.from(`\n%${n}`)]);
  const files = {
    'invoice.pdf': mark(fixture('sample.pdf')),
    'scan.png': Buffer.concat([fixture('sample.png'), Buffer.from(`${n}`)]),
    'račun.xml': Buffer.from(
      fixture('eslog20_constructed_minimal_invoice.xml').toString().replace('</', `<!--${n}--></`),
    ),
    'notes.txt': Buffer.from(`Opombe ${n}: čšž\n`),
  };
  const upload = await injectMultipart(t, { url: '/api/uploadDoc', headers }, [
    { name: 'main', filename: 'invoice.pdf', content: files['invoice.pdf'] },
    { name: 'attachments', filename: 'scan.png', content: files['scan.png'] },
    { name: 'attachments', filename: 'račun.xml', content: files['račun.xml'] },
    { name: 'json', value: JSON.stringify({ number: `UNDO-${n}` }) },
  ]);
  expect(upload.statusCode, upload.body).toBe(201);
  const doc = upload.json<{ item: TableRecord }>().item;
  const added = await injectMultipart(t, { url: `/api/doc/${doc.key}/file/add`, headers }, [
    { name: 'file', filename: 'notes.txt', content: files['notes.txt'] },
  ]);
  expect(added.statusCode, added.body).toBe(201);
  return { key: doc.key, files, preview: added.json<PreviewInfo>() };
}

async function previewOf(key: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/doc/${key}/preview.info`, headers });
  return res;
}

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

const describeFiles = (preview: PreviewInfo) =>
  preview.files.map((f) => ({
    key: f.key,
    name: f.name,
    size: f.size,
    sha256: f.sha256,
    fileTypeCode: f.fileTypeCode,
    fileType: f.fileType,
  }));

/** The sweep as if every blob were a day old: only what a row (or a kept row) names stays. */
async function sweepEverythingUnreferenced() {
  const store = createBlobStore(t.config);
  return sweepOrphans(store, (ids) => referencedBlobs(t.database.db, ids), {
    olderThan: new Date(Date.now() + 60_000),
  });
}

const remove = (keys: string[]) =>
  t.app.inject({ method: 'DELETE', url: '/api/doc', headers, payload: { keys } });
const undo = (undoId: string) =>
  t.app.inject({ method: 'POST', url: `/api/undo/${undoId}`, headers });

describe('undo of a document delete', () => {
  it('brings back every file byte for byte, under the same keys and links, after a sweep', async () => {
    const doc = await documentWithFiles();
    expect(await readAll(doc.preview)).toEqual(doc.files);
    const before = describeFiles(doc.preview);

    const deleted = await remove([doc.key]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await previewOf(doc.key)).statusCode).toBe(404);
    for (const file of doc.preview.files)
      expect((await t.app.inject({ url: file.url })).statusCode).toBe(404);

    // A sweep in the undo window keeps the deleted files' content.
    expect((await sweepEverythingUnreferenced()).deleted).toBe(0);

    const undone = await undo(deleted.json<{ undoId: string }>().undoId);
    expect(undone.statusCode, undone.body).toBe(200);
    const preview = (await previewOf(doc.key)).json<PreviewInfo>();
    expect(describeFiles(preview)).toEqual(before);
    expect(await readAll(preview)).toEqual(doc.files);
    // The links given before the delete work again.
    expect(await readAll(doc.preview)).toEqual(doc.files);
    // The files' text is searched as before.
    const found = await t.app.inject({ url: '/api/doc?search=Opombe&count=100', headers });
    expect(found.json<{ items: TableRecord[] }>().items.map((d) => d.key)).toContain(doc.key);
  });

  it('brings back the files of every document of a bulk delete, and only the files it deleted', async () => {
    const first = await documentWithFiles();
    const second = await documentWithFiles();
    // A file deleted on its own before is not part of the undo.
    const gone = first.preview.files.find((f) => f.name === 'notes.txt');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/doc/${first.key}/file/${gone?.key ?? ''}`,
      headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const firstFiles = removed.json<PreviewInfo>();

    const deleted = await remove([first.key, second.key]);
    expect(deleted.json<{ deleted: number }>().deleted).toBe(2);
    const undone = await undo(deleted.json<{ undoId: string }>().undoId);
    expect(undone.statusCode, undone.body).toBe(200);

    const firstBack = (await previewOf(first.key)).json<PreviewInfo>();
    expect(describeFiles(firstBack)).toEqual(describeFiles(firstFiles));
    const { 'notes.txt': _, ...firstKept } = first.files;
    expect(await readAll(firstBack)).toEqual(firstKept);
    const secondBack = (await previewOf(second.key)).json<PreviewInfo>();
    expect(describeFiles(secondBack)).toEqual(describeFiles(second.preview));
    expect(await readAll(secondBack)).toEqual(second.files);
  });

  it('lets the sweep take the content once the undo window is over', async () => {
    const doc = await documentWithFiles();
    const blobsBefore = storedBlobFiles(t).length;
    const deleted = await remove([doc.key]);
    expect(deleted.statusCode).toBe(200);
    expect((await sweepEverythingUnreferenced()).deleted).toBe(0);
    // Past the window (as if the rows were kept since before): forgotten, then swept.
    expect(await forgetDeletedFiles(t.database.db, new Date(Date.now() + 60_000))).toBeGreaterThan(
      0,
    );
    expect((await sweepEverythingUnreferenced()).deleted).toBeGreaterThanOrEqual(4);
    expect(storedBlobFiles(t).length).toBeLessThanOrEqual(blobsBefore - 4);
  });
});

describe('undo of an upload', () => {
  it('takes the files it brought, but refuses with 409 once a file was added since', async () => {
    const plain = await injectMultipart(t, { url: '/api/uploadDoc', headers }, [
      {
        name: 'main',
        filename: 'only.pdf',
        content: Buffer.concat([fixture('sample.pdf'), Buffer.from('\n%only')]),
      },
    ]);
    expect(plain.statusCode, plain.body).toBe(201);
    const first = plain.json<{ item: TableRecord; undoId: string }>();
    expect((await undo(first.undoId)).statusCode).toBe(200);
    expect((await previewOf(first.item.key)).statusCode).toBe(404);

    const doc = await injectMultipart(t, { url: '/api/uploadDoc', headers }, [
      {
        name: 'main',
        filename: 'kept.pdf',
        content: Buffer.concat([fixture('sample.pdf'), Buffer.from('\n%kept')]),
      },
    ]);
    const { item, undoId } = doc.json<{ item: TableRecord; undoId: string }>();
    const added = await injectMultipart(t, { url: `/api/doc/${item.key}/file/add`, headers }, [
      { name: 'file', filename: 'later.txt', content: Buffer.from('dodano kasneje') },
    ]);
    expect(added.statusCode, added.body).toBe(201);
    const before = added.json<PreviewInfo>();
    const refused = await undo(undoId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ error: { code: string }[] }>().error.map((e) => e.code)).toEqual([
      'errors.undoChanged',
    ]);
    const after = (await previewOf(item.key)).json<PreviewInfo>();
    expect(describeFiles(after)).toEqual(describeFiles(before));
    expect(Object.values(await readAll(after)).map((b) => b.length)).toEqual(
      before.files.map((f) => f.size),
    );
  });
});

describe('undo of an import', () => {
  it('refuses with 409 once a file was added to an imported document, keeping it whole', async () => {
    const csv = 'number,description\nIMP-1,Uvoženo\n';
    const imported = await injectMultipart(t, { url: '/api/doc/import', headers }, [
      { name: 'file', filename: 'docs.csv', content: Buffer.from(csv), type: 'text/csv' },
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    const { undoId } = imported.json<{ undoId: string }>();
    const list = await t.app.inject({ url: '/api/doc?search=IMP-1', headers });
    const [doc] = list.json<{ items: TableRecord[] }>().items;
    const content = Buffer.concat([fixture('sample.pdf'), Buffer.from('\n%imported')]);
    const added = await injectMultipart(
      t,
      { url: `/api/doc/${doc?.key ?? ''}/file/add`, headers },
      [{ name: 'file', filename: 'k uvozu.pdf', content }],
    );
    expect(added.statusCode, added.body).toBe(201);

    const refused = await undo(undoId);
    expect(refused.statusCode, refused.body).toBe(409);
    const preview = (await previewOf(doc?.key ?? '')).json<PreviewInfo>();
    expect(await readAll(preview)).toEqual({ 'k uvozu.pdf': content });
  });
});
