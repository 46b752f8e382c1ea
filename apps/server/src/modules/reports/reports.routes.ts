import type { FastifyInstance } from 'fastify';
import { activityReportRoutes as a, reportRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { ActivityReports } from './activity.service';
import type { ReportsService } from './reports.service';

/** The reports (issue 27): in the organisation of the header, or across the user's. */
export function registerReportRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  reports: ReportsService,
  activity: ActivityReports,
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
  addRoute(app, auth, a.spend, ({ user, organization, query, ctx }) =>
    activity.spend({ userId: user.id, organizationId: organization.id }, query, ctx),
  );
  addRoute(app, auth, a.approval, ({ user, organization, query, ctx }) =>
    activity.approval({ userId: user.id, organizationId: organization.id }, query, ctx),
  );
  addRoute(app, auth, a.capture, ({ user, organization, query, ctx }) =>
    activity.capture({ userId: user.id, organizationId: organization.id }, query, ctx),
  );
  addRoute(app, auth, a.payments, ({ user, organization, query, ctx }) =>
    activity.payments({ userId: user.id, organizationId: organization.id }, query, ctx),
  );
  addRoute(app, auth, r.agingAcross, ({ user, query, ctx }) =>
    reports.agingAcross(user.id, query, ctx.timeZone),
  );
  addRoute(app, auth, r.cashAcross, ({ user, query, ctx }) =>
    reports.cashAcross(user.id, query, ctx.timeZone),
  );
}
