import { accountRoutes } from './account';
import { organizationRoutes } from './organization';
import { systemRoutes } from './system';
import { tableRoutes } from './tables';
import type { RouteDef } from './route';

export * from './route';
export * from './common';
export * from './account';
export * from './organization';
export * from './system';
export * from './tables';
export { buildOpenApi } from './openapi';

/** Every call of the API, for the OpenAPI document and the authorisation walk. */
export const allRoutes: RouteDef[] = [
  ...Object.values(accountRoutes),
  ...Object.values(organizationRoutes),
  ...Object.values(systemRoutes),
  ...Object.values(tableRoutes),
];
