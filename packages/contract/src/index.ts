import { accountRoutes } from './account';
import { captureRoutes } from './capture';
import { documentDownloadRoutes, documentFileRoutes, documentRoutes } from './documents';
import { companyRegisterRoutes, organizationRoutes } from './organization';
import { invitationRoutes, onboardingRoutes } from './onboarding';
import { paymentRoutes } from './payments';
import { reportRoutes } from './reports';
import { activityReportRoutes } from './reports-activity';
import { gridPreferenceRoutes } from './grid-preferences';
import { intakeRoutes } from './intake';
import { savedFilterRoutes } from './saved-filters';
import { systemRoutes } from './system';
import { notificationRoutes, workflowRoutes } from './workflow';
import { partnerRoutes, ROOT_TABLES, rootTableRoutes, tableRoutes } from './tables';
import { rootTableIoRoutes, tableIoRoutes } from './tables-io';
import type { RouteDef } from './route';

export * from './route';
export * from './common';
export * from './account';
export * from './organization';
export * from './onboarding';
export * from './system';
export * from './tables';
export * from './tables-io';
export * from './documents';
export * from './saved-filters';
export * from './grid-preferences';
export * from './workflow';
export * from './capture';
export * from './payments';
export * from './intake';
export * from './reports';
export * from './reports-activity';
export { buildOpenApi } from './openapi';

/** Every call of the API, for the OpenAPI document and the authorisation walk. */
export const allRoutes: RouteDef[] = [
  ...Object.values(accountRoutes),
  ...Object.values(organizationRoutes),
  ...Object.values(companyRegisterRoutes),
  ...Object.values(onboardingRoutes),
  ...Object.values(invitationRoutes),
  ...Object.values(systemRoutes),
  ...Object.values(tableRoutes),
  ...Object.values(partnerRoutes),
  ...Object.values(tableIoRoutes),
  ...Object.values(documentRoutes),
  ...Object.values(documentFileRoutes),
  ...Object.values(documentDownloadRoutes),
  ...Object.values(savedFilterRoutes),
  ...Object.values(gridPreferenceRoutes),
  ...Object.values(workflowRoutes),
  ...Object.values(notificationRoutes),
  ...Object.values(captureRoutes),
  ...Object.values(paymentRoutes),
  ...Object.values(intakeRoutes),
  ...Object.values(reportRoutes),
  ...Object.values(activityReportRoutes),
  ...ROOT_TABLES.flatMap((name) => [
    ...Object.values(rootTableRoutes(name)),
    ...Object.values(rootTableIoRoutes(name)),
  ]),
];
