import type { FastifyInstance } from 'fastify';
import { HEADERS } from '@listina/contract';

/** Request headers another site's page may send: the spec §7 headers and the body's type. */
const ALLOWED_HEADERS = [...Object.values(HEADERS), 'content-type'].join(', ');
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** Answer headers its script may read: the download's name and the undo step of a payment. */
const EXPOSED_HEADERS = 'content-disposition, x-undo-id';
/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin access (CORS), closed unless CORS_ORIGINS lists the origin: a page of any
 * other site gets no Access-Control-Allow-* header, so its browser neither lets it read an
 * answer nor sends a call that needs a preflight (the apikey header always does). No cookies
 * are involved (the apikey is a header), so credentials are never allowed.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    reply.raw.appendHeader('vary', 'origin');
    if (!origin || !allowed.has(origin)) return done();
    reply.raw.setHeader('access-control-allow-origin', origin);
    reply.raw.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      void reply
        .status(204)
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .send();
      return;
    }
    done();
  });
}
