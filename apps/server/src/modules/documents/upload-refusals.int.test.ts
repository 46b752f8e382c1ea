import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewInfo, TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  injectMultipart,
  memberHeaders,
  type FormPart,
  type TestApp,
} from '../../../test/factories';
import { expectNoNewBlobs, storedBlobFiles } from '../../../test/blob-count';

/**
 * A refused upload leaves nothing in the blob store (issue 22), on every upload route and for
 * every reason: too many or too large files, a bad file next to good ones, a document that is
 * another organisation's or archived, a member who may not write, fields that do not
 * validate, a warning, a part the parser could not read. Files stored before the refusal are
 * removed before the answer, unless a row names their content.
 */
const FIXTURES = path.join(import.meta.dirname, '../files/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const PDF = fixture('sample.pdf');
const PNG = fixture('sample.png');
const FILE_LIMIT = 4096;
const REQUEST_LIMIT = 16_000;

let t: TestApp;
let headers: Record<string, string>;
let approverHeaders: Record<string, string>;
let foreignHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    FILE_LIMIT_BYTES: String(FILE_LIMIT),
    REQUEST_FILES_LIMIT_BYTES: String(REQUEST_LIMIT),
  });
  const clerk = await createUser(t);
  const approver = await createUser(t);
  const stranger = await createUser(t);
  const org = await createOrganization(t, {
    [clerk.id]: ['dataentry', 'accountant'],
    [approver.id]: ['approver'],
  });
  const foreign = await createOrganization(t, { [stranger.id]: ['orgadmin'] });
  headers = await memberHeaders(t, clerk, org);
  approverHeaders = await memberHeaders(t, approver, org);
  foreignHeaders = await memberHeaders(t, stranger, foreign);
});
afterAll(() => t.close());

let n = 0;
/** A PDF no other test sends: its content is new to the store. */
const freshPdf = (size = 0) =>
  Buffer.concat([PDF, Buffer.from(`\n%fresh ${n++}\n`), Buffer.alloc(size, 0x20)]);
const freshPng = () => Buffer.concat([PNG, Buffer.from(`fresh ${n++}`)]);

const send = (url: string, parts: FormPart[], h = headers, method: 'POST' | 'PUT' = 'POST') =>
  injectMultipart(t, { method, url, headers: h }, parts);

async function documentWithFile(h = headers) {
  const res = await send(
    '/api/uploadDoc',
    [
      { name: 'main', filename: 'main.pdf', content: freshPdf() },
      { name: 'json', value: JSON.stringify({ number: `R-${n++}` }) },
    ],
    h,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord; preview: PreviewInfo }>();
}

/** A refusal with this status and these message codes, leaving the blob store as it was. */
async function expectRefused(
  name: string,
  request: () => Promise<{ statusCode: number; body: string; json: <T>() => T }>,
  status: number,
  codes: string[],
) {
  const res = await expectNoNewBlobs(t, request, name);
  expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
  const { error, warning } = res.json<{ error: { code: string }[]; warning: { code: string }[] }>();
  expect(
    [...error, ...warning].map((m) => m.code),
    name,
  ).toEqual(codes);
}

