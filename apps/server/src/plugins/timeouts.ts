import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** How often Node looks for requests past their header or request deadline, at most. */
const MAX_CHECK_INTERVAL_MS = 5_000;

/**
 * The HTTP server's deadlines (README, docs/security.md "Controls: HTTP"):
 * - headersTimeout: the request line and headers must all arrive within it, else 408 and the
 *   socket is closed (a slowloris client dripping one header at a time);
 * - requestTimeout: the whole request, body included (an upload that stalls);
 * - connectionTimeout: a socket with nothing sent either way that long is destroyed (a client
 *   that stopped reading an answer); the notification stream writes more often;
 * - keepAliveTimeout: how long an idle kept-alive connection waits for the next request;
 * - forceCloseConnections 'idle': closing the server ends idle kept-alive connections at
 *   once, while requests in flight finish (graceful shutdown, main.ts).
 * Node checks the first two on an interval (30 s by default), here a quarter of the headers
 * deadline, so a stalled client is cut off soon after its deadline rather than up to 30 s on.
 */
export function httpTimeouts({ httpTimeouts: timeouts }: Pick<Config, 'httpTimeouts'>) {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    forceCloseConnections: 'idle' as const,
    http: {
      // Given to Node together, which checks headersTimeout <= requestTimeout when it starts.
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(
        MAX_CHECK_INTERVAL_MS,
        Math.ceil(timeouts.headersMs / 4),
      ),
    },
  };
}

/**
 * While the server closes, a connection is ended as soon as its request is answered: answers
 * not yet begun say "Connection: close", and a kept-alive connection whose answer has just
 * ended (one that began before the stop) is closed once idle. Without this, a browser's
 * kept-alive connection would hold the stop until its keep-alive or the grace period ran out.
 */
export function registerConnectionDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}
