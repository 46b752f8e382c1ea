import { formatNumber } from '@listina/forms';

export type MessageParams =
  readonly (string | number)[] | Readonly<Record<string, string | number>>;

/**
 * Fills the placeholders of a catalogue text: `{0}`, `{1}` from a list, `{name}` from a record.
 * An unknown placeholder is left as written so that the gap is visible.
 */
export function formatMessage(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const value = Array.isArray(params)
      ? (params as readonly (string | number)[])[Number(name)]
      : (params as Readonly<Record<string, string | number>>)[name];
    return value === undefined ? whole : parameterText(value);
  });
}

/** An amount as the API carries it: digits, a point and two decimals ("427.00"). */
const API_AMOUNT = /^-?\d+\.\d{2}$/;

/**
 * A parameter as people read it (issue 24): an amount or a fraction in the spec §3 locale
 * format ("1.234,50", "0,01"); whole numbers, codes and names as they are.
 */
export function parameterText(value: string | number): string {
  if (typeof value === 'string') return API_AMOUNT.test(value) ? formatNumber(value) : value;
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value);
  const places = Math.min(String(value).split('.')[1]?.length ?? 0, 20);
  return String(value).includes('e') ? String(value) : formatNumber(value, { places });
}

/** Looks a key up; a missing key shows as itself (spec §8: failed loads leave empty messages). */
export function translate(
  messages: Readonly<Record<string, string>>,
  key: string,
  params?: MessageParams,
): string {
  return formatMessage(messages[key] ?? key, params);
}
