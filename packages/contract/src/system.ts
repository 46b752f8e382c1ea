import { z } from 'zod';
import { defineRoute } from './route';
import { OkSchema } from './common';

export const LanguageSchema = z.object({ code: z.string(), name: z.string() });

/** spec §3 Translation response. */
export const TranslationResponseSchema = z.object({
  lang: z.string(),
  messages: z.record(z.string(), z.string()),
  allLanguages: z.array(LanguageSchema),
});
export type TranslationResponse = z.infer<typeof TranslationResponseSchema>;

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** GET /api/ready: every check passed (a failed one answers 503 naming it, spec §8). */
export const ReadySchema = z.object({
  status: z.literal('ok'),
  checks: z.object({
    database: z.literal('ok'),
    migrations: z.literal('ok'),
    blobs: z.literal('ok'),
    shutdown: z.literal('ok'),
  }),
});

export const ClientConfigSchema = z.object({
  sentryDsn: z.string().nullable(),
  environment: z.string(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

export const ClientErrorBodySchema = z.object({
  message: z.string().max(2000),
  stack: z.string().max(20000).optional(),
  url: z.string().max(2000).optional(),
});

export const systemRoutes = {
  translation: defineRoute({
    method: 'GET',
    path: '/api/translation/:locale',
    summary: 'The interface texts of a locale; unknown locales and keys fall back to en-gb.',
    access: 'anonymous',
    response: TranslationResponseSchema,
  }),
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'Alive and the database reachable.',
    access: 'anonymous',
    response: HealthSchema,
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/ready',
    summary:
      'Ready for traffic: the database answers, migrations are at the latest, the file store is reachable and the process is not stopping; else 503 naming the failed checks.',
    access: 'anonymous',
    response: ReadySchema,
  }),
  metrics: defineRoute({
    method: 'GET',
    path: '/api/metrics',
    summary:
      'Prometheus text metrics; only from a loopback address or with Authorization: Bearer METRICS_TOKEN, otherwise 404.',
    access: 'anonymous',
    download: ['text/plain; version=0.0.4; charset=utf-8'],
  }),
  clientConfig: defineRoute({
    method: 'GET',
    path: '/api/client-config',
    summary: 'Settings the browser needs at boot (error reporting).',
    access: 'anonymous',
    response: ClientConfigSchema,
  }),
  clientError: defineRoute({
    method: 'POST',
    path: '/api/client-error',
    summary: 'An error the browser caught, logged by the server when no Sentry DSN is set.',
    access: 'anonymous',
    body: ClientErrorBodySchema,
    response: OkSchema,
  }),
};
