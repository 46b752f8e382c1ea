import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** An incoming X-Request-Id is kept only when it looks like an id: bounded, no spaces or quotes. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

export const newRequestId = (): string => crypto.randomUUID();

/**
 * The id of a request behind a trusted proxy (TRUST_PROXY): the proxy's X-Request-Id when
 * well-formed, else a new UUID. Without a trusted proxy every request gets a new one.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : newRequestId();
}

/**
 * Fastify's pino options (docs/operations.md "Observability"): JSON lines whose request lines
 * carry reqId, the route pattern instead of the raw URL (a signed file link or an apikey in a
 * query would otherwise be written down), the status and responseTime; after sign-in the
 * request's logger adds userId and organizationId (plugins/routes.ts). Headers are never
 * serialised; should a line carry them, Authorization and Cookie are redacted.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'password',
        'apikey',
        '*.password',
        '*.apikey',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        route: routeOf(request),
        remoteAddress: request.ip,
      }),
      res: (reply: Partial<FastifyReply> & Pick<FastifyReply, 'statusCode'>) => ({
        statusCode: reply.statusCode,
        route: routeOf(reply.request),
      }),
    },
  };
}

/** The route pattern ('/api/cl/:name'); '(unmatched)' for a request no route took. */
export function routeOf(request: FastifyRequest | undefined): string {
  return request?.routeOptions.url ?? '(unmatched)';
}

/** Echoes the request id, so a caller can quote it when reporting a problem. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
