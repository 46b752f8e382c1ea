import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiError, ApiMessage } from '@listina/contract';
import { AppError, type MessageSpec } from '../lib/errors';
import { faultOf } from './fault-errors';
import { raceOf } from './race-errors';
import { resolveLocale, translate, type Locale } from './i18n';

/** Maps every failure once to the spec §8 shape; 5xx answers never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const locale = localeOf(request);
    if (error instanceof AppError) {
      return send(reply, error.statusCode, locale, error.errors, error.warnings);
    }
    if (error instanceof z.ZodError) {
      return send(reply, 400, locale, zodMessages(error));
    }
    const race = raceOf(error);
    if (race) {
      request.log.warn({ errorId: request.id, race: String(error) }, 'write lost a race');
      return send(reply, 409, locale, [race]);
    }
    const fault = faultOf(error);
    if (fault) {
      // Not a bug: the database or the disk; the log says which, without a stack.
      request.log.warn({ errorId: request.id, fault: String(error) }, 'service fault');
      return send(reply, fault.status, locale, [fault.message]);
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, locale, [fastifyMessage(fastifyError, app)]);
    }
    request.log.error({ err: error, errorId: request.id }, 'unexpected error');
    return send(
      reply,
      500,
      locale,
      [{ code: 'errors.unexpected', parameters: [request.id] }],
      [],
      request.id,
    );
  });

  app.setNotFoundHandler((request, reply) => {
    send(reply, 404, localeOf(request), [
      {
        code: 'errors.routeNotFound',
        parameters: [request.method, request.url.split('?')[0] ?? ''],
      },
    ]);
  });
}

function localeOf(request: FastifyRequest): Locale {
  return resolveLocale(request.headers['content-language']);
}

function send(
  reply: FastifyReply,
  status: number,
  locale: Locale,
  errors: MessageSpec[],
  warnings: MessageSpec[] = [],
  errorId?: string,
) {
  const body: ApiError = {
    error: errors.map((m) => toMessage(locale, m)),
    warning: warnings.map((m) => toMessage(locale, m)),
    ...(errorId ? { errorId } : {}),
  };
  return reply.status(status).type('application/json').send(body);
}

function toMessage(locale: Locale, m: MessageSpec): ApiMessage {
  const parameters = (m.parameters ?? []).map(String);
  return {
    msg: translate(locale, m.code, parameters),
    code: m.code,
    parameters,
    ...(m.field ? { field: m.field } : {}),
    ...(m.suggestion === undefined ? {} : { suggestion: m.suggestion }),
  };
}

/** Each zod issue becomes a message on its field, worded for a person. */
export function zodMessages(error: z.ZodError): MessageSpec[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || undefined;
    const spec = (code: string, parameters: (string | number)[] = []): MessageSpec => ({
      code,
      parameters,
      ...(field ? { field } : {}),
    });
    if (issue.message.startsWith('validation.')) return spec(issue.message);
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined
          ? spec('validation.required')
          : spec('validation.invalidType', [issue.expected]);
      case 'too_small':
        return issue.origin === 'string'
          ? Number(issue.minimum) <= 1
            ? spec('validation.required')
            : spec('validation.tooShort', [String(issue.minimum)])
          : spec('validation.tooSmall', [String(issue.minimum)]);
      case 'too_big':
        return issue.origin === 'string'
          ? spec('validation.tooLong', [String(issue.maximum)])
          : spec('validation.tooBig', [String(issue.maximum)]);
      case 'invalid_format':
        return spec(issue.format === 'email' ? 'validation.email' : 'validation.invalidFormat');
      case 'invalid_value':
        return spec('validation.invalidValue', [issue.values.map(String).join(', ')]);
      case 'unrecognized_keys':
        return spec('validation.unknownFields', [issue.keys.join(', ')]);
      default:
        return spec('validation.invalid');
    }
  });
}

function fastifyMessage(error: FastifyError, app: FastifyInstance): MessageSpec {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'errors.bodyTooLarge', parameters: [app.initialConfig.bodyLimit ?? 0] };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'errors.unsupportedMediaType' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'errors.emptyBody' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'errors.malformedJson' };
    default:
      return error instanceof SyntaxError || /JSON/i.test(error.message)
        ? { code: 'errors.malformedJson' }
        : { code: 'errors.badRequest' };
  }
}
