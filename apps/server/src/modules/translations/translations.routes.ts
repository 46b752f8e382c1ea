import type { FastifyInstance } from 'fastify';
import { LOCALES, systemRoutes } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import { LANGUAGE_NAMES, messagesFor, resolveLocale } from '../../plugins/i18n';

/** GET /api/translation/{locale}: the catalogue of a locale, gaps filled from en-gb. */
export function registerTranslationRoutes(app: FastifyInstance, auth: AuthResolver) {
  addRoute(app, auth, systemRoutes.translation, async ({ params, reply }) => {
    const lang = resolveLocale(params.locale);
    reply.header('cache-control', 'no-cache');
    return {
      lang,
      messages: messagesFor(lang),
      allLanguages: LOCALES.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    };
  });
}
