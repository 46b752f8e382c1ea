import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewInfo, TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  memberHeaders,
  injectMultipart,
  type FormPart,
  type TestApp,
} from '../../../test/factories';
import { createBlobStore } from '../../plugins/storage/create-blob-store';
import { sweepOrphans } from '../../plugins/storage/sweep';
import { createFileLinks, loadLinkSecret } from './file-links';
import { referencedBlobs } from './files.repository';

/**
 * Document files end to end through the API (issue 5): intake from files, the checks on
 * content, names and size that store nothing, signed links, and the file calls.
 */
const FIXTURES = path.join(import.meta.dirname, '../files/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const PDF = fixture('sample.pdf');
const PNG = fixture('sample.png');
const XML = fixture('eslog20_constructed_minimal_invoice.xml');
/** 2 KB per file at most here, so that a larger one is easy to make. */
const FILE_LIMIT = 4096;

let t: TestApp;
let headers: Record<string, string>;
let approverHeaders: Record<string, string>;
let foreignHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    FILE_LIMIT_BYTES: String(FILE_LIMIT),
    REQUEST_FILES_LIMIT_BYTES: '6000',
  });
  const clerk = await createUser(t);
  const approver = await createUser(t);
  const stranger = await createUser(t);
  const org = await createOrganization(t, {
    [clerk.id]: ['dataentry'],
    [approver.id]: ['approver'],
  });
  const foreign = await createOrganization(t, { [stranger.id]: ['orgadmin'] });
  headers = await memberHeaders(t, clerk, org);
  approverHeaders = await memberHeaders(t, approver, org);
  foreignHeaders = await memberHeaders(t, stranger, foreign);
});
afterAll(() => t.close());

