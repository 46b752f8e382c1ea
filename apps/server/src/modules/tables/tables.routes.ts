import type { FastifyInstance } from 'fastify';
import { partnerRoutes, tableRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import { translate } from '../../plugins/i18n';
import type { TablesService } from './tables.service';

/** The generic table calls of spec §7 for every code-list table under /api/cl/{name}. */
export function registerTableRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  tables: TablesService,
) {
  addRoute(app, auth, r.entities, async ({ user, organization, ctx }) => ({
    items: tables.entities({ user, organization }).map(({ entity, ...rights }) => ({
      name: entity.name,
      labelId: entity.labelId,
      label: translate(ctx.locale, entity.labelId),
      canWrite: rights.canWrite,
      canCreate: rights.canCreate,
      canDelete: rights.canDelete,
      sortKeys: rights.sortKeys,
    })),
  }));
  addRoute(app, auth, r.schema, async ({ params }) => tables.schema(params.name ?? ''));
  addRoute(app, auth, r.defaultModel, async ({ params }) => tables.defaultModel(params.name ?? ''));
  addRoute(
    app,
    auth,
    r.list,
    ({ params, user, organization, query }) =>
      tables.list(params.name ?? '', { user, organization }, query),
    { uncheckedResponse: true },
  );
  addRoute(app, auth, r.read, ({ params, user, organization }) =>
    tables.read(params.name ?? '', { user, organization }, params.key ?? ''),
  );
  addRoute(app, auth, r.audit, ({ params, user, organization }) =>
    tables.audit(params.name ?? '', { user, organization }, params.key ?? ''),
  );
  addRoute(app, auth, r.create, ({ params, user, organization, body, query }) =>
    tables.create(params.name ?? '', { user, organization }, body, query.ignoreWarnings ?? false),
  );
  addRoute(app, auth, r.update, ({ params, user, organization, body, query }) =>
    tables.update(
      params.name ?? '',
      { user, organization },
      params.key ?? '',
      body,
      query.ignoreWarnings ?? false,
    ),
  );
  addRoute(app, auth, r.remove, ({ params, user, organization, body, query }) =>
    tables.remove(
      params.name ?? '',
      { user, organization },
      body.keys,
      query.ignoreWarnings ?? false,
    ),
  );
  addRoute(app, auth, partnerRoutes.suggestions, ({ params, user, organization }) =>
    tables.suggestPartners(
      { user, organization },
      { vatId: params.vatId ?? '', iban: params.iban ?? '', name: params.name ?? '' },
    ),
  );
  addRoute(app, auth, r.undo, ({ params, user, organization }) =>
    tables.undo({ user, organization }, params.id ?? ''),
  );
}
