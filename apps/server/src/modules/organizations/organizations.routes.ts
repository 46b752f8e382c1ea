import type { FastifyInstance } from 'fastify';
import { companyRegisterRoutes, organizationRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { OrganizationService } from './organizations.service';

export function registerOrganizationRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  organizations: OrganizationService,
) {
  addRoute(app, auth, r.create, ({ user, body }) => organizations.create(user, body));
  addRoute(app, auth, r.connect, ({ user, body }) => organizations.connect(user, body.code));
  addRoute(app, auth, companyRegisterRoutes.check, ({ query }) =>
    organizations.checkCompany(query.vatId),
  );
  addRoute(app, auth, companyRegisterRoutes.search, ({ query }) =>
    organizations.searchCompanies(query.search),
  );
  addRoute(app, auth, r.current, ({ user, organization }) =>
    organizations.current(user, organization),
  );
}
