import { describe, expect, it, vi } from 'vitest';
import { accountRoutes, organizationRoutes, systemRoutes } from '@listina/contract';
import { apiError, authToken, fakeApi, json } from '../test/fake-api';
import { isApiRequestError } from './api-error';
import { apiHeaders, buildUrl, callApi, fetchApi } from './client';
import { setApiContext } from './context';

describe('callApi', () => {
  it('sends the spec §7 headers with every request', async () => {
    const calls = fakeApi({
      'GET /api/organization/current': () =>
        json({ id: 'o1', nameNick: 'A', roles: [], name: 'A', taxNumber: null, connectCode: null }),
    });
    setApiContext({ apikey: 'secret', organizationId: 'o1', locale: 'sl' });
    await callApi(organizationRoutes.current);
    const headers = calls[0]?.headers;
    expect(headers?.get('authorization')).toBe('secret');
    expect(headers?.get('organization-id')).toBe('o1');
    expect(headers?.get('content-language')).toBe('sl');
    expect(headers?.get('time-zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headers?.get('time-zone-offset')).toBe(String(new Date().getTimezoneOffset()));
  });

  it('sends the body as JSON and parses the answer with the route schema', async () => {
    const calls = fakeApi({ 'POST /api/account/login': () => json(authToken([])) });
    const token = await callApi(accountRoutes.login, {
      body: { username: 'demo', password: 'pw' },
    });
    expect(token.apikey).toBe('key-1');
    expect(calls[0]?.body).toEqual({ username: 'demo', password: 'pw' });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('fills path parameters', async () => {
    const calls = fakeApi();
    await callApi(systemRoutes.translation, { params: { locale: 'en-gb' } });
    expect(calls[0]?.path).toBe('/api/translation/en-gb');
    expect(buildUrl('/api/x', undefined, { a: 'b c', n: 3, skip: undefined })).toBe(
      '/api/x?a=b+c&n=3',
    );
    expect(buildUrl('/api/x', undefined, { filter: ['a:1', 'a:2'] })).toBe(
      '/api/x?filter=a%3A1&filter=a%3A2',
    );
  });

  it('ends the session on a 401 from any call except login', async () => {
    const onUnauthorized = vi.fn();
    setApiContext({ onUnauthorized });
    fakeApi({
      'GET /api/account/me': () => apiError(401, 'Please sign in.'),
      'POST /api/account/login': () => apiError(401, 'Wrong username or password.'),
    });
    await expect(
      callApi(accountRoutes.login, { body: { username: 'a', password: 'b' } }),
    ).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(callApi(accountRoutes.me)).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('tells apart an answer with §8 data, no answer, and a request never sent', async () => {
    fakeApi({ 'GET /api/account/me': () => apiError(403, 'You may not do this.', 'Forbidden') });
    const answered: unknown = await callApi(accountRoutes.me).catch((error: unknown) => error);
    expect(isApiRequestError(answered) && answered.failure).toMatchObject({
      kind: 'response',
      status: 403,
      data: { error: [{ msg: 'You may not do this.' }] },
    });

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const lost: unknown = await callApi(accountRoutes.me).catch((error: unknown) => error);
    expect(isApiRequestError(lost) && lost.failure).toEqual({
      kind: 'network',
      text: 'Failed to fetch',
    });

    const unsent: unknown = await callApi(systemRoutes.translation).catch(
      (error: unknown) => error,
    );
    expect(isApiRequestError(unsent) && unsent.failure.kind).toBe('beforeRequest');
  });

  it('rejects an answer that does not match the response schema', async () => {
    fakeApi({ 'GET /api/account/me': () => json({ unexpected: true }) });
    const error: unknown = await callApi(accountRoutes.me).catch((e: unknown) => e);
    expect(isApiRequestError(error) && error.status).toBe(200);
  });
});

describe('fetchApi (uploads and downloads)', () => {
  it('sends the spec §7 headers with its own and hands back a binary answer', async () => {
    const calls = fakeApi({
      'POST /api/cl/:name/export': () => new Response('xlsx bytes', { status: 200 }),
    });
    setApiContext({ apikey: 'secret', organizationId: 'o1', locale: 'sl' });
    const response = await fetchApi('/api/cl/vatRate/export', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await response.text()).toBe('xlsx bytes');
    const headers = calls[0]?.headers;
    expect(headers?.get('content-type')).toBe('application/json');
    const expected = Object.fromEntries(apiHeaders().entries());
    expect(expected).toMatchObject({
      authorization: 'secret',
      'organization-id': 'o1',
      'content-language': 'sl',
    });
    for (const [name, value] of Object.entries(expected))
      expect(headers?.get(name), name).toBe(value);
  });

  it('decodes a refusal from its JSON answer and ends the session on a 401', async () => {
    const onUnauthorized = vi.fn();
    setApiContext({ onUnauthorized });
    fakeApi({
      'POST /api/cl/:name/export': () => apiError(404, 'There is no record k9.', 'Not Found'),
      'POST /api/cl/:name/import': () => apiError(401, 'Please sign in.'),
    });
    const refused: unknown = await fetchApi('/api/cl/vatRate/export', { method: 'POST' }).catch(
      (error: unknown) => error,
    );
    expect(isApiRequestError(refused) && refused.failure).toMatchObject({
      kind: 'response',
      status: 404,
      data: { error: [{ msg: 'There is no record k9.' }] },
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(fetchApi('/api/cl/vatRate/import', { method: 'POST' })).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
