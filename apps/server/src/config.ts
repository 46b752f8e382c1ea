import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './lib/paths';

/**
 * The only reader of process.env. Every setting, its default and its meaning is listed here
 * and in the README; an invalid value stops start-up with a readable list.
 */
const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

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
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_RATE_MAX_PER_USER: z.coerce.number().int().positive().default(5),
  LOGIN_RATE_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SENTRY_DSN: z.url().optional(),
  WEB_DIST: z.string().optional(),
  NODE_ENV: z.string().default('production'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  sessionTtlMs: number;
  loginRate: { windowMs: number; maxPerUser: number; maxPerAddress: number };
  /** How long a signed-in apikey is believed without asking the database (ADR 0009). */
  authCacheMs: number;
  bodyLimit: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  sentryDsn: string | undefined;
  webDist: string;
  environment: string;
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
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) =>
          `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`,
      ),
    );
  }
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
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    loginRate: {
      windowMs: e.LOGIN_RATE_WINDOW_SECONDS * 1000,
      maxPerUser: e.LOGIN_RATE_MAX_PER_USER,
      maxPerAddress: e.LOGIN_RATE_MAX_PER_ADDRESS,
    },
    authCacheMs: e.AUTH_CACHE_MS,
    bodyLimit: e.BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    sentryDsn: e.SENTRY_DSN,
    webDist: path.resolve(e.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')),
    environment: e.NODE_ENV,
  };
}
