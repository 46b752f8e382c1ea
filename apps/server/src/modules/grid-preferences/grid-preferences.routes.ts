import type { FastifyInstance } from 'fastify';
import { gridPreferenceRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { GridPreferencesService } from './grid-preferences.service';

/** GET, PUT and DELETE /api/gridPreference/{table}: the signed-in user's grid of a table. */
export function registerGridPreferenceRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  preferences: GridPreferencesService,
) {
  addRoute(app, auth, r.read, ({ user, organization, params }) =>
    preferences.read({ user, organization }, params.table ?? ''),
  );
  addRoute(app, auth, r.save, ({ user, organization, params, body }) =>
    preferences.save({ user, organization }, params.table ?? '', body),
  );
  addRoute(app, auth, r.reset, ({ user, organization, params }) =>
    preferences.reset({ user, organization }, params.table ?? ''),
  );
}
