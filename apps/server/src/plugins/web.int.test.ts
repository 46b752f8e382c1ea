import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/factories';

describe('serving the web app', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Listina</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
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

  it('keeps unknown /api paths as JSON 404s and does not escape the dist folder', async () => {
    const api = await t.app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error[0].code).toBe('errors.routeNotFound');
    const traversal = await t.app.inject({ url: '/../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
  });
});
