import type { z } from 'zod';
import {
  accountRoutes,
  HEADERS,
  type BodyOf,
  type ResponseOf,
  type RouteDef,
} from '@listina/contract';
import { ApiRequestError } from './api-error';
import { getApiContext } from './context';
import { readErrorData } from './error-data';

type QueryOf<R> =
  R extends RouteDef<z.ZodType | undefined, infer Q, z.ZodType | undefined>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;

interface CommonOptions<R> {
  /** Values for the `:name` segments of the route's path. */
  params?: Record<string, string>;
  query?: QueryOf<R>;
  /** Overrides the active organisation (pages of /o/{id} pass their route's id). */
  organizationId?: string | null;
  signal?: AbortSignal;
}

export type CallOptions<R extends RouteDef> = CommonOptions<R> &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> });

type CallArgs<R extends RouteDef> =
  BodyOf<R> extends undefined ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/**
 * Calls one route of the contract: builds the URL and the spec §7 headers, sends the body as
 * JSON, parses the answer with the route's response schema, and turns every failure into an
 * ApiRequestError (spec §8).
 */
export async function callApi<R extends RouteDef>(
  route: R,
  ...[options]: CallArgs<R>
): Promise<ResponseOf<R>> {
  const init = prepare(route, options);
  // spec §8: any 401 outside the login call ends the session. A refused renewal is left to
  // its caller (app/session-renewal.ts), which may find another tab's newer apikey.
  const ownsItsRefusal =
    route.method === 'POST' &&
    [accountRoutes.login.path, accountRoutes.refresh.path].includes(route.path);
  const response = await send(init.url, init.request, { endsSessionOn401: !ownsItsRefusal });
  return readResponse(route, response);
}

/**
 * A call whose body or answer is not JSON: a multipart upload or a binary download (spec §7:
 * saved under the content-disposition name). It carries the spec §7 headers (plus those of
 * init) and fails as callApi does, with the error data decoded from the JSON answer (spec §8:
 * binary download errors are decoded from JSON). Resolves with the answer when it is ok.
 */
export async function fetchApi(url: string, init: RequestInit = {}): Promise<Response> {
  let request: RequestInit;
  try {
    const headers = apiHeaders();
    new Headers(init.headers).forEach((value, name) => headers.set(name, value));
    request = { ...init, headers };
  } catch (error) {
    throw new ApiRequestError({ kind: 'beforeRequest', text: errorText(error) });
  }
  return send(url, request, { endsSessionOn401: true });
}

/**
 * A multipart upload of a contract route (spec §7: uploadDoc, file/add): the route's path and
 * query, the form as the body (the browser writes the boundary), and the JSON answer parsed
 * with the route's response schema, failing as callApi does.
 */
export async function callMultipart<R extends RouteDef>(
  route: R,
  options: Omit<CommonOptions<R>, 'organizationId'> & { form: FormData },
): Promise<ResponseOf<R>> {
  let url: string;
  try {
    url = buildUrl(route.path, options.params, options.query);
  } catch (error) {
    throw new ApiRequestError({ kind: 'beforeRequest', text: errorText(error) });
  }
  const response = await fetchApi(url, {
    method: route.method,
    body: options.form,
    signal: options.signal,
  });
  return readResponse(route, response);
}

async function send(
  url: string,
  request: RequestInit,
  options: { endsSessionOn401: boolean },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, request);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiRequestError({ kind: 'network', text: errorText(error) });
  }
  if (response.ok) return response;
  if (response.status === 401 && options.endsSessionOn401) getApiContext().onUnauthorized?.();
  const data = await response.json().then(readErrorData, () => null);
  throw new ApiRequestError({
    kind: 'response',
    status: response.status,
    statusText: response.statusText,
    data,
  });
}

interface Prepared {
  url: string;
  request: RequestInit;
}

function prepare<R extends RouteDef>(route: R, options: CallOptions<R> | undefined): Prepared {
  try {
    const url = buildUrl(route.path, options?.params, options?.query);
    const headers = apiHeaders(options?.organizationId);
    const request: RequestInit = { method: route.method, headers, signal: options?.signal };
    if (options?.body !== undefined) {
      headers.set('content-type', 'application/json');
      request.body = JSON.stringify(options.body);
    }
    return { url, request };
  } catch (error) {
    throw new ApiRequestError({ kind: 'beforeRequest', text: errorText(error) });
  }
}

export function buildUrl(path: string, params?: Record<string, string>, query?: unknown): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
  if (query === undefined || query === null) return filled;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (typeof value === 'string') search.set(key, value);
    else if (typeof value === 'number' || typeof value === 'boolean')
      search.set(key, String(value));
    // A list is the parameter repeated (OpenAPI form style, explode), as a filter is sent.
    else if (Array.isArray(value)) for (const one of value) search.append(key, String(one));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/**
 * The spec §7 headers of every request: the apikey, the organisation (the active one unless
 * overridden), the time zone and its offset, and the locale as Content-Language.
 */
export function apiHeaders(organizationOverride?: string | null): Headers {
  const context = getApiContext();
  const headers = new Headers({ accept: 'application/json' });
  if (context.apikey) headers.set(HEADERS.authorization, context.apikey);
  const organizationId =
    organizationOverride === undefined ? context.organizationId : organizationOverride;
  if (organizationId) headers.set(HEADERS.organizationId, organizationId);
  headers.set(HEADERS.timeZone, Intl.DateTimeFormat().resolvedOptions().timeZone);
  headers.set(HEADERS.timeZoneOffset, String(new Date().getTimezoneOffset()));
  headers.set(HEADERS.contentLanguage, context.locale);
  return headers;
}

async function readResponse<R extends RouteDef>(route: R, response: Response) {
  if (!route.response || response.status === 204) return undefined as ResponseOf<R>;
  const fail = () =>
    new ApiRequestError({
      kind: 'response',
      status: response.status,
      statusText: response.statusText,
      data: null,
    });
  const json: unknown = await response.json().catch(() => {
    throw fail();
  });
  const parsed = route.response.safeParse(json);
  if (!parsed.success) throw fail();
  return parsed.data as ResponseOf<R>;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
