import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allRoutes,
  PAYMENT_UPLOAD_MAX_BYTES,
  type PreviewInfo,
  type RouteDef,
} from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  injectMultipart,
  uploadDocument,
  type TestApp,
} from '../../test/factories';
import { IMPORT_MAX_BYTES } from '../modules/tables/import';
import { translate } from './i18n';

/**
 * Issue 9: every call refuses a body over its limit with 413 and the catalogue's message, and
 * writes nothing. JSON (and any other parsed body) is held to BODY_LIMIT_BYTES before the
 * handler runs; uploads are multipart, held to their own file limits while they stream.
 */
const BODY_LIMIT = 4096;
const FILE_LIMIT = 8192;
const PDF = fs.readFileSync(path.join(import.meta.dirname, '../modules/files/fixtures/sample.pdf'));
let t: TestApp;
let headers: Record<string, string>;
/** Values for the path parameters: a real document and file where the handler needs them. */
let params: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    BODY_LIMIT_BYTES: String(BODY_LIMIT),
    FILE_LIMIT_BYTES: String(FILE_LIMIT),
    REQUEST_FILES_LIMIT_BYTES: String(2 * FILE_LIMIT),
    CAPTURE_WORKERS: '0',
  });
  const user = await createUser(t);
  const roles = ['orgadmin', 'accountant', 'approver', 'dataentryextended'];
  const org = await createOrganization(t, { [user.id]: roles });
  headers = await memberHeaders(t, user, org);
  const res = await uploadDocument(
    t,
    headers,
    { filename: 'invoice.pdf', content: PDF },
    { number: 'LIMIT-1' },
  );
  expect(res.statusCode, res.body).toBe(201);
  const { item, preview } = res.json<{ item: { key: string }; preview: PreviewInfo }>();
  const fileKey = preview.files[0]?.key ?? '';
  params = { id: item.key, key: item.key, fileKey, name: 'partner', table: 'partner' };
});
afterAll(() => t.close());

const urlOf = (route: RouteDef) =>
  route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'x');

/** Rows of every table of the database: a refused request leaves each count as it was. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(t.database.db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(name)}`.execute(t.database.db);
    counts[name] = rows[0]?.n ?? 0;
  }
  return counts;
}

const tooLarge = translate('en-gb', 'errors.bodyTooLarge', [String(BODY_LIMIT)]);
const overLimit = () => JSON.stringify({ text: 'x'.repeat(BODY_LIMIT) });
const withBody = allRoutes.filter((route) => route.method !== 'GET');

describe('body limits on every call', () => {
  it('walks the registered calls that take a body', () => {
    expect(withBody.length).toBeGreaterThan(50);
    for (const route of withBody) {
      expect(t.app.hasRoute({ method: route.method, url: route.path }), route.path).toBe(true);
    }
  });

  it('refuses a JSON body over BODY_LIMIT_BYTES on every call with 413, writing nothing', async () => {
    const before = await rowCounts();
    for (const route of withBody) {
      const res = await t.app.inject({
        method: route.method,
        url: urlOf(route),
        headers: { ...headers, 'content-type': 'application/json' },
        payload: overLimit(),
      });
      const label = `${route.method} ${route.path}`;
      expect(res.statusCode, label).toBe(413);
      expect(res.json(), label).toMatchObject({
        error: [{ code: 'errors.bodyTooLarge', msg: tooLarge, parameters: [String(BODY_LIMIT)] }],
      });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('counts the bytes of a body sent without a length, and of a text body', async () => {
    const before = await rowCounts();
    const chunked = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: Readable.from([overLimit()]),
    });
    expect(chunked.statusCode).toBe(413);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/client-error',
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(BODY_LIMIT + 1),
    });
    expect(text.statusCode).toBe(413);
    expect(text.json().error[0].msg).toBe(tooLarge);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an upload over its file limit on every upload call with 413, writing nothing', async () => {
    const uploads = withBody.filter((route) => route.upload);
    expect(uploads.length).toBeGreaterThanOrEqual(9);
    const before = await rowCounts();
    for (const route of uploads) {
      const documentFile = route.path.startsWith('/api/uploadDoc') || route.path.includes('/file');
      const payment = route.path.startsWith('/api/payOrder/') && !route.path.endsWith('/import');
      const limit = documentFile
        ? FILE_LIMIT
        : payment
          ? PAYMENT_UPLOAD_MAX_BYTES
          : IMPORT_MAX_BYTES;
      const res = await injectMultipart(t, { method: route.method, url: urlOf(route), headers }, [
        { name: route.upload?.file ?? 'file', filename: 'big.pdf', content: oversize(limit) },
      ]);
      const label = `${route.method} ${route.path}`;
      if (route.path === '/api/payPackage/import') {
        // Packages are built from orders, never imported: refused before the body is read.
        expect(res.statusCode, label).toBe(405);
        continue;
      }
      expect(res.statusCode, `${label}: ${res.body}`).toBe(413);
      const [error] = res.json<{ error: { code: string; msg: string; parameters: string[] }[] }>()
        .error;
      expect(error?.code, label).toBe(documentFile ? 'files.tooLarge' : 'errors.importTooLarge');
      expect(error?.msg, label).toBe(translate('en-gb', error?.code ?? '', error?.parameters));
    }
    expect(await rowCounts()).toEqual(before);
  });
});

/** A PDF one byte over the limit. */
function oversize(limit: number): Buffer {
  return Buffer.concat([PDF, Buffer.alloc(limit + 1 - PDF.length, 0x20)]);
}
