import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewInfo } from '@listina/contract';
import { REPO_ROOT } from '../lib/paths';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  uploadDocument,
  type TestApp,
} from '../../test/factories';
import { CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY } from './security-headers';

/** Issue 9: every answer carries the security headers; no other site is let in by CORS. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-dist-'));
const PDF = fs.readFileSync(path.join(import.meta.dirname, '../modules/files/fixtures/sample.pdf'));
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Listina</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: dist });
  const clerk = await createUser(t);
  const org = await createOrganization(t, { [clerk.id]: ['dataentry'] });
  headers = await memberHeaders(t, clerk, org);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function expectSecurityHeaders(res: LightMyRequestResponse, csp = CONTENT_SECURITY_POLICY) {
  expect(res.headers['content-security-policy']).toBe(csp);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
}

const corsHeaders = (res: LightMyRequestResponse) =>
  Object.keys(res.headers).filter((name) => name.startsWith('access-control-'));

describe('security headers', () => {
  it('go out with the web app, its assets, API answers, errors and 404s', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/' }),
      t.app.inject({ url: '/o/1/work/index' }),
      t.app.inject({ url: '/assets/app-1a2b3c.js' }),
      t.app.inject({ url: '/api/health' }),
      t.app.inject({ url: '/api/doc', headers }),
      t.app.inject({ url: '/api/doc' }),
      t.app.inject({ url: '/api/no-such-call' }),
      t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 401, 404, 400]);
    for (const res of answers) expectSecurityHeaders(res);
  });

  it('a file link keeps its own stricter policy and the other headers', async () => {
    const uploaded = await uploadDocument(
      t,
      headers,
      { filename: 'invoice.pdf', content: PDF },
      { number: 'SEC-1' },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [file] = uploaded.json<{ preview: PreviewInfo }>().preview.files;
    for (const url of [file?.url ?? '', file?.downloadUrl ?? '']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expectSecurityHeaders(res, "default-src 'none'; sandbox");
    }
  });

  it('the policy allows scripts from our own files only and no framing', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/);
  });

  it('the web app has no inline script the policy would refuse', () => {
    for (const file of ['apps/web/index.html', 'apps/web/dist/index.html']) {
      const full = path.join(REPO_ROOT, file);
      if (!fs.existsSync(full)) continue;
      const scripts = [
        ...fs.readFileSync(full, 'utf8').matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g),
      ];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes, file).toMatch(/\bsrc=/);
        expect(body?.trim(), file).toBe('');
      }
      expect(fs.readFileSync(full, 'utf8'), file).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('HSTS only when PUBLIC_URL is https', async () => {
    expect(
      (await t.app.inject({ url: '/api/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const secure = await createTestApp({ PUBLIC_URL: 'https://listina.example' });
    try {
      const res = await secure.app.inject({ url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/doc',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, organization-id',
      },
    });

  it('lets no other site in by default: no preflight permission, no readable answer', async () => {
    const res = await preflight('https://evil.example');
    expect(res.statusCode).toBe(404);
    expect(corsHeaders(res)).toEqual([]);
    const read = await t.app.inject({
      url: '/api/doc',
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    expect(corsHeaders(read)).toEqual([]);
  });

  it('lets in only the origins CORS_ORIGINS lists', async () => {
    const open = await createTestApp({ CORS_ORIGINS: 'https://portal.example' });
    try {
      const allowed = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/doc',
        headers: { origin: 'https://portal.example', 'access-control-request-method': 'GET' },
      });
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example');
      expect(allowed.headers['access-control-allow-headers']).toMatch(/authorization/);
      expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
      const other = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/doc',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(other.statusCode).toBe(404);
      expect(corsHeaders(other)).toEqual([]);
      const read = await open.app.inject({
        url: '/api/health',
        headers: { origin: 'https://portal.example' },
      });
      expect(read.headers['access-control-allow-origin']).toBe('https://portal.example');
      expect(read.headers['vary']).toMatch(/origin/i);
    } finally {
      await open.close();
    }
  });
});
