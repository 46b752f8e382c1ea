import type { z } from 'zod';
import type { TFunction } from './i18n';

export type FieldErrors = Record<string, string>;

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Translation keys for zod's own issues (the contract's messages are catalogue keys already);
 * validation.* are shared with the server's messages.
 */
export const FORM_TEXT_KEYS = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalid: 'validation.invalid',
  passwordsDiffer: 'form.passwordsDiffer',
} as const;

function issueText(issue: z.core.$ZodIssue, t: TFunction, has: (key: string) => boolean) {
  const limit =
    'minimum' in issue ? Number(issue.minimum) : 'maximum' in issue ? Number(issue.maximum) : null;
  const params = limit === null ? undefined : [limit];
  if (has(issue.message)) return t(issue.message, params);
  if (issue.code === 'too_small') {
    return limit === 1 ? t(FORM_TEXT_KEYS.required) : t(FORM_TEXT_KEYS.tooShort, params);
  }
  if (issue.code === 'too_big') return t(FORM_TEXT_KEYS.tooLong, params);
  return t(FORM_TEXT_KEYS.invalid);
}

/**
 * Validates a form with the route's own request schema (STYLE: the contract is never
 * redeclared) and gives one translated message per field.
 */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  t: TFunction,
  has: (key: string) => boolean,
): ValidationResult<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issueText(issue, t, has);
  }
  return { ok: false, errors };
}
