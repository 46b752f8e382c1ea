import type { FastifyInstance } from 'fastify';
import { systemRoutes } from '@listina/contract';
import type { Config } from '../../config';
import { pingDb, type Db } from '../../db/create-db';
import { serviceUnavailable } from '../../lib/errors';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import { openApiDocument } from './openapi';
import { OK } from '../../lib/errors';

export function registerSystemRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  deps: { db: Db; config: Config },
) {
  addRoute(app, auth, systemRoutes.health, async () => {
    try {
      await pingDb(deps.db);
    } catch {
      throw serviceUnavailable('errors.databaseUnavailable');
    }
    return { status: 'ok' as const, database: 'ok' as const };
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
