import type { FastifyInstance } from 'fastify';
import { documentRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { DocumentsService } from './documents.service';

/** The document calls of spec §7 beyond the generic table calls at /api/doc. */
export function registerDocumentRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  documents: DocumentsService,
) {
  addRoute(app, auth, r.activate, ({ user, organization, query, body, ctx }) =>
    documents.activate(
      { user, organization, locale: ctx.locale },
      body.keys,
      query.ignoreWarnings === true,
    ),
  );
  addRoute(app, auth, r.customerHistory, ({ user, organization, query }) =>
    documents.customerHistory({ user, organization }, query),
  );
  addRoute(app, auth, r.tiles, ({ user, organization, ctx }) =>
    documents.tiles({ user, organization }, ctx.locale),
  );
}
