import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, type MessageSpec } from '../lib/errors';
import { unstorableText } from '../lib/unstorable-text';

/**
 * The edge's part of issue 22, "Hostile values": every JSON body, query parameter and path
 * parameter is checked before a route sees it for text no column can hold (lib/unstorable-text.ts)
 * and for `__proto__` keys, each refused with 400 on its field.
 */

/** Keys that would reach an object's prototype once copied with Object.assign or a merge. */
const PROTOTYPE_KEYS = new Set(['__proto__']);

/** Every problem of a parsed value: its texts, its keys, prototype keys, by field path. */
export function valueProblems(value: unknown, path: string[] = [], found: MessageSpec[] = []) {
  // Enough to tell the caller; a body of a million bad strings needs no million messages.
  if (found.length >= 20) return found;
  const field = path.join('.');
  if (typeof value === 'string') {
    const code = unstorableText(value);
    if (code) found.push({ code, ...(field ? { field } : {}) });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => valueProblems(item, [...path, String(index)], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const keyCode = unstorableText(key);
      if (keyCode) {
        found.push({ code: keyCode, ...(field ? { field } : {}) });
      } else if (PROTOTYPE_KEYS.has(key)) {
        found.push({
          code: 'validation.unknownFields',
          parameters: [key],
          field: [...path, key].join('.'),
        });
      } else {
        valueProblems(inner, [...path, key], found);
      }
    }
  }
  return found;
}

/**
 * A JSON body as it is: JSON.parse keeps a `__proto__` key as a plain property (it sets no
 * prototype), so such a body is valid JSON and is answered as an unknown field, not as
 * malformed (Fastify's own parser calls it malformed).
 */
function parseJson(body: string): unknown {
  if (body === '') throw badRequest('errors.emptyBody');
  let value: unknown;
  try {
    // A leading byte order mark is taken, as Fastify's own parser takes it.
    value = JSON.parse(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
  } catch {
    throw badRequest('errors.malformedJson');
  }
  const problems = valueProblems(value);
  if (problems.length > 0) throw new AppError(400, problems);
  return value;
}

/** Query and path parameters, as they came: texts, or lists of texts for a repeated name. */
function parameterProblems(parameters: unknown, found: MessageSpec[]): void {
  if (parameters === null || typeof parameters !== 'object') return;
  for (const [name, value] of Object.entries(parameters)) {
    const nameCode = unstorableText(name);
    if (nameCode) {
      found.push({ code: nameCode });
      continue;
    }
    for (const text of [value].flat()) {
      const code = typeof text === 'string' ? unstorableText(text) : undefined;
      if (code) found.push({ code, field: name });
    }
  }
}

export function registerHostileInput(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const found: MessageSpec[] = [];
    parameterProblems(request.params, found);
    parameterProblems(request.query, found);
    done(found.length > 0 ? new AppError(400, found) : undefined);
  });
}
