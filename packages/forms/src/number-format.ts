import { DEFAULT_DECIMAL_PLACES } from './decimal';
import { roundDecimal } from './decimal-math';
import { LOCALE_DEFAULTS } from './locale';

export interface NumberFormatOptions {
  /** Decimal places shown; default 2 (spec §5). */
  places?: number;
  /** Default ',' (spec §3 locale defaults). */
  decimalSeparator?: string;
  /** Default '.' (spec §3 locale defaults); '' for no grouping. */
  thousandSeparator?: string;
}

function groupThousands(int: string, separator: string): string {
  if (separator === '') return int;
  const head = int.length % 3;
  const groups = int.slice(head).match(/\d{3}/g) ?? [];
  return (head > 0 ? [int.slice(0, head), ...groups] : groups).join(separator);
}

/**
 * Formats a number or decimal string with locale separators (spec §5: two decimals by default):
 * formatNumber('-1234.5') is '-1.234,50'. Rounds half away from zero on exact decimal digits.
 * null, undefined, '' and non-finite numbers give ''; a string that is not a decimal is returned
 * unchanged, so a bad value stays visible rather than vanishing.
 */
export function formatNumber(
  value: number | string | null | undefined,
  options: NumberFormatOptions = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const places = options.places ?? DEFAULT_DECIMAL_PLACES;
  const rounded = roundDecimal(value, places);
  if (rounded === undefined) return typeof value === 'string' ? value : '';
  const negative = rounded.startsWith('-');
  const [int = '0', frac] = (negative ? rounded.slice(1) : rounded).split('.');
  const grouped = groupThousands(
    int,
    options.thousandSeparator ?? LOCALE_DEFAULTS.thousandSeparator,
  );
  const body =
    frac === undefined
      ? grouped
      : `${grouped}${options.decimalSeparator ?? LOCALE_DEFAULTS.decimalSeparator}${frac}`;
  return negative ? `-${body}` : body;
}

/** An amount with its currency after it, as written in Slovenia: '1.234,50 €' (spec §9: €). */
export function formatCurrency(
  value: number | string | null | undefined,
  currency: string = LOCALE_DEFAULTS.currency,
  options: NumberFormatOptions = {},
): string {
  const amount = formatNumber(value, options);
  return amount === '' ? '' : `${amount}\u00a0${currency}`;
}
