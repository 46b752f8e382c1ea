import type { FastifyInstance } from 'fastify';
import { reportRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { ReportsService } from './reports.service';

/** The reports (issue 27): in the organisation of the header, or across the user's. */
export function registerReportRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  reports: ReportsService,
) {
  addRoute(app, auth, r.aging, ({ user, organization, query, ctx }) =>
    reports.aging(
      { userId: user.id, organizationId: organization.id },
      query,
      ctx.timeZone,
      ctx.locale,
    ),
  );
  addRoute(app, auth, r.cash, ({ user, organization, query, ctx }) =>
    reports.cash({ userId: user.id, organizationId: organization.id }, query, ctx.timeZone),
  );
  addRoute(app, auth, r.agingAcross, ({ user, query, ctx }) =>
    reports.agingAcross(user.id, query, ctx.timeZone),
  );
  addRoute(app, auth, r.cashAcross, ({ user, query, ctx }) =>
    reports.cashAcross(user.id, query, ctx.timeZone),
  );
}
