import type { FastifyInstance } from 'fastify';
import { partnerRoutes, ROOT_TABLES, rootTableRoutes, tableRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import { translate } from '../../plugins/i18n';
import { codeListName } from './registry';
import type { TablesService } from './tables.service';

type CallRoutes = ReturnType<typeof rootTableRoutes>;

/**
 * The generic table calls of spec §7: under /api/cl/{name} for every code-list table, and at
 * /api/{name} for the root tables (doc). `tableOf` names the table a request is about.
 */
function registerCalls(
  app: FastifyInstance,
  auth: AuthResolver,
  tables: TablesService,
  routes: CallRoutes,
  tableOf: (params: Record<string, string>) => string,
) {
  addRoute(
    app,
    auth,
    routes.list,
    ({ params, user, organization, query, ctx }) =>
      tables.listAnswer(
        tableOf(params),
        { user, organization, locale: ctx.locale, timeZone: ctx.timeZone },
        query,
      ),
    { uncheckedResponse: true },
  );
  addRoute(app, auth, routes.read, ({ params, user, organization }) =>
    tables.read(tableOf(params), { user, organization }, params.key ?? ''),
  );
  addRoute(app, auth, routes.audit, ({ params, user, organization }) =>
    tables.audit(tableOf(params), { user, organization }, params.key ?? ''),
  );
  addRoute(app, auth, routes.create, ({ params, user, organization, body, query }) =>
    tables.create(tableOf(params), { user, organization }, body, query.ignoreWarnings ?? false),
  );
  addRoute(app, auth, routes.update, ({ params, user, organization, body, query }) =>
    tables.update(
      tableOf(params),
      { user, organization },
      params.key ?? '',
      body,
      query.ignoreWarnings ?? false,
    ),
  );
  addRoute(app, auth, routes.remove, ({ params, user, organization, body, query, ctx }) =>
    tables.remove(
      tableOf(params),
      // A refusal names the records in the user's language (issue 24).
      { user, organization, locale: ctx.locale },
      body.keys,
      query.ignoreWarnings ?? false,
    ),
  );
}

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
      root: rights.root,
    })),
  }));
  addRoute(app, auth, r.schema, ({ params, user, organization }) =>
    tables.schema(params.name ?? '', { user, organization }),
  );
  addRoute(app, auth, r.defaultModel, ({ params, user, organization }) =>
    tables.defaultModel(params.name ?? '', { user, organization }),
  );
  registerCalls(app, auth, tables, r, (params) => codeListName(params.name));
  for (const name of ROOT_TABLES)
    registerCalls(app, auth, tables, rootTableRoutes(name), () => name);
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
