import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Config } from './config';
import { startBackground, type Background } from './background';
import type { DbHandle } from './db/create-db';
import { createMailer, type Mailer } from './plugins/mail';
import { registerErrorHandler } from './plugins/errors';
import { registerHostileInput } from './plugins/hostile-input';
import { cachedAuthResolver } from './plugins/auth-cache';
import { registerWeb } from './plugins/web';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerCors } from './plugins/cors';
import { registerCompression } from './plugins/compression';
import { httpTimeouts, registerConnectionDrain } from './plugins/timeouts';
import { createAccountService, type AccountService } from './modules/account/account.service';
import { registerAccountRoutes } from './modules/account/account.routes';
import {
  createOrganizationService,
  type OrganizationService,
} from './modules/organizations/organizations.service';
import { registerOrganizationRoutes } from './modules/organizations/organizations.routes';
import { registerOnboardingRoutes } from './modules/organizations/onboarding.routes';
import { createOnboardingService } from './modules/organizations/onboarding.service';
import { createInvitationService } from './modules/organizations/invitations.service';
import { cachedConnector, viesConnector } from './modules/organizations/company-register';
import { registerTranslationRoutes } from './modules/translations/translations.routes';
import { registerSystemRoutes } from './modules/system/system.routes';
import { createTablesService } from './modules/tables/tables.service';
import { registerTableRoutes } from './modules/tables/tables.routes';
import { registerTableIoRoutes } from './modules/tables/tables-io.routes';
import { createDocumentsService } from './modules/documents/documents.service';
import { createRetention } from './modules/retention/schedule';
import { createNotifyDelivery, type NotifyDelivery } from './modules/notify/notify.service';
import { registerNotifyRoutes } from './modules/notify/notify.routes';
import { createNotificationSettings } from './modules/notify/settings';
import { createActivityReports } from './modules/reports/activity.service';
import { registerReportRoutes } from './modules/reports/reports.routes';
import { createReportsService } from './modules/reports/reports.service';
import { registerDocumentRoutes } from './modules/documents/documents.routes';
import { createNotificationEvents } from './modules/workflow/notification-events';
import { createNotificationsService } from './modules/workflow/notifications.service';
import { registerWorkflowRoutes } from './modules/workflow/workflow.routes';
import { registerPaymentRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { createPaymentFilesService } from './modules/payments/payment-files.service';
import { createTableImporter } from './modules/tables/import';
import { createWorkflowService } from './modules/workflow/workflow.service';
import { registerCaptureRoutes } from './modules/capture/capture.routes';
import { createCaptureService } from './modules/capture/capture.service';
import { registerGridPreferenceRoutes } from './modules/grid-preferences/grid-preferences.routes';
import { createGridPreferencesService } from './modules/grid-preferences/grid-preferences.service';
import { registerSavedFilterRoutes } from './modules/saved-filters/saved-filters.routes';
import { createSavedFiltersService } from './modules/saved-filters/saved-filters.service';
import { createFileLinks, loadLinkSecret } from './modules/documents/file-links';
import { registerDocumentFileRoutes } from './modules/documents/files.routes';
import { createDocumentFilesService } from './modules/documents/files.service';
import { createBlobStore } from './plugins/storage/create-blob-store';
import {
  loggerOptions,
  registerRequestIdHeader,
  newRequestId,
  requestIdOf,
} from './plugins/observability/logging';
import { createHttpMetrics, registerHttpMetrics } from './plugins/observability/metrics';
import { CHANNELS, createBus, type Bus } from './db/listen';
import { loadSecretKey } from './modules/intake/secret-box';
import { createIntakeService } from './modules/intake/intake.service';
import type { IntakeService } from './modules/intake/intake-types';
import { testMailboxSettings } from './modules/intake/mailbox-check';
import { createIntakeLog } from './modules/intake/intake-log';
import * as documentFileRows from './modules/documents/files.repository';
import { registerIntakeRoutes } from './modules/intake/intake.routes';

/** Requests after which a cached sign-in may be stale: sessions, passwords, memberships, roles. */
const AUTH_CHANGES = /^\/api\/(account|organization|cl\/organization|invitation)\b/;

export interface App {
  app: FastifyInstance;
  mailer: Mailer;
  services: {
    account: AccountService;
    organizations: OrganizationService;
    intake: IntakeService;
    notify: NotifyDelivery;
  };
}

/**
 * Builds the HTTP application without listening (tests use app.inject). PROCESS_ROLE (ADR 0012):
 * `all` builds everything; `api` the routes and the web app but no job loop; `worker` the job
 * loop, the outbox sweep (main.ts starts the mailer), the blob sweep and only the system routes.
 */
export async function buildApp(config: Config, database: DbHandle): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimit,
    // Off unless TRUST_PROXY names the proxies (docs/deployment.md).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    ...httpTimeouts(config),
    // Signed file links (/api/file/{token}) are longer than Fastify's default of 100.
    routerOptions: { maxParamLength: 300 },
    // A proxy's X-Request-Id is taken only behind a trusted proxy (TRUST_PROXY).
    genReqId: config.trustProxy.length > 0 ? requestIdOf : newRequestId,
  });
  registerRequestIdHeader(app);
  const httpMetrics = createHttpMetrics();
  registerHttpMetrics(app, httpMetrics);
  if (config.tracing) {
    // Only when configured: a process without OTEL_EXPORTER_OTLP_ENDPOINT loads none of it.
    const { registerTracing } = await import('./plugins/observability/tracing');
    registerTracing(app, config.tracing);
  }
  registerErrorHandler(app);
  registerHostileInput(app);
  registerSecurityHeaders(app, config.publicUrl);
  registerCors(app, config.corsOrigins);
  registerCompression(app);
  registerConnectionDrain(app);

  const { db } = database;
  const blobs = createBlobStore(config);
  const mailer = createMailer({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: path.join(config.dataDir, 'mail'),
    log: app.log,
    openBlob: (id) => blobs.open(id),
  });
  const invitations = createInvitationService({ db, mailer, publicUrl: config.publicUrl });
  const account = createAccountService({
    db,
    mailer,
    invitations,
    publicUrl: config.publicUrl,
    sessionTtlMs: config.sessionTtlMs,
    sessionIdleMs: config.sessionIdleMs,
    sessionGraceMs: config.sessionGraceMs,
    loginRate: config.loginRate,
  });
  const organizations = createOrganizationService(db);
  const auth = cachedAuthResolver(
    { authenticate: (apikey, organizationKey) => account.authenticate(apikey, organizationKey) },
    config.authCacheMs,
  );
  // Before the answer leaves: a caller that saw it cannot get an older sign-in from the cache.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') auth.clear();
    done(null, payload);
  });

  // On PostgreSQL the processes of one database hear each other through LISTEN/NOTIFY.
  const bus: Bus | undefined =
    database.kind === 'postgres' && config.databaseUrl
      ? createBus(db, config.databaseUrl, app.log)
      : undefined;
  if (bus) {
    bus.on(CHANNELS.auth, () => auth.clear());
    app.addHook('onClose', () => bus.close());
    // A sign-out, rotation, password or membership change elsewhere clears every process' cache.
    app.addHook('onResponse', (request, _reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && AUTH_CHANGES.test(request.url))
        bus.notify(CHANNELS.auth);
      done();
    });
  }
  const role = config.processRole;
  const api = role !== 'worker';
  if (api) {
    registerAccountRoutes(app, auth, account);
    registerOrganizationRoutes(app, auth, organizations);
    // ADR 0019: VIES when configured, answers cached; else the local register alone.
    const register = config.companyRegisterUrl
      ? cachedConnector(viesConnector(config.companyRegisterUrl))
      : undefined;
    registerOnboardingRoutes(app, auth, createOnboardingService(db, register), invitations);
    registerTranslationRoutes(app, auth);
  }
  const tables = createTablesService(db);
  if (api) registerTableRoutes(app, auth, tables);
  const events = createNotificationEvents(bus);
  // Notifications by mail, reminders and digests (issue 26); the workers send them.
  const notify = createNotifyDelivery({
    db,
    mailer,
    publicUrl: config.publicUrl,
    delayMs: config.notify.mailDelayMs,
    changed: (organizationId, userIds) => events.changed(organizationId, userIds),
    log: app.log,
  });
  // Retention (ADR 0013) runs in the workers, never in an API process.
  const retention =
    role === 'api' ? undefined : createRetention(database, config.retention, app.log);
  // Both roles: health, ready and metrics (a worker answers only these).
  registerSystemRoutes(app, auth, {
    db,
    config,
    blobs,
    events,
    pool: database.pool,
    http: httpMetrics,
    retention: retention?.metricsText,
  });
  const workflow = createWorkflowService(db, tables, events);
  if (api) registerDocumentRoutes(app, auth, createDocumentsService(db, tables, workflow));
  // Started below, once the services it runs exist.
  const background: { started?: Background } = {};
  const capture = createCaptureService(db, tables, blobs, () => {
    // The workers of every process look now; their poll is the fallback.
    if (bus) bus.notify(CHANNELS.jobs);
    else background.started?.wakeCapture();
  });
  if (api) registerCaptureRoutes(app, auth, capture);
  // Invoices by e-mail (issue 25): mailbox passwords sealed with the configured key.
  loadSecretKey({ secretKey: config.intake.secretKey, dataDir: config.dataDir });
  const intake = createIntakeService({
    db,
    tables,
    blobs,
    files: documentFileRows,
    fileBytes: config.fileLimitBytes,
    maxMessageBytes: config.intake.maxMessageBytes,
    domain: config.intake.domain,
    capture: async (scope, documentKeys) => {
      await capture.queue(scope, { documentKeys, provider: 'auto' }, 'en-gb');
    },
    log: app.log,
  });
  background.started = await startBackground(app, {
    config,
    db,
    blobs,
    bus,
    notify,
    retention,
    intake,
    capture,
  });
  if (!api) {
    app.addHook('onClose', () => mailer.stop());
    return { app, mailer, services: { account, organizations, intake, notify } };
  }
  registerWorkflowRoutes(app, auth, {
    workflow,
    notifications: createNotificationsService(db, events),
    events,
  });
  registerIntakeRoutes(app, auth, {
    log: createIntakeLog(db),
    blobs,
    release: (organizationId, key, userId) => intake.release(organizationId, key, userId),
    testMailbox: (scope, body, locale) =>
      testMailboxSettings(
        db,
        { userId: scope.user.id, organizationId: scope.organization.id },
        body,
        locale,
      ),
    domain: config.intake.domain,
    receivesMail: config.intake.smtpPort > 0,
  });
  registerNotifyRoutes(app, auth, createNotificationSettings(db));
  registerReportRoutes(app, auth, createReportsService(db), createActivityReports(db));
  registerSavedFilterRoutes(app, auth, createSavedFiltersService(db));
  registerGridPreferenceRoutes(app, auth, createGridPreferencesService(db));
  const limits = { fileBytes: config.fileLimitBytes, requestBytes: config.requestFilesLimitBytes };
  const documentFiles = createDocumentFilesService({
    db,
    tables,
    blobs,
    links: createFileLinks(await loadLinkSecret(db)),
    limits,
    afterUpload: async (scope, documentKey) => {
      await capture.queue(scope, { documentKeys: [documentKey], provider: 'auto' }, 'en-gb');
    },
  });
  await registerDocumentFileRoutes(app, auth, documentFiles, limits);
  await registerTableIoRoutes(app, auth, db, tables.hooks);
  const payments = createPaymentsService(tables);
  const paymentFiles = createPaymentFilesService(
    db,
    tables,
    payments,
    createTableImporter(db, tables.hooks),
    (organizationId, userIds) => events.changed(organizationId, userIds),
  );
  await registerPaymentRoutes(app, auth, payments, paymentFiles);
  await registerWeb(app, config.webDist);

  app.addHook('onClose', () => mailer.stop());
  return { app, mailer, services: { account, organizations, intake, notify } };
}
