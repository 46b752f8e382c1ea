import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/factories';

describe('serving the web app', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-dist-'));
  // As the web build leaves them: a compressed pair beside a large asset, none beside a small one.
  const script = Buffer.from('export const rows = [' + '"row",'.repeat(500) + '];\n');
  const gzipped = zlib.gzipSync(script);
  const brotlied = zlib.brotliCompressSync(script);

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Listina</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'page-4d5e6f.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'page-4d5e6f.js.gz'), gzipped);
    fs.writeFileSync(path.join(dist, 'assets', 'page-4d5e6f.js.br'), brotlied);
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers any client route with index.html (history mode), never cached', async () => {
    for (const url of ['/', '/account/login?returnUrl=%2F', '/o/123/work/index']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Listina</title>');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the compressed copy the browser accepts, brotli first, with its encoding', async () => {
    const cases = [
      { accept: 'gzip', encoding: 'gzip', bytes: gzipped },
      { accept: 'br', encoding: 'br', bytes: brotlied },
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', bytes: brotlied },
    ];
    for (const { accept, encoding, bytes } of cases) {
      const res = await t.app.inject({
        url: '/assets/page-4d5e6f.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(bytes), accept).toBe(true);
    }
  });

  it('sends the file as it is without an accepted encoding or without a compressed copy', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await t.app.inject({ url: '/assets/page-4d5e6f.js', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.rawPayload.equals(script)).toBe(true);
    }
    const small = await t.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('keeps unknown /api paths as JSON 404s and does not escape the dist folder', async () => {
    const api = await t.app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error[0].code).toBe('errors.routeNotFound');
    const traversal = await t.app.inject({ url: '/../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
  });
});
