import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './lib/paths';
import * as retention from './modules/retention/policy';

/**
 * The only reader of process.env. Every setting, its default and its meaning is listed here
 * and in the README; an invalid value stops start-up with a readable list.
 */
const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

/** A TRUST_PROXY entry: an IP address, a CIDR, or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128))
  );
}

/** The EU's VAT information exchange system (VIES), REST API (ADR 0019). */
const DEFAULT_COMPANY_REGISTER_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';
const DEFAULT_FILE_LIMIT = 25 * 1024 * 1024;
const DEFAULT_REQUEST_FILES_LIMIT = 100 * 1024 * 1024;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SEED_DEMO: flag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Listina <no-reply@listina.local>'),
  PUBLIC_URL: z.url().optional(),
  COMPANY_REGISTER_URL: z
    .union([
      z.literal('off'),
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, or off' }),
    ])
    .default(DEFAULT_COMPANY_REGISTER_URL),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_RATE_MAX_PER_USER: z.coerce.number().int().positive().default(5),
  LOGIN_RATE_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  ACCOUNT_MAIL_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  RESET_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(60),
  SESSION_ROTATION_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  LOGIN_LOCK_BASE_SECONDS: z.coerce.number().int().positive().default(60),
  LOGIN_LOCK_MAX_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_FAILURE_MEMORY_HOURS: z.coerce.number().positive().default(24),
  SIGN_IN_AUDIT_DAYS: z.coerce.number().int().positive().default(180),
  AUDIT_LOG_RETENTION_DAYS: retention.days(3653),
  NOTIFICATION_RETENTION_DAYS: retention.days(90),
  JOB_RETENTION_DAYS: retention.days(30),
  RETENTION_INTERVAL_MINUTES: retention.intervalMinutes,
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  CAPTURE_WORKERS: z.coerce.number().int().min(0).max(32).default(1),
  PROCESS_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  CAPTURE_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  // Invoices by e-mail (issue 25, docs/intake.md).
  INTAKE_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  INTAKE_MAILBOXES: z.enum(['on', 'off']).default('on'),
  INTAKE_POLL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  INTAKE_SMTP_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  INTAKE_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  INTAKE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$|^localhost$/i, 'must be a mail domain')
    .default('intake.listina.local'),
  INTAKE_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(30 * 1_048_576),
  // Notifications by mail and the daily digest (issue 26, docs/workflow.md).
  NOTIFY_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  NOTIFY_DELIVERY_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  NOTIFY_DAILY_CHECK_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(120_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(72_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(25_000),
  CORS_ORIGINS: z
    .string()
    .regex(
      /^\s*https?:\/\/[^/\s,]+(\s*,\s*https?:\/\/[^/\s,]+)*\s*$/,
      'must be origins (scheme://host[:port]) separated by commas',
    )
    .optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => v.split(',').every((entry) => isProxyAddress(entry.trim())),
      'must be proxy addresses or CIDRs (or loopback, linklocal, uniquelocal) separated by commas',
    )
    .optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (a-z, 0-9, . and -)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  FILE_LIMIT_BYTES: z.coerce.number().int().positive().default(DEFAULT_FILE_LIMIT),
  REQUEST_FILES_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_REQUEST_FILES_LIMIT),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SENTRY_DSN: z.url().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('listina'),
  WEB_DIST: z.string().optional(),
  NODE_ENV: z.string().default('production'),
});

