import { vi } from 'vitest';
import type { AuthToken, Organization } from '@listina/contract';
import { messagesOf } from './catalogue';

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
  /** The body of a multipart call (an upload), as sent. */
  form?: FormData;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });

export const apiError = (status: number, msg: string, statusText = '') =>
  json({ error: [{ msg, parameters: [] }], warning: [] }, status, statusText);

const defaults: Record<string, Handler> = {
  'GET /api/translation/:locale': ({ path }) => {
    const lang = path.split('/').pop() ?? 'en-gb';
    return json({
      lang,
      messages: messagesOf(lang),
      allLanguages: [
        { code: 'sl', name: 'Slovenščina' },
        { code: 'en-gb', name: 'English' },
      ],
    });
  },
  'GET /api/client-config': () => json({ sentryDsn: null, environment: 'test' }),
  'POST /api/client-error': () => json({ ok: true }),
  'POST /api/account/logout': () => json({ ok: true }),
};

function matches(pattern: string, method: string, path: string): boolean {
  const [patternMethod, patternPath = ''] = pattern.split(' ');
  if (patternMethod !== method) return false;
  const regex = new RegExp(`^${patternPath.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  return regex.test(path);
}

/**
 * Replaces fetch (the network boundary) with handlers keyed "METHOD /path/:param".
 * Unhandled calls answer 404 in the §8 shape. Returns the list of calls made.
 */
export function fakeApi(handlers: Record<string, Handler> = {}) {
  const calls: RecordedCall[] = [];
  const all = { ...defaults, ...handlers };
  const fetchMock = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname + url.search,
      headers: new Headers(init?.headers),
      body,
      ...(init?.body instanceof FormData ? { form: init.body } : {}),
    };
    calls.push(call);
    const key = Object.keys(all).find((pattern) => matches(pattern, method, url.pathname));
    const handler = key ? all[key] : undefined;
    return handler ? handler(call) : apiError(404, `No fake for ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export function organizations(count: number): Organization[] {
  // Created in reverse order so that sorting is visible.
  return Array.from({ length: count }, (_, index) => {
    const number = count - index;
    return {
      id: `org-${number}`,
      nameNick: `Org ${String(number).padStart(2, '0')}`,
      roles: ['user'],
    };
  });
}

export function authToken(orgs: Organization[], apikey = 'key-1'): AuthToken {
  return {
    apikey,
    displayName: 'Dana Demo',
    userId: 'user-1',
    username: 'demo',
    email: 'demo@example.com',
    organizations: orgs,
    roles: [],
    localeSettings: {
      locale: 'en-gb',
      decimalSeparator: ',',
      thousandSeparator: '.',
      currency: '€',
      dateFormat: 'dd.mm.yyyy',
      timeFormat: 'hh:nn',
    },
    expiresAt: '2099-01-01T00:00:00.000Z',
  };
}

/** Handlers and storage for a user who is already signed in with the given organisations. */
export function signedIn(orgs: Organization[], handlers: Record<string, Handler> = {}) {
  const { apikey, ...session } = authToken(orgs);
  window.localStorage.setItem('listina.apikey', apikey);
  window.localStorage.setItem('listina.locale', 'en-gb');
  return fakeApi({
    'GET /api/account/me': () => json(session),
    'GET /api/organization/current': ({ headers }) => {
      const id = headers.get('organization-id') ?? '';
      const org = orgs.find((item) => item.id === id);
      if (!org) return apiError(403, 'You are not a member of this organisation.', 'Forbidden');
      return json({ ...org, name: `${org.nameNick} d.o.o.`, taxNumber: null, connectCode: null });
    },
    ...handlers,
  });
}
