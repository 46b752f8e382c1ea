import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES } from '@listina/contract';
import { formatNumber } from '@listina/forms';
import { SERVER_ROOT } from '../lib/paths';

export type Locale = (typeof LOCALES)[number];
type Messages = Record<string, string>;

const catalogueDir = path.join(SERVER_ROOT, 'src/modules/translations/catalogue');

/** Every *.json under catalogue/<locale>/, merged into one flat map per locale. */
function loadCatalogue(): Record<Locale, Messages> {
  const result = {} as Record<Locale, Messages>;
  for (const locale of LOCALES) {
    const dir = path.join(catalogueDir, locale);
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
    result[locale] = Object.assign(
      {},
      ...files
        .sort()
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Messages),
    ) as Messages;
  }
  return result;
}

export const catalogue = loadCatalogue();

export const LANGUAGE_NAMES: Record<Locale, string> = { sl: 'Slovenščina', 'en-gb': 'English' };

/** 'sl', 'sl-SI', 'sl_si' → sl; 'en', 'en-US', anything else → en-gb (spec §1 fallback). */
export function resolveLocale(value: string | undefined | null): Locale {
  const first = (value ?? '').split(',')[0]?.trim().toLowerCase().replace('_', '-') ?? '';
  if ((LOCALES as readonly string[]).includes(first)) return first as Locale;
  if (first.startsWith('sl')) return 'sl';
  return DEFAULT_LOCALE;
}

export function isKnownLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The locale's messages with every missing key filled from en-gb. */
export function messagesFor(locale: Locale): Messages {
  return { ...catalogue[DEFAULT_LOCALE], ...catalogue[locale] };
}

export function translate(
  locale: Locale,
  code: string,
  parameters: readonly (string | number)[] = [],
): string {
  const template = catalogue[locale][code] ?? catalogue[DEFAULT_LOCALE][code] ?? code;
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = parameters[Number(index)];
    return value === undefined ? whole : parameterText(value);
  });
}

/** An amount as the API carries it: digits, a point and two decimals ("427.00"). */
const API_AMOUNT = /^-?\d+\.\d{2}$/;

/**
 * A message parameter as people read it (issue 24): an amount in the spec §3 locale format
 * ("1.234,50", never "1234.50"); anything else as it is. The API's `parameters` keep the value.
 */
export function parameterText(value: string | number): string {
  return typeof value === 'string' && API_AMOUNT.test(value) ? formatNumber(value) : String(value);
}
