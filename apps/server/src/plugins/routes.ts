import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HEADERS, type ResponseOf, type RouteDef } from '@listina/contract';
import { badRequest, forbidden, unauthorized } from '../lib/errors';
import { UUID_PATTERN } from '../lib/ids';
import type { ActiveOrganization, Authentication, AuthedUser, RequestContext } from './context';
import { resolveLocale } from './i18n';
import type { WrittenJson } from '../lib/json-writer';
import { jsonBytes, JSON_UTF8 } from './json-body';

/** How the route layer learns who is calling; implemented by the account and organization modules. */
export interface AuthResolver {
  /** The apikey's user and, for an organisation key, the membership there, in one query. */
  authenticate(apikey: string, organizationKey?: string): Promise<Authentication>;
}

// The schema props are optional, so their type includes undefined: strip it before inferring.
// reportInput lets the error handler tell a missing value from a wrong one.
const PARSE_OPTIONS = { reportInput: true };

type Parsed<S> = [Exclude<S, undefined>] extends [never]
  ? undefined
  : Exclude<S, undefined> extends z.ZodType
    ? z.output<Exclude<S, undefined>>
    : undefined;

export interface ApiRequest<D extends RouteDef> {
  body: Parsed<D['body']>;
  query: Parsed<D['query']>;
  params: Record<string, string>;
  ctx: RequestContext;
  /** The caller (routes with access user or organization). */
  user: AuthedUser;
  /** The organisation of the organization-id header (routes with access organization). */
  organization: ActiveOrganization;
  apikey: string;
  raw: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /**
   * The answer is not checked against the response schema at run time, only by the type
   * checker: for answers whose records toModel builds field by field from an entity
   * definition, where the check would only copy them. A list page of 300 rows spent ~100 µs
   * of its ~1.5 ms there (bench/README.md, "Table list").
   */
  uncheckedResponse?: boolean;
}

/**
 * An answer whose lists may write their own JSON (WrittenJson: a list page's rows,
 * modules/tables/list-json.ts), sent as it is. Only with uncheckedResponse: the response
 * schema cannot look into it.
 */
export type Written<T> = T extends object
  ? { [K in keyof T]: T[K] extends readonly unknown[] ? T[K] | WrittenJson : T[K] }
  : T;

export type ApiHandler<D extends RouteDef> = (
  req: ApiRequest<D>,
) => Promise<ResponseOf<D> | Written<ResponseOf<D>>>;

/**
 * Registers a contract route: reads the spec §7 headers, checks the apikey and the
 * organisation membership its access level needs, parses body and query with the contract's
 * schemas, and answers only the fields of the response schema.
 */
export function addRoute<D extends RouteDef>(
  app: FastifyInstance,
  auth: AuthResolver,
  def: D,
  handler: ApiHandler<D>,
  options: RouteOptions = {},
): void {
  app.route({
    method: def.method,
    url: def.path,
    handler: async (request, reply) => {
      const ctx = readContext(request);
      const apikey = readApikey(request);
      let user: AuthedUser | undefined;
      let organization: ActiveOrganization | undefined;
      if (def.access !== 'anonymous') {
        const header = def.access === 'organization' ? readOrganizationKey(request) : undefined;
        const found = await requireUser(auth, apikey, header);
        user = found.user;
        const member = def.access === 'organization' ? found.membership : undefined;
        request.log = request.log.child(
          member ? { userId: user.key, organizationId: member.key } : { userId: user.key },
        );
        // Fastify's own lines (request completed, errors) are written by reply.log.
        reply.log = request.log;
        if (def.access === 'organization') organization = requireOrganization(header, member);
      }
      const api = {
        body: (def.body ? def.body.parse(request.body ?? {}, PARSE_OPTIONS) : undefined) as Parsed<
          D['body']
        >,
        query: parseQuery(def.query, request.query) as Parsed<D['query']>,
        params: request.params as Record<string, string>,
        ctx,
        get user(): AuthedUser {
          if (!user) throw new Error(`${def.path} is anonymous: there is no user`);
          return user;
        },
        get organization(): ActiveOrganization {
          if (!organization) throw new Error(`${def.path} has no organisation scope`);
          return organization;
        },
        apikey: apikey ?? '',
        raw: request,
        reply,
      };
      const result = await handler(api);
      reply.status(def.status ?? 200);
      const body: unknown =
        def.response && !options.uncheckedResponse ? def.response.parse(result) : result;
      // A handler that sent its own answer (a download) returns nothing.
      if (body === undefined) return body;
      return reply.type(JSON_UTF8).send(jsonBytes(body));
    },
  });
}

/**
 * The query parameters by the route's schema. A parameter the route does not take is named as
 * such (issue 22: `?partner=x` was answered as if it named a table), also on a route that
 * takes none.
 */
function parseQuery(schema: z.ZodType | undefined, query: unknown): unknown {
  const given = Object.keys(query ?? {});
  if (!schema) {
    if (given.length > 0) throw unknownParameters(given);
    return undefined;
  }
  const result = schema.safeParse(query, PARSE_OPTIONS);
  if (result.success) return result.data;
  const unknown = result.error.issues.flatMap((i) =>
    i.code === 'unrecognized_keys' ? i.keys : [],
  );
  if (unknown.length > 0) throw unknownParameters(unknown);
  throw result.error;
}

const unknownParameters = (names: string[]) =>
  badRequest('errors.unknownQueryParameter', [names.join(', ')], names[0]);

function readContext(request: FastifyRequest): RequestContext {
  const offset = Number(request.headers[HEADERS.timeZoneOffset]);
  const zone = request.headers[HEADERS.timeZone];
  return {
    requestId: request.id,
    locale: resolveLocale(request.headers[HEADERS.contentLanguage]),
    timeZone: typeof zone === 'string' && zone.length <= 64 ? zone : undefined,
    timeZoneOffset: Number.isFinite(offset) && Math.abs(offset) <= 24 * 60 ? offset : undefined,
    ip: request.ip,
  };
}

function readApikey(request: FastifyRequest): string | undefined {
  const header = request.headers[HEADERS.authorization];
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  return header.replace(/^Bearer\s+/i, '').trim();
}

async function requireUser(
  auth: AuthResolver,
  apikey: string | undefined,
  organizationKey: string | null | undefined,
) {
  if (!apikey) throw unauthorized('errors.notSignedIn');
  // A malformed header cannot name an organisation: ask only about well-formed keys.
  const key = organizationKey && UUID_PATTERN.test(organizationKey) ? organizationKey : undefined;
  const result = await auth.authenticate(apikey, key);
  if (result === 'expired') throw unauthorized('errors.sessionExpired');
  if (!result) throw unauthorized('errors.invalidApikey');
  return result;
}

/** The organization-id header: null when absent or empty. */
function readOrganizationKey(request: FastifyRequest): string | null {
  const header = request.headers[HEADERS.organizationId];
  return typeof header === 'string' && header !== '' ? header : null;
}

function requireOrganization(
  header: string | null | undefined,
  membership: ActiveOrganization | undefined,
): ActiveOrganization {
  if (!header) throw badRequest('errors.organizationRequired', [HEADERS.organizationId]);
  // Unknown, malformed and foreign organisations get the same answer: existence is not revealed.
  if (!membership) throw forbidden('errors.notMember');
  return membership;
}
