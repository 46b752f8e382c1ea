import { LOCALES } from '@listina/contract';
import { DEFAULT_LOCALE } from './constants';

export type Locale = (typeof LOCALES)[number];

export function isLocale(value: string | null | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

/** Maps a browser language tag to one of ours: any Slovenian tag is sl, everything else en-gb. */
export function localeFromBrowserLanguage(tag: string | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.toLowerCase();
  if (lower === 'sl' || lower.startsWith('sl-')) return 'sl';
  return DEFAULT_LOCALE;
}

/** spec §1: a locally saved language wins, otherwise the browser language, otherwise en-gb. */
export function chooseLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  return localeFromBrowserLanguage(browserLanguages[0]) ?? DEFAULT_LOCALE;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
