import { describe, expect, it } from 'vitest';
import { chooseLocale, localeFromBrowserLanguage } from './locale';

describe('chooseLocale (spec §1, issue 24: the first language)', () => {
  it('prefers the locally saved language (after sign-in, the profile language)', () => {
    expect(chooseLocale('sl', ['en-US'])).toBe('sl');
    expect(chooseLocale('en-gb', ['sl-SI'])).toBe('en-gb');
  });

  it('gives a Slovenian browser Slovenian and an English one English', () => {
    expect(chooseLocale(null, ['sl-SI', 'en'])).toBe('sl');
    expect(chooseLocale('klingon', ['sl'])).toBe('sl');
    expect(chooseLocale(null, ['en-US'])).toBe('en-gb');
    expect(chooseLocale(null, ['en-GB', 'sl'])).toBe('en-gb');
    expect(chooseLocale(null, ['en'])).toBe('en-gb');
  });

  it('gives an unknown browser language, or none, Slovenian (the home market)', () => {
    expect(chooseLocale(null, ['de-DE'])).toBe('sl');
    expect(chooseLocale(null, ['hr', 'it-IT'])).toBe('sl');
    expect(chooseLocale(null, [])).toBe('sl');
    expect(chooseLocale('', [''])).toBe('sl');
  });

  it('takes the first of the browser languages that is one of ours', () => {
    expect(chooseLocale(null, ['de-DE', 'en-US'])).toBe('en-gb');
    expect(chooseLocale(null, ['hr', 'sl-SI', 'en'])).toBe('sl');
  });

  it('reads only the primary subtag', () => {
    expect(localeFromBrowserLanguage('SL')).toBe('sl');
    expect(localeFromBrowserLanguage('sl_SI')).toBe('sl');
    expect(localeFromBrowserLanguage('slk')).toBeNull();
    expect(localeFromBrowserLanguage('en-AU')).toBe('en-gb');
    expect(localeFromBrowserLanguage('eng')).toBeNull();
    expect(localeFromBrowserLanguage(undefined)).toBeNull();
  });
});
