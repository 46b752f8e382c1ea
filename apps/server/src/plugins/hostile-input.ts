import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, type MessageSpec } from '../lib/errors';

/**
 * Text no column can hold, refused at the edge (issue 22, "Hostile values"): U+0000, which
 * PostgreSQL refuses in text and jsonb (it answered 500 from the depths of a save or a search),
 * and a lone UTF-16 surrogate, which is no character at all and would be stored as U+FFFD.
 * Refused with a 400 naming the field rather than stripped: a value changed behind the
 * caller's back is a value they did not send (docs/security.md, "Controls: hostile input").
 * Checked in every JSON body, query parameter and path parameter before a route sees them.
 */

const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Keys that would reach an object's prototype once copied with Object.assign or a merge. */
const PROTOTYPE_KEYS = new Set(['__proto__']);

/** Why a text cannot be stored, or undefined when it can. */
export function textProblem(
  text: string,
): 'validation.nulCharacter' | 'validation.loneSurrogate' | undefined {
  if (text.includes(NUL)) return 'validation.nulCharacter';
  if (LONE_SURROGATE.test(text)) return 'validation.loneSurrogate';
  return undefined;
}

/** Every problem of a parsed value: its texts, its keys, prototype keys, by field path. */
export function valueProblems(value: unknown, path: string[] = [], found: MessageSpec[] = []) {
  // Enough to tell the caller; a body of a million bad strings needs no million messages.
  if (found.length >= 20) return found;
  const field = path.join('.');
  if (typeof value === 'string') {
    const code = textProblem(value);
    if (code) found.push({ code, ...(field ? { field } : {}) });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => valueProblems(item, [...path, String(index)], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const keyCode = textProblem(key);
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
function parseJson(_request: FastifyRequest, body: string): unknown {
  if (body === '') throw badRequest('errors.emptyBody');
  let value: unknown;
  try {
    value = JSON.parse(body);
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
    const nameCode = textProblem(name);
    if (nameCode) {
      found.push({ code: nameCode });
      continue;
    }
    for (const text of [value].flat()) {
      const code = typeof text === 'string' ? textProblem(text) : undefined;
      if (code) found.push({ code, field: name });
    }
  }
}

export function registerHostileInput(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, parseJson(request, body as string));
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