describe('POST /api/uploadDoc refused', () => {
  it('keeps none of 21 files refused as too many', async () => {
    const parts: FormPart[] = Array.from({ length: 21 }, (_, i) => ({
      name: i === 0 ? 'main' : 'attachments',
      filename: `f${i}.pdf`,
      content: freshPdf(),
    }));
    await expectRefused('21 files', () => send('/api/uploadDoc', parts), 400, ['files.tooMany']);
  });

  it('keeps none of five files refused as too large, per file or all together', async () => {
    const large = Array.from({ length: 5 }, (_, i) => ({
      name: i === 0 ? 'main' : 'attachments',
      filename: `big${i}.pdf`,
      content: freshPdf(3_000),
    }));
    await expectRefused(
      'five files over the request limit',
      () => send('/api/uploadDoc', large),
      413,
      ['files.requestTooLarge'],
    );
    const lastTooLarge = [
      { name: 'main', filename: 'ok.pdf', content: freshPdf() },
      { name: 'attachments', filename: 'big.pdf', content: freshPdf(FILE_LIMIT) },
    ];
    await expectRefused(
      'a file over its limit after a good one',
      () => send('/api/uploadDoc', lastTooLarge),
      413,
      ['files.tooLarge'],
    );
  });

  it('keeps the good file of a request refused for a bad one, or for its fields', async () => {
    const good = { name: 'main', filename: 'good.pdf', content: freshPdf() };
    await expectRefused(
      'a wrong type next to a good file',
      () =>
        send('/api/uploadDoc', [
          good,
          { name: 'attachments', filename: 'x.pdf', content: freshPng() },
        ]),
      400,
      ['files.typeMismatch'],
    );
    await expectRefused(
      'two main files',
      () =>
        send('/api/uploadDoc', [good, { ...good, filename: 'second.pdf', content: freshPdf() }]),
      400,
      ['files.oneMainFile'],
    );
    await expectRefused(
      'a json part that is not JSON',
      () => send('/api/uploadDoc', [good, { name: 'json', value: '[1' }]),
      400,
      ['files.badJsonPart'],
    );
    const invalid = await expectNoNewBlobs(t, () =>
      send('/api/uploadDoc', [
        good,
        { name: 'json', value: JSON.stringify({ issueDate: 'soon' }) },
      ]),
    );
    expect(invalid.statusCode, invalid.body).toBe(400);
    expect(errorCodes(invalid).length).toBeGreaterThan(0);
  });

  it('keeps a new attachment of an upload refused with a warning on its main file', async () => {
    const existing = await documentWithFile();
    const [file] = existing.preview.files;
    const content = (await t.app.inject({ url: file?.downloadUrl ?? '' })).rawPayload;
    await expectRefused(
      'a duplicate main file',
      () =>
        send('/api/uploadDoc', [
          { name: 'main', filename: 'again.pdf', content },
          { name: 'attachments', filename: 'new.png', content: freshPng() },
        ]),
      400,
      ['files.sameFileInDocument'],
    );
    // The content another document names is still there.
    expect((await t.app.inject({ url: file?.downloadUrl ?? '' })).rawPayload).toEqual(content);
  });

  it('stores nothing for a member who may not write, or a part the parser could not read', async () => {
    await expectRefused(
      'a member who may not write',
      () =>
        send(
          '/api/uploadDoc',
          [{ name: 'main', filename: 'x.pdf', content: freshPdf() }],
          approverHeaders,
        ),
      403,
      ['errors.noWriteRight'],
    );
    const boundary = 'refusal-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="main"; filename="ok.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      freshPdf(),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="attachments"; ` +
          `filename*=UTF-8''a%0D%0Ab.pdf\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      freshPdf(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await expectRefused(
      'a file name with a line break after a good file',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/uploadDoc',
          headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        }),
      400,
      ['files.unreadablePart'],
    );
  });
});

describe("a document's file calls refused", () => {
  it('file/add keeps nothing for a foreign, archived or wrong document, or a wrong file', async () => {
    const own = await documentWithFile();
    const url = `/api/doc/${own.item.key}/file/add`;
    const file = () => ({ name: 'file', filename: 'x.pdf', content: freshPdf() });
    await expectRefused('a foreign document', () => send(url, [file()], foreignHeaders), 404, [
      'errors.recordNotFound',
    ]);
    await expectRefused(
      'an unknown document',
      () => send('/api/doc/01890a5d-ac96-774b-bcce-b302099a8057/file/add', [file()]),
      404,
      ['errors.recordNotFound'],
    );
    await expectRefused(
      'text as the main file',
      () =>
        send(url, [
          { name: 'file', filename: 'a.txt', content: Buffer.from(`text ${n++}`) },
          { name: 'fileTypeCode', value: 'main' },
        ]),
      400,
      ['files.notAMainFile'],
    );
    await expectRefused('two files', () => send(url, [file(), file()]), 400, ['files.oneFile']);
    const archived = await documentWithFile();
    await sql`update doc set status = 'archived' where key = ${archived.item.key}`.execute(
      t.database.db,
    );
    const locked = await expectNoNewBlobs(t, () =>
      send(`/api/doc/${archived.item.key}/file/add`, [file()]),
    );
    expect(locked.statusCode, locked.body).toBeGreaterThanOrEqual(400);
    expect(locked.statusCode, locked.body).toBeLessThan(500);
  });

  it('a replace keeps nothing for a foreign, archived or unknown place, or a wrong kind', async () => {
    const own = await documentWithFile();
    const main = own.preview.files[0]?.key ?? '';
    const url = `/api/doc/${own.item.key}/file/${main}`;
    const file = () => ({ name: 'file', filename: 'x.pdf', content: freshPdf() });
    await expectRefused(
      'a foreign document',
      () => send(url, [file()], foreignHeaders, 'PUT'),
      404,
      ['errors.recordNotFound'],
    );
    await expectRefused(
      'an unknown file',
      () =>
        send(
          `/api/doc/${own.item.key}/file/01890a5d-ac96-774b-bcce-b302099a8057`,
          [file()],
          headers,
          'PUT',
        ),
      404,
      ['files.fileNotFound'],
    );
    await expectRefused(
      'text in the main file’s place',
      () =>
        send(
          url,
          [{ name: 'file', filename: 'a.txt', content: Buffer.from(`t ${n++}`) }],
          headers,
          'PUT',
        ),
      400,
      ['files.notAMainFile'],
    );
    await sql`update doc set status = 'archived' where key = ${own.item.key}`.execute(
      t.database.db,
    );
    const locked = await expectNoNewBlobs(t, () => send(url, [file()], headers, 'PUT'));
    expect(locked.statusCode, locked.body).toBeGreaterThanOrEqual(400);
    expect(locked.statusCode, locked.body).toBeLessThan(500);
  });
});

describe('the other upload routes refused', () => {
  it('table import, payment orders and statements store no blob', async () => {
    const csv = Buffer.from('nonsense;columns\r\n1;2\r\n');
    for (const [url, field] of [
      ['/api/cl/partner/import', 'file'],
      ['/api/payOrder/upload', 'files'],
      ['/api/payOrder/statement', 'file'],
    ] as const) {
      const res = await expectNoNewBlobs(
        t,
        () => send(url, [{ name: field, filename: 'x.csv', content: csv }]),
        url,
      );
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
  });

  it('an accepted upload does store its files (the count sees them)', async () => {
    const before = storedBlobFiles(t).length;
    await documentWithFile();
    expect(storedBlobFiles(t).length).toBe(before + 1);
  });
});