/** Every file under DATA_DIR/blobs (blobs and spool files alike). */
function storedFiles(): string[] {
  const root = path.join(t.config.dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

const send = (method: 'POST' | 'PUT', url: string, parts: FormPart[], h = headers) =>
  injectMultipart(t, { method, url, headers: h }, parts);

let n = 1;
const fields = (extra: object = {}) => ({
  name: 'json',
  value: JSON.stringify({ number: `U-${n++}`, ...extra }),
});

async function upload(parts: FormPart[], query = '', h = headers) {
  const res = await send('POST', `/api/uploadDoc${query}`, parts, h);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord; undoId: string; preview: PreviewInfo }>();
}

const docCount = async () =>
  (await t.app.inject({ url: '/api/doc?count=1000', headers })).json<{ items: unknown[] }>().items
    .length;

describe('POST /api/uploadDoc', () => {
  it('makes a draft of a main file, an attachment and the json fields, files behind signed links', async () => {
    const { item, preview } = await upload([
      { name: 'attachments', filename: 'Priloga čšž.png', content: PNG },
      { name: 'main', filename: 'račun.pdf', content: PDF },
      fields({ description: 'Iz nalaganja' }),
    ]);
    expect(item).toMatchObject({ status: 'draft', description: 'Iz nalaganja' });
    expect(preview.files.map((f) => [f.name, f.fileTypeCode, f.fileType])).toEqual([
      ['račun.pdf', 'main', 'pdf'],
      ['Priloga čšž.png', 'attachment', 'png'],
    ]);
    expect(preview.documents).toEqual([preview.files[0]?.key]);
    const [main] = preview.files;
    const shown = await t.app.inject({ url: main?.url ?? '' });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(PDF)).toBe(true);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toMatch(
      /^inline; filename="racun.pdf"; filename\*=UTF-8''ra%C4%8Dun.pdf$/,
    );
    const saved = await t.app.inject({ url: main?.downloadUrl ?? '' });
    expect(saved.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses a file whose content is not what its name says, and stores nothing', async () => {
    const [before, docs] = [storedFiles(), await docCount()];
    const res = await send('POST', '/api/uploadDoc', [
      { name: 'main', filename: 'invoice.pdf', content: PNG },
      fields(),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual([
      expect.objectContaining({ code: 'files.typeMismatch', field: 'main' }),
    ]);
    expect(storedFiles()).toEqual(before);
    expect(await docCount()).toBe(docs);
  });

  it('refuses a file over the limit with 413, and stores nothing, not even part of it', async () => {
    const [before, docs] = [storedFiles(), await docCount()];
    const big = Buffer.concat([PDF, Buffer.alloc(FILE_LIMIT, 0x20)]);
    const res = await send('POST', '/api/uploadDoc', [
      { name: 'main', filename: 'big.pdf', content: big },
      fields(),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error[0]).toMatchObject({
      code: 'files.tooLarge',
      parameters: ['0,1', '0,0', 'big.pdf'],
      field: 'main',
    });
    expect(storedFiles()).toEqual(before);
    expect(await docCount()).toBe(docs);
  });

  it('keeps only the last part of a path-like name', async () => {
    const { preview } = await upload([
      {
        name: 'main',
        filename: '../../etc/passwd.pdf',
        content: Buffer.concat([PDF, Buffer.from('\n%1')]),
      },
      fields(),
    ]);
    expect(preview.files[0]?.name).toBe('passwd.pdf');
  });

  it('warns that the organisation has the file already, naming the document, and goes on when told', async () => {
    const content = Buffer.concat([PDF, Buffer.from('\n%same')]);
    const first = await upload([
      { name: 'main', filename: 'a.pdf', content },
      fields({ number: 'DUP-1' }),
    ]);
    const again = await send('POST', '/api/uploadDoc', [
      { name: 'main', filename: 'b.pdf', content },
      fields(),
    ]);
    expect(again.statusCode).toBe(400);
    expect(again.json().warning).toEqual([
      expect.objectContaining({
        code: 'files.sameFileInDocument',
        parameters: ['b.pdf', 'DUP-1'],
        msg: 'b.pdf is already a file of document DUP-1.',
        field: 'main',
      }),
    ]);
    const forced = await upload(
      [{ name: 'main', filename: 'b.pdf', content }, fields()],
      '?ignoreWarnings=true',
    );
    expect(forced.preview.files[0]?.sha256).toBe(first.preview.files[0]?.sha256);
  });

  it('refuses a member who may not write before storing anything, and two main files', async () => {
    const before = storedFiles();
    const content = Buffer.concat([PDF, Buffer.from('\n%approver')]);
    const res = await send(
      'POST',
      '/api/uploadDoc',
      [{ name: 'main', filename: 'x.pdf', content }],
      approverHeaders,
    );
    expect(res.statusCode).toBe(403);
    expect(storedFiles()).toEqual(before);
    const two = await send('POST', '/api/uploadDoc', [
      { name: 'main', filename: 'x.pdf', content },
      { name: 'main', filename: 'y.pdf', content: Buffer.concat([PDF, Buffer.from('\n%y')]) },
    ]);
    expect(errorCodes(two)).toEqual(['files.oneMainFile']);
    const json = await send('POST', '/api/uploadDoc', [{ name: 'json', value: '[1' }]);
    expect(json.json().error[0]).toMatchObject({ code: 'files.badJsonPart', field: 'json' });
  });

  it('answers a body that is not multipart with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploadDoc',
      headers,
      payload: { number: 'x' },
    });
    expect(res.statusCode).toBe(415);
    expect(errorCodes(res)).toEqual(['files.notMultipart']);
  });
});

describe("a document's files", () => {
  it('adds, makes main, moves and deletes files, answering the new preview each time', async () => {
    const { item } = await upload([
      { name: 'main', filename: 'main.pdf', content: Buffer.concat([PDF, Buffer.from('\n%m')]) },
      fields(),
    ]);
    const base = `/api/doc/${item.key}`;
    const added = await send('POST', `${base}/file/add`, [
      { name: 'file', filename: 'e-račun.xml', content: XML },
    ]);
    expect(added.statusCode, added.body).toBe(201);
    const xml = added.json<PreviewInfo>().files.find((f) => f.name === 'e-račun.xml');
    expect(xml).toMatchObject({ fileTypeCode: 'attachment', fileType: 'einvoice-xml' });
    const main = await t.app.inject({
      method: 'POST',
      url: `${base}/mainfile`,
      headers,
      payload: { fileKey: xml?.key },
    });
    expect(main.json<PreviewInfo>().files.map((f) => [f.name, f.fileTypeCode])).toEqual([
      ['e-račun.xml', 'main'],
      ['main.pdf', 'attachment'],
    ]);
    const png = await send('POST', `${base}/file/add`, [
      { name: 'file', filename: 'slika.png', content: Buffer.concat([PNG, Buffer.from('slika')]) },
    ]);
    const pngKey = png.json<PreviewInfo>().files.find((f) => f.name === 'slika.png')?.key;
    const moved = await t.app.inject({
      method: 'POST',
      url: `${base}/file/${pngKey}/move`,
      headers,
      payload: { fileTypeCode: 'main' },
    });
    expect(moved.json<PreviewInfo>().documents).toEqual([pngKey]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${base}/file/${pngKey}`,
      headers,
    });
    // The png had made the e-invoice an attachment: now both are, in the order they came.
    expect(deleted.json<PreviewInfo>()).toMatchObject({ documents: [] });
    expect(deleted.json<PreviewInfo>().files.map((f) => f.name)).toEqual([
      'main.pdf',
      'e-račun.xml',
    ]);
  });

  it('replaces a file in its place, and keeps a main file one of the main kinds', async () => {
    const { item, preview } = await upload([
      { name: 'main', filename: 'old.pdf', content: Buffer.concat([PDF, Buffer.from('\n%old')]) },
      fields(),
    ]);
    const key = preview.files[0]?.key;
    const replaced = await send('PUT', `/api/doc/${item.key}/file/${key}`, [
      { name: 'file', filename: 'new.png', content: Buffer.concat([PNG, Buffer.from('new')]) },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<PreviewInfo>().files).toEqual([
      expect.objectContaining({ key, name: 'new.png', fileTypeCode: 'main', fileType: 'png' }),
    ]);
    const docx = await send('PUT', `/api/doc/${item.key}/file/${key}`, [
      { name: 'file', filename: 'x.docx', content: fixture('sample.docx') },
    ]);
    expect(docx.statusCode).toBe(400);
    expect(errorCodes(docx)).toEqual(['files.notAMainFile']);
  });

  it("answers 404 for an unknown file and for another organisation's document, changing nothing", async () => {
    const { item } = await upload([
      { name: 'main', filename: 'own.pdf', content: Buffer.concat([PDF, Buffer.from('\n%own')]) },
      fields(),
    ]);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: `/api/doc/${item.key}/file/01890a5d-ac96-774b-bcce-b302099a8057`,
      headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorCodes(unknown)).toEqual(['files.fileNotFound']);
    const add = await send(
      'POST',
      `/api/doc/${item.key}/file/add`,
      [{ name: 'file', filename: 'x.png', content: PNG }],
      foreignHeaders,
    );
    expect(add.statusCode).toBe(404);
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/doc/${item.key}/preview.info`,
      headers: foreignHeaders,
    });
    expect(theirs.statusCode).toBe(404);
    const info = await t.app.inject({
      method: 'POST',
      url: `/api/doc/${item.key}/preview.info`,
      headers,
    });
    expect(info.json<PreviewInfo>().files).toHaveLength(1);
  });
});

