import type { FastifyInstance } from 'fastify';
import { paymentRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { PaymentsService } from './payments.service';

/** The payments calls of spec §7 (issue 8; docs/payments.md). */
export function registerPaymentRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  payments: PaymentsService,
) {
  addRoute(app, auth, r.fromDocuments, ({ user, organization, query, body }) =>
    payments.fromDocuments({ user, organization }, body, query.ignoreWarnings === true),
  );
  addRoute(app, auth, r.split, ({ user, organization, params, body }) =>
    payments.split({ user, organization }, params.key ?? '', body.splitVal),
  );
  addRoute(app, auth, r.mark, ({ user, organization, body }) =>
    payments.mark({ user, organization }, body.keys, body.state),
  );
  addRoute(app, auth, r.buildPackages, ({ user, organization, body }) =>
    payments.buildPackages({ user, organization }, body.keys),
  );
  addRoute(app, auth, r.markPackages, ({ user, organization, body }) =>
    payments.markPackages({ user, organization }, body.keys, body.state),
  );
}
