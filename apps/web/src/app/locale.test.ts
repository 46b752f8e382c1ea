import { describe, expect, it } from 'vitest';
import { chooseLocale, localeFromBrowserLanguage } from './locale';

describe('chooseLocale (spec §1)', () => {
  it('prefers the locally saved language', () => {
    expect(chooseLocale('sl', ['en-US'])).toBe('sl');
    expect(chooseLocale('en-gb', ['sl-SI'])).toBe('en-gb');
  });

  it('uses the browser language when nothing valid is saved', () => {
    expect(chooseLocale(null, ['sl-SI', 'en'])).toBe('sl');
    expect(chooseLocale('klingon', ['sl'])).toBe('sl');
    expect(chooseLocale(null, ['de-DE'])).toBe('en-gb');
    expect(chooseLocale(null, ['en-US'])).toBe('en-gb');
  });

  it('falls back to en-gb without a browser language', () => {
    expect(chooseLocale(null, [])).toBe('en-gb');
  });

  it('maps only Slovenian tags to sl', () => {
    expect(localeFromBrowserLanguage('SL')).toBe('sl');
    expect(localeFromBrowserLanguage('slk')).toBe('en-gb');
    expect(localeFromBrowserLanguage(undefined)).toBeNull();
  });
});