describe('signed file links', () => {
  it('refuse an expired link with 403 and a tampered one with 404', async () => {
    const { preview } = await upload([
      { name: 'main', filename: 'l.pdf', content: Buffer.concat([PDF, Buffer.from('\n%l')]) },
      fields(),
    ]);
    const file = preview.files[0];
    if (!file) throw new Error('no file');
    const secret = await loadLinkSecret(t.database.db);
    const organizationId = (
      await t.database.db
        .selectFrom('organization')
        .select('id')
        .where('key', '=', headers['organization-id'] ?? '')
        .executeTakeFirstOrThrow()
    ).id;
    const old = createFileLinks(secret, () => Date.now() - 3_600_000).sign({
      organizationId,
      fileKey: file.key,
      download: false,
    });
    const expired = await t.app.inject({ url: `/api/file/${old.token}` });
    expect(expired.statusCode).toBe(403);
    expect(errorCodes(expired)).toEqual(['files.linkExpired']);
    const token = file.url.split('/').pop() ?? '';
    const [payload = '', signature = ''] = token.split('.');
    const forged = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace(/^\d+/, '999'),
    ).toString('base64url');
    // One character of the signature changed (a signature that began with x would stay valid).
    const tampered = `${signature.startsWith('x') ? 'y' : 'x'}${signature.slice(1)}`;
    for (const bad of [`${forged}.${signature}`, `${payload}.${tampered}`, 'nonsense']) {
      const res = await t.app.inject({ url: `/api/file/${bad}` });
      expect(res.statusCode, bad).toBe(404);
    }
  });
});

