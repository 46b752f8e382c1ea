import { accountRoutes } from './account';
import { companyRegisterRoutes, organizationRoutes } from './organization';
import { systemRoutes } from './system';
import { partnerRoutes, tableRoutes } from './tables';
import { tableIoRoutes } from './tables-io';
import type { RouteDef } from './route';

export * from './route';
export * from './common';
export * from './account';
export * from './organization';
export * from './system';
export * from './tables';
export * from './tables-io';
export { buildOpenApi } from './openapi';

/** Every call of the API, for the OpenAPI document and the authorisation walk. */
export const allRoutes: RouteDef[] = [
  ...Object.values(accountRoutes),
  ...Object.values(organizationRoutes),
  ...Object.values(companyRegisterRoutes),
  ...Object.values(systemRoutes),
  ...Object.values(tableRoutes),
  ...Object.values(partnerRoutes),
  ...Object.values(tableIoRoutes),
];
