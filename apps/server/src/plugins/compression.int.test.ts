import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewInfo } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  uploadDocument,
  type TestApp,
} from '../../test/factories';
import { chooseEncoding, COMPRESS_MIN_BYTES } from './compression';

/** Issue 9: JSON goes out compressed to a client that accepts it; files and streams do not. */
const PDF = fs.readFileSync(path.join(import.meta.dirname, '../modules/files/fixtures/sample.pdf'));
const PARTNERS = 40;
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  const org = await createOrganization(t, { [user.id]: ['orgadmin'] });
  headers = await memberHeaders(t, user, org);
  for (let n = 0; n < PARTNERS; n++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner',
      headers,
      payload: { code: `Z${n}`, name: `Založba Čebelica ${n} d.o.o.`, countryCode: 'SI' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

const list = (acceptEncoding?: string) =>
  t.app.inject({
    url: `/api/cl/partner?count=${PARTNERS}`,
    headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compression', () => {
  it('answers a large list gzip- or brotli-encoded, decoding to the same JSON', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.json<{ items: unknown[] }>().items).toHaveLength(PARTNERS);

    const gzipped = await list('gzip, deflate');
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['vary']).toMatch(/accept-encoding/i);
    expect(gzipped.headers['content-type']).toBe(plain.headers['content-type']);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.rawPayload.length);
    expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);

    const brotli = await list('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('leaves small answers, refused encodings and files that are compressed already alone', async () => {
    const small = await t.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);

    const refused = await list('gzip;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json<{ items: unknown[] }>().items).toHaveLength(PARTNERS);

    const uploaded = await uploadDocument(
      t,
      headers,
      { filename: 'invoice.pdf', content: PDF },
      { number: 'GZ-1' },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [file] = uploaded.json<{ preview: PreviewInfo }>().preview.files;
    const pdf = await t.app.inject({
      url: file?.url ?? '',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
  });

  it('chooses brotli before gzip, and nothing the client refuses', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('GZIP, BR')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
  });

  it('the notification stream still streams, never encoded', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const first = await new Promise<{ headers: http.IncomingHttpHeaders; text: string }>(
      (resolve, reject) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/notification/events',
            headers: { ...headers, 'accept-encoding': 'gzip, br' },
          },
          (res) => {
            // The first event arrives while the stream stays open.
            res.once('data', (chunk: Buffer) => {
              resolve({ headers: res.headers, text: chunk.toString('utf8') });
              request.destroy();
            });
          },
        );
        request.on('error', reject);
      },
    );
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.text).toBe('event: count\ndata: {"unread":0}\n\n');
  });
});
