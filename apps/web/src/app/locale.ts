import { LOCALES } from '@listina/contract';

export type Locale = (typeof LOCALES)[number];

/** The language of a visitor whose browser speaks none of ours. */
export const FIRST_LANGUAGE: Locale = 'sl';

export function isLocale(value: string | null | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

/** Maps a browser language tag to one of ours: Slovenian is sl, English en-gb, others none. */
export function localeFromBrowserLanguage(tag: string | undefined): Locale | null {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'sl') return 'sl';
  if (primary === 'en') return 'en-gb';
  return null;
}

/**
 * spec §1 with issue 24: a locally saved language wins (after sign-in it is the one saved in the
 * profile); otherwise the first browser language we have; with none of ours, or no browser
 * language at all, Slovenian, the product's home market. (The catalogue's fallback for a
 * missing key stays en-gb.)
 */
export function chooseLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const locale = localeFromBrowserLanguage(tag);
    if (locale) return locale;
  }
  return FIRST_LANGUAGE;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