export interface IntakeConfig {
  /** Seals mailbox passwords; unset: a key file in DATA_DIR (one machine only). */
  secretKey: string | undefined;
  /** Whether this process polls the organisations' mailboxes (workers and `npm start`). */
  mailboxes: boolean;
  /** How often a mailbox without IDLE is looked at. */
  pollMs: number;
  /** The SMTP listener's port; 0: off. */
  smtpPort: number;
  smtpHost: string;
  /** Mail for <organisation code>@<domain> is taken by the SMTP listener. */
  domain: string;
  /** The largest message taken, whichever way it came. */
  maxMessageBytes: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /** all: everything (npm start); api: HTTP API and web app; worker: jobs, outbox, sweep (ADR 0012). */
  processRole: 'all' | 'api' | 'worker';
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Invoices by e-mail (issue 25): polled mailboxes and the optional SMTP listener. */
  intake: IntakeConfig;
  /**
   * Notifications outside the app (issue 26): how old a notification is before it is mailed
   * (an undo within it sends nothing), how often the workers deliver, and how often they look
   * for reminders and digests due; 0 turns the schedule off (tests run it by hand).
   */
  notify: { mailDelayMs: number; deliveryMs: number; dailyCheckMs: number };
  publicUrl: string;
  /** The VIES REST API the onboarding looks VAT IDs up in; undefined: only the local register (ADR 0019). */
  companyRegisterUrl: string | undefined;
  sessionTtlMs: number;
  /** A session unused this long ends (docs/security.md). */
  sessionIdleMs: number;
  /** How long a rotated apikey still works, for requests in flight. */
  sessionGraceMs: number;
  /**
   * Sign-in limits: per account a lock that doubles, per address in a window; and the hourly
   * limits of the requests that mail (registration, password reset) (docs/security.md).
   */
  loginRate: {
    windowMs: number;
    maxPerUser: number;
    maxPerAddress: number;
    lockBaseMs: number;
    lockMaxMs: number;
    memoryMs: number;
    mailMaxPerAddress: number;
    resetMaxPerAccount: number;
  };
  /** How long the tables that only grow keep their rows (ADR 0013). */
  retention: retention.RetentionPolicy;
  /** How long a signed-in apikey is believed without asking the database (ADR 0009). */
  authCacheMs: number;
  /** Capture jobs this process runs at once (issue 7); 0: another process runs them. */
  captureWorkers: number;
  /** How long a capture job is its worker's before another may take it back (renewed while it runs). */
  captureLeaseSeconds: number;
  /** PostgreSQL: how long a request waits for a connection, and a statement may run (0: no limit). */
  dbTimeouts: { connectMs: number; statementMs: number };
  bodyLimit: number;
  /** How long a client may take to send a request, its headers, or nothing at all (HTTP). */
  httpTimeouts: { requestMs: number; headersMs: number; keepAliveMs: number; connectionMs: number };
  /** Other sites whose pages may call the API (CORS); none by default. */
  corsOrigins: string[];
  /** Proxies whose X-Forwarded-For names the client (Fastify trustProxy); none by default. */
  trustProxy: string[];
  /** How long a stop (SIGTERM) waits for requests in flight before cutting them off. */
  shutdownGraceMs: number;
  /** Where file content lives (ARCHITECTURE §2 "Files"); local is under DATA_DIR/blobs. */
  storage: StorageConfig;
  /** Largest single uploaded file. */
  fileLimitBytes: number;
  /** Largest sum of the files of one request. */
  requestFilesLimitBytes: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  sentryDsn: string | undefined;
  /** Bearer token that lets a caller off this machine read GET /api/metrics. */
  metricsToken: string | undefined;
  /** OpenTelemetry traces over OTLP/HTTP; undefined: none (nothing loaded). */
  tracing: { endpoint: string; serviceName: string } | undefined;
  webDist: string;
  environment: string;
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

/** The notification stream writes every 25 s (workflow.routes.ts): an idle socket outlives it. */
const MIN_CONNECTION_TIMEOUT = 30_000;

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];

