/**
 * Text no column can hold (issue 22): U+0000, which PostgreSQL refuses in text and jsonb, and
 * a lone UTF-16 surrogate, which is no character at all (a driver writes it as U+FFFD). Both
 * are refused where they come in, with a message on their field, never stripped: a value
 * changed behind the caller's back is not the value they sent (docs/security.md, "Controls:
 * hostile input").
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = 'validation.nulCharacter' | 'validation.loneSurrogate';

/** Why a text cannot be stored, or undefined when it can. */
export function unstorableText(text: string): TextProblem | undefined {
  if (text.includes('\u0000')) return 'validation.nulCharacter';
  if (LONE_SURROGATE.test(text)) return 'validation.loneSurrogate';
  return undefined;
}
