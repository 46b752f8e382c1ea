/**
 * Exact arithmetic on decimal strings. Money is never a float (spec §3, §5): values travel as
 * strings such as '-1234.50' and are compared and rounded with BigInt, so a 30-digit amount
 * keeps every digit.
 */

interface DecimalParts {
  negative: boolean;
  /** Integer digits, at least one. */
  int: string;
  /** Fraction digits, possibly empty. */
  frac: string;
}

const DECIMAL_TEXT = /^(-?)(\d*)(?:\.(\d*))?$/;

/** Most places a caller may ask for; more is a programming error. */
export const MAX_DECIMAL_PLACES = 20;

function partsOf(value: string): DecimalParts | undefined {
  const match = DECIMAL_TEXT.exec(value);
  if (!match) return undefined;
  const int = match[2] ?? '';
  const frac = match[3] ?? '';
  if (int === '' && frac === '') return undefined;
  return { negative: match[1] === '-', int: int === '' ? '0' : int, frac };
}

function numberToText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  // String(1e21) is '1e+21': integers that large go through BigInt to keep every digit.
  if (Number.isInteger(value)) return BigInt(value).toString();
  const text = String(value);
  return text.includes('e') ? value.toFixed(MAX_DECIMAL_PLACES) : text;
}

/**
 * A plain decimal string ('-12.5', '0.10', '7') for a number or a decimal string, or undefined
 * for anything else (NaN, Infinity, '1e5', '1,5', '').
 */
export function toDecimalString(value: number | string): string | undefined {
  const text = typeof value === 'number' ? numberToText(value) : value.trim();
  if (text === undefined) return undefined;
  const parts = partsOf(text);
  if (!parts) return undefined;
  const int = parts.int.replace(/^0+(?=\d)/, '');
  const body = parts.frac === '' ? int : `${int}.${parts.frac}`;
  return parts.negative ? `-${body}` : body;
}

function scaled(parts: DecimalParts, places: number): bigint {
  const digits = BigInt(parts.int + parts.frac.padEnd(places, '0').slice(0, places));
  return parts.negative ? -digits : digits;
}

function fromScaled(value: bigint, places: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places);
  const body = places === 0 ? int : `${int}.${digits.slice(-places)}`;
  return negative ? `-${body}` : body;
}

function checkPlaces(places: number): void {
  if (!Number.isInteger(places) || places < 0 || places > MAX_DECIMAL_PLACES) {
    throw new RangeError(`decimal places must be an integer from 0 to ${MAX_DECIMAL_PLACES}`);
  }
}

/**
 * Rounds a decimal string to exactly `places` decimals, half away from zero (commercial
 * rounding, as on invoices). Returns undefined when `value` is not a decimal string.
 * Never returns '-0.00'.
 */
export function roundDecimal(value: number | string, places: number): string | undefined {
  checkPlaces(places);
  const text = toDecimalString(value);
  const parts = text === undefined ? undefined : partsOf(text);
  if (!parts) return undefined;
  const unsigned = { ...parts, negative: false };
  let result = scaled(unsigned, places);
  if ((parts.frac[places] ?? '0') >= '5') result += 1n;
  return fromScaled(parts.negative ? -result : result, places);
}

/**
 * Compares two decimal values exactly: negative when a < b, 0 when equal, positive when a > b.
 * Returns undefined when either is not a decimal.
 */
export function compareDecimal(a: number | string, b: number | string): number | undefined {
  const textA = toDecimalString(a);
  const textB = toDecimalString(b);
  const left = textA === undefined ? undefined : partsOf(textA);
  const right = textB === undefined ? undefined : partsOf(textB);
  if (!left || !right) return undefined;
  const places = Math.max(left.frac.length, right.frac.length);
  const difference = scaled(left, places) - scaled(right, places);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** True when the fraction has non-zero digits beyond `places` (trailing zeros do not count). */
export function hasMorePlaces(value: string, places: number): boolean {
  const parts = partsOf(value);
  return parts !== undefined && /[1-9]/.test(parts.frac.slice(places));
}

/**
 * An amount as whole cents, rounded to two places as roundDecimal rounds: '12.5' → 1250n,
 * 7 → 700n, '0.005' → 1n. Undefined for anything that is not a decimal ('', '1,5', NaN, null).
 */
export function centsOf(value: unknown): bigint | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const rounded = roundDecimal(value, 2);
  return rounded === undefined ? undefined : BigInt(rounded.replace('.', ''));
}

/** Whole cents as a decimal amount with two places: 12345n → '123.45', -5n → '-0.05'. */
export function centsText(cents: bigint): string {
  return fromScaled(cents, 2);
}