describe('the blob sweep', () => {
  it("deletes contents no organisation's file names, and keeps every file's content", async () => {
    const { preview } = await upload([
      { name: 'main', filename: 'kept.pdf', content: Buffer.concat([PDF, Buffer.from('\n%kept')]) },
      fields(),
    ]);
    const blobs = createBlobStore(t.config);
    const orphan = await blobs.put(Buffer.from('left behind by a refused upload'));
    const result = await sweepOrphans(blobs, (ids) => referencedBlobs(t.database.db, ids), {
      olderThan: new Date(Date.now() + 60_000),
    });
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await blobs.stat(orphan.id)).toBeUndefined();
    for (const file of preview.files) expect(await blobs.stat(file.sha256)).toBeDefined();
  });
});

describe('POST /api/doc/download', () => {
  const download = (mode: string, keys: string[], h = headers) =>
    t.app.inject({
      method: 'POST',
      url: `/api/doc/download?mode=${mode}`,
      headers: h,
      payload: { keys },
    });

  it('sends one main file as it is, a zip of three documents, and their main files as one PDF', async () => {
    const made = [];
    for (const name of ['Dl-ena', 'Dl-dve', 'Dl-tri']) {
      const content = Buffer.concat([PDF, Buffer.from(`\n%${name}`)]);
      made.push({
        content,
        doc: await upload([
          { name: 'main', filename: `${name}.pdf`, content },
          fields({ number: name }),
        ]),
      });
    }
    const keys = made.map((m) => m.doc.item.key);
    const original = await download('original', keys.slice(0, 1));
    expect(original.statusCode, original.body).toBe(200);
    expect(original.rawPayload.equals(made[0]?.content ?? Buffer.alloc(0))).toBe(true);
    expect(original.headers['content-disposition']).toContain('filename="Dl-ena.pdf"');

    const zip = await download('zip', keys);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /filename="documents-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const archive = await JSZip.loadAsync(zip.rawPayload);
    const names = Object.keys(archive.files)
      .filter((n) => !archive.files[n]?.dir)
      .sort();
    expect(names).toEqual(['Dl-dve/Dl-dve.pdf', 'Dl-ena/Dl-ena.pdf', 'Dl-tri/Dl-tri.pdf']);
    const entry = await archive.file('Dl-tri/Dl-tri.pdf')?.async('nodebuffer');
    expect(entry?.equals(made[2]?.content ?? Buffer.alloc(0))).toBe(true);

    const two = await download('original', keys.slice(0, 2));
    expect(two.statusCode).toBe(400);
    expect(errorCodes(two)).toEqual(['download.oneDocumentForOriginal']);
  });

  it("answers unknown and other organisations' documents with 404 in JSON, sending nothing", async () => {
    const { item } = await upload([
      { name: 'main', filename: 'mine.pdf', content: Buffer.concat([PDF, Buffer.from('\n%mine')]) },
      fields(),
    ]);
    const foreign = await download('zip', [item.key], foreignHeaders);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/json');
    expect(errorCodes(foreign)).toEqual(['errors.recordNotFound']);
    expect((await download('zip', [])).statusCode).toBe(400);
  });
});