/** Rules between settings, checked on the raw values so they join the schema's list. */
function crossChecks(env: Record<string, string | undefined>): string[] {
  const problems =
    env.STORAGE === 's3' ? S3_REQUIRED.filter((name) => env[name] === undefined) : [];
  const messages = problems.map((name) => `${name}: required when STORAGE=s3`);
  const file = Number(env.FILE_LIMIT_BYTES ?? DEFAULT_FILE_LIMIT);
  const request = Number(env.REQUEST_FILES_LIMIT_BYTES ?? DEFAULT_REQUEST_FILES_LIMIT);
  if (request < file) {
    messages.push(
      `REQUEST_FILES_LIMIT_BYTES: must be at least FILE_LIMIT_BYTES (${file}) (got ${JSON.stringify(env.REQUEST_FILES_LIMIT_BYTES ?? String(request))})`,
    );
  }
  const headersTimeout = Number(env.HEADERS_TIMEOUT_MS ?? 20_000);
  const requestTimeout = Number(env.REQUEST_TIMEOUT_MS ?? 120_000);
  if (headersTimeout > requestTimeout) {
    messages.push(
      `HEADERS_TIMEOUT_MS: must be at most REQUEST_TIMEOUT_MS (${requestTimeout}) (got ${JSON.stringify(env.HEADERS_TIMEOUT_MS)})`,
    );
  }
  const connection = Number(env.CONNECTION_TIMEOUT_MS ?? 120_000);
  if (connection > 0 && connection < MIN_CONNECTION_TIMEOUT) {
    messages.push(
      `CONNECTION_TIMEOUT_MS: must be 0 (off) or at least ${MIN_CONNECTION_TIMEOUT}, longer than the notification stream's heartbeat (got ${JSON.stringify(env.CONNECTION_TIMEOUT_MS)})`,
    );
  }
  return messages;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as in most .env conventions.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.error?.issues ?? []).map(
      (i) =>
        `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`,
    ),
    ...crossChecks(cleaned),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    intake: {
      secretKey: e.INTAKE_SECRET_KEY,
      // Mailboxes are polled by the workers: an API process polls none.
      mailboxes: e.INTAKE_MAILBOXES === 'on' && e.PROCESS_ROLE !== 'api',
      pollMs: e.INTAKE_POLL_SECONDS * 1000,
      smtpPort: e.PROCESS_ROLE === 'api' ? 0 : e.INTAKE_SMTP_PORT,
      smtpHost: e.INTAKE_SMTP_HOST,
      domain: e.INTAKE_DOMAIN.toLowerCase(),
      maxMessageBytes: e.INTAKE_MAX_MESSAGE_BYTES,
    },
    notify: {
      mailDelayMs: e.NOTIFY_MAIL_DELAY_SECONDS * 1000,
      deliveryMs: e.NOTIFY_DELIVERY_SECONDS * 1000,
      dailyCheckMs: e.NOTIFY_DAILY_CHECK_SECONDS * 1000,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    companyRegisterUrl:
      e.COMPANY_REGISTER_URL === 'off' ? undefined : e.COMPANY_REGISTER_URL.replace(/\/$/, ''),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    loginRate: {
      windowMs: e.LOGIN_RATE_WINDOW_SECONDS * 1000,
      maxPerUser: e.LOGIN_RATE_MAX_PER_USER,
      maxPerAddress: e.LOGIN_RATE_MAX_PER_ADDRESS,
      lockBaseMs: e.LOGIN_LOCK_BASE_SECONDS * 1000,
      lockMaxMs: e.LOGIN_LOCK_MAX_SECONDS * 1000,
      memoryMs: e.LOGIN_FAILURE_MEMORY_HOURS * 3_600_000,
      mailMaxPerAddress: e.ACCOUNT_MAIL_MAX_PER_ADDRESS,
      resetMaxPerAccount: e.RESET_MAX_PER_ACCOUNT,
    },
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionGraceMs: e.SESSION_ROTATION_GRACE_SECONDS * 1000,
    retention: retention.policyOf(e),
    authCacheMs: e.AUTH_CACHE_MS,
    processRole: e.PROCESS_ROLE,
    // An API process runs no job loop: the workers do.
    captureWorkers: e.PROCESS_ROLE === 'api' ? 0 : e.CAPTURE_WORKERS,
    captureLeaseSeconds: e.CAPTURE_LEASE_SECONDS,
    dbTimeouts: { connectMs: e.DB_CONNECT_TIMEOUT_MS, statementMs: e.DB_STATEMENT_TIMEOUT_MS },
    bodyLimit: e.BODY_LIMIT_BYTES,
    httpTimeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      headersMs: e.HEADERS_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionMs: e.CONNECTION_TIMEOUT_MS,
    },
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    storage: storageConfig(e),
    fileLimitBytes: e.FILE_LIMIT_BYTES,
    requestFilesLimitBytes: e.REQUEST_FILES_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    sentryDsn: e.SENTRY_DSN,
    metricsToken: e.METRICS_TOKEN,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
    webDist: path.resolve(e.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')),
    environment: e.NODE_ENV,
  };
}

function storageConfig(e: z.infer<typeof EnvSchema>): StorageConfig {
  if (e.STORAGE === 'local') return { kind: 'local' };
  // crossChecks has refused a missing one already; the fallbacks only satisfy the types.
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT ?? '',
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
  };
}
