import type { FastifyInstance } from 'fastify';
import { systemRoutes } from '@listina/contract';
import type { Config } from '../../config';
import { pingDb, type Db, type DbHandle } from '../../db/create-db';
import { serviceUnavailable } from '../../lib/errors';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import { openApiDocument } from './openapi';
import { notFound, OK } from '../../lib/errors';
import type { BlobStore } from '../../plugins/storage/blob-store';
import { createBlobStore } from '../../plugins/storage/create-blob-store';
import type { HttpMetrics } from '../../plugins/observability/metrics';
import type { NotificationEvents } from '../workflow/notification-events';
import { createReadiness } from './ready';
import { createMetricsText, mayReadMetrics } from './metrics';

const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * Health, readiness, metrics, OpenAPI and the browser's boot calls. A worker process
 * (PROCESS_ROLE=worker) registers these alone, with only db and config: the file store is
 * then made from config, and the HTTP and stream figures are left out.
 */
export function registerSystemRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  deps: {
    db: Db;
    config: Config;
    blobs?: BlobStore;
    events?: Pick<NotificationEvents, 'size'>;
    pool?: DbHandle['pool'];
    http?: HttpMetrics;
    retention?: () => string;
  },
) {
  addRoute(app, auth, systemRoutes.health, async () => {
    try {
      await pingDb(deps.db);
    } catch {
      throw serviceUnavailable('errors.databaseUnavailable');
    }
    return { status: 'ok' as const, database: 'ok' as const };
  });

  const ready = createReadiness(app, {
    db: deps.db,
    config: deps.config,
    blobs: deps.blobs ?? createBlobStore(deps.config),
  });
  addRoute(app, auth, systemRoutes.ready, async () => {
    await ready();
    const ok = 'ok' as const;
    return { status: ok, checks: { database: ok, migrations: ok, blobs: ok, shutdown: ok } };
  });

  const metrics = createMetricsText({
    db: deps.db,
    http: deps.http,
    pool: deps.pool,
    streams: deps.events ? () => deps.events?.size() ?? 0 : undefined,
    token: deps.config.metricsToken,
    retention: deps.retention,
  });
  app.addHook('onClose', () => metrics.stop());
  addRoute(app, auth, systemRoutes.metrics, async ({ raw, reply }) => {
    // Unknown to whoever may not read it (docs/security.md).
    if (!mayReadMetrics(raw, deps.config.metricsToken))
      throw notFound('errors.routeNotFound', [raw.method, raw.url.split('?')[0] ?? '']);
    await reply
      .type(PROMETHEUS_TEXT)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
    return undefined;
  });

  addRoute(app, auth, systemRoutes.clientConfig, () =>
    Promise.resolve({
      sentryDsn: deps.config.sentryDsn ?? null,
      environment: deps.config.environment,
    }),
  );

  addRoute(app, auth, systemRoutes.clientError, async ({ body, raw }) => {
    raw.log.warn({ clientError: body }, `browser error: ${body.message}`);
    return OK;
  });

  // Made on first request: generating JSON schemas for every call costs start-up time.
  let openApi: string | undefined;
  app.get('/api/openapi.json', (_request, reply) => {
    openApi ??= openApiDocument();
    return reply.type('application/json').send(openApi);
  });
}
