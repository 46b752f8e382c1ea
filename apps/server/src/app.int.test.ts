import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@listina/contract';
import { createTestApp, createUser, login, type TestApp } from '../test/factories';
import { catalogue } from './plugins/i18n';
import { OPENAPI_FILE, openApiDocument } from './modules/system/openapi';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
  t.app.get('/api/test/explode', () => {
    throw new Error('secret internals: password=hunter2');
  });
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('bad input gets a 4xx in the spec §8 shape', () => {
  it('malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: json,
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: [
        {
          msg: 'The request body is not valid JSON.',
          code: 'errors.malformedJson',
          parameters: [],
        },
      ],
      warning: [],
    });
  });

  it('an oversize body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: json,
      payload: JSON.stringify({ username: 'x'.repeat(5000), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error[0]).toMatchObject({
      code: 'errors.bodyTooLarge',
      parameters: ['2048'],
    });
  });

  it('missing fields and wrong types, each on its field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { username: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual([
      {
        msg: 'Wrong type: string expected.',
        code: 'validation.invalidType',
        parameters: ['string'],
        field: 'username',
      },
      {
        msg: 'field is required',
        code: 'validation.required',
        parameters: [],
        field: 'password',
      },
    ]);
  });

  it('an empty body and a wrong content type', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: json,
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error[0].code).toBe('errors.emptyBody');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error[0].code).toBe('errors.unsupportedMediaType');
  });

  it('an unknown call', async () => {
    const res = await t.app.inject({
      url: '/api/nothing-here?x=1',
      headers: { 'content-language': 'sl' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error[0].msg).toBe('Klic GET /api/nothing-here ne obstaja.');
  });

  it('an unexpected failure is a 500 with a generic message and a logged id, never internals', async () => {
    const res = await t.app.inject({ url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.error[0].msg).toBe(
      `Something went wrong on the server. The error was logged with id ${body.errorId}.`,
    );
    expect(res.body).not.toContain('hunter2');
  });
});

describe('system calls', () => {
  it('reports health with the database reachable', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves translations with en-gb as the fallback for unknown locales and keys', async () => {
    const sl = (await t.app.inject({ url: '/api/translation/sl' })).json();
    expect(sl.lang).toBe('sl');
    expect(sl.messages['errors.notSignedIn']).toBe('Prijavite se.');
    expect(sl.allLanguages).toEqual([
      { code: 'sl', name: 'Slovenščina' },
      { code: 'en-gb', name: 'English' },
    ]);
    const unknown = (await t.app.inject({ url: '/api/translation/xx-yy' })).json();
    expect(unknown.lang).toBe('en-gb');
    expect(unknown.messages['errors.notSignedIn']).toBe('Please sign in.');
  });

  it('publishes every contract call in /api/openapi.json', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const route of allRoutes) {
      const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(
        doc.paths[path]?.[route.method.toLowerCase()],
        `${route.method} ${path}`,
      ).toBeDefined();
    }
    expect(
      doc.paths['/api/account/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['username', 'password']);
    const list = doc.paths['/api/cl/{name}'].get.parameters as { name: string; in: string }[];
    expect(list.filter((p) => p.in === 'query').map((p) => p.name)).toEqual([
      'count',
      'cursor',
      'sort',
      'search',
      'mode',
      'customerKey',
      'filter',
    ]);
  });

  it('keeps the committed docs/openapi.json equal to the contract (run npm run openapi)', () => {
    expect(fs.readFileSync(OPENAPI_FILE, 'utf8')).toBe(openApiDocument());
  });

  it('logs errors the browser posts', async () => {
    const user = await createUser(t);
    await login(t, user.username);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-error',
      payload: { message: 'TypeError: x is undefined', url: '/o/1/home' },
    });
    expect(res.json()).toEqual({ ok: true });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/client-error',
      payload: { message: 'x'.repeat(2001) },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('translation catalogue', () => {
  it('has every key in both sl and en-gb', () => {
    const en = Object.keys(catalogue['en-gb']).sort();
    const sl = Object.keys(catalogue.sl).sort();
    expect(sl.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !sl.includes(k))).toEqual([]);
    expect(Object.values(catalogue.sl).every((v) => v.trim() !== '')).toBe(true);
  });
});
