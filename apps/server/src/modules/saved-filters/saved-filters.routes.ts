import type { FastifyInstance } from 'fastify';
import { savedFilterRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { SavedFiltersService } from './saved-filters.service';

/** GET and PUT /api/savedFilter/{table}: the signed-in user's filters of a list. */
export function registerSavedFilterRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  savedFilters: SavedFiltersService,
) {
  addRoute(app, auth, r.read, ({ user, organization, params }) =>
    savedFilters.read({ user, organization }, params.table ?? ''),
  );
  addRoute(app, auth, r.save, ({ user, organization, params, body }) =>
    savedFilters.save({ user, organization }, params.table ?? '', body.filter),
  );
}
