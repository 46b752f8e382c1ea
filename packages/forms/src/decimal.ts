import { compareDecimal, hasMorePlaces, roundDecimal } from './decimal-math';

/** spec §5: default decimal places are 2, integers 0. */
export const DEFAULT_DECIMAL_PLACES = 2;

export interface DecimalParseOptions {
  /** Decimal places kept; default 2 (spec §5). Ignored when `isInteger`. */
  places?: number;
  /** An integer field: 0 places (spec §5). */
  isInteger?: boolean;
  /** Lower bound; a smaller value is clamped to it and flagged `outOfBounds` (spec §5). */
  min?: number | string;
  /** Upper bound; a larger value is clamped to it and flagged `outOfBounds` (spec §5). */
  max?: number | string;
}

export interface DecimalParseResult {
  /** Canonical value with exactly the field's places ('-1234.50'), or null (empty or invalid). */
  value: string | null;
  /** The text is not a number. */
  invalid: boolean;
  /** The text had significant digits beyond the field's places; `value` is rounded. */
  tooManyPlaces: boolean;
  /** The value was outside min/max; `value` is clamped. */
  outOfBounds: boolean;
}

interface SplitNumber {
  negative: boolean;
  int: string;
  frac: string;
}

const EMPTY: DecimalParseResult = {
  value: null,
  invalid: false,
  tooManyPlaces: false,
  outOfBounds: false,
};
const INVALID: DecimalParseResult = { ...EMPTY, invalid: true };

// spec §5: digits, comma, dot and minus; the minus may lead or trail ('12,50-').
const NUMBER_TEXT = /^(-?)([\d.,]+)(-?)$/;

/**
 * Separates integer and fraction digits. spec §5: the decimal separator is guessed from the
 * last dot or comma, and the other character groups thousands. Two refinements keep
 * formatted text readable back (see formatNumber):
 * - a separator that occurs more than once only groups thousands ('1.234.567');
 * - with 0 places, a last separator followed by exactly three digits groups thousands, so an
 *   integer shown as '1.234' reads back as 1234 (with places, '1.234' is 1.234, too many places).
 */
function splitDigits(body: string, places: number): Omit<SplitNumber, 'negative'> | undefined {
  if (/[.,]{2}/.test(body)) return undefined;
  const last = Math.max(body.lastIndexOf('.'), body.lastIndexOf(','));
  if (last < 0) return { int: body, frac: '' };
  const separator = body.charAt(last);
  const other = separator === '.' ? ',' : '.';
  const allGrouping = body.replace(/[.,]/g, '');
  if (body.indexOf(separator) !== last) {
    return body.includes(other) ? undefined : { int: allGrouping, frac: '' };
  }
  const tail = body.slice(last + 1);
  if (places === 0 && last > 0 && tail.length === 3) return { int: allGrouping, frac: '' };
  return { int: body.slice(0, last).replaceAll(other, ''), frac: tail };
}

function splitNumber(text: string, places: number): SplitNumber | undefined {
  const match = NUMBER_TEXT.exec(text);
  if (!match) return undefined;
  const [, leading, body = '', trailing] = match;
  if (leading && trailing) return undefined;
  const digits = splitDigits(body, places);
  if (!digits || digits.int + digits.frac === '') return undefined;
  return { negative: Boolean(leading || trailing), ...digits };
}

function clamp(
  value: string,
  places: number,
  options: DecimalParseOptions,
): { value: string; outOfBounds: boolean } {
  const min = options.min === undefined ? undefined : roundDecimal(options.min, places);
  const max = options.max === undefined ? undefined : roundDecimal(options.max, places);
  if (min !== undefined && (compareDecimal(value, min) ?? 0) < 0) {
    return { value: min, outOfBounds: true };
  }
  if (max !== undefined && (compareDecimal(value, max) ?? 0) > 0) {
    return { value: max, outOfBounds: true };
  }
  return { value, outOfBounds: false };
}

/**
 * Parses what a user typed into a decimal, integer or currency input (spec §5). Never throws
 * on any text. Whitespace anywhere is ignored (pasted '1 234,50'); an empty text gives
 * `value: null` with no flag, since emptiness is the `required` rule's business.
 */
export function parseDecimal(text: string, options: DecimalParseOptions = {}): DecimalParseResult {
  const places = options.isInteger ? 0 : (options.places ?? DEFAULT_DECIMAL_PLACES);
  const compact = text.replace(/\s+/g, '');
  if (compact === '') return EMPTY;
  const split = splitNumber(compact, places);
  if (!split) return INVALID;
  const exact = `${split.negative ? '-' : ''}${split.int || '0'}.${split.frac || '0'}`;
  const rounded = roundDecimal(exact, places);
  if (rounded === undefined) return INVALID;
  const bounded = clamp(rounded, places, options);
  return {
    value: bounded.value,
    invalid: false,
    tooManyPlaces: hasMorePlaces(exact, places),
    outOfBounds: bounded.outOfBounds,
  };
}
