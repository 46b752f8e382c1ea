import { describe, expect, it } from 'vitest';
import { catalogueFiles, messagesOf } from '../test/catalogue';

const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

/** Keys the source names literally: t('a.b'), t(cond ? 'a.b' : 'c.d') and the *_KEYS tables. */
function keysInSource(): Set<string> {
  const keys = new Set<string>();
  const pattern = /['`]((?:account|common|toolbar|home|work|form|validation)\.[A-Za-z.]+)['`]/g;
  for (const text of Object.values(sources)) {
    for (const match of text.matchAll(pattern)) if (match[1]) keys.add(match[1]);
  }
  return keys;
}

describe('translation catalogue of the interface', () => {
  it('has the same keys in sl and en-gb', () => {
    const english = Object.keys(catalogueFiles('en-gb').ui ?? {}).sort();
    const slovenian = Object.keys(catalogueFiles('sl').ui ?? {}).sort();
    expect(english.length).toBeGreaterThan(50);
    expect(slovenian).toEqual(english);
  });

  it('has a text in both languages for every key the code uses', () => {
    const keys = [
      ...keysInSource(),
      'account.confirm.emailConfirmed',
      'account.confirm.passwordReset',
    ];
    for (const locale of ['en-gb', 'sl']) {
      const messages = messagesOf(locale);
      expect(
        keys.filter((key) => !messages[key]),
        locale,
      ).toEqual([]);
    }
  });

  it('writes Slovenian with its own letters', () => {
    const text = Object.values(catalogueFiles('sl').ui ?? {}).join(' ');
    expect(text).toMatch(/[čšž]/);
  });
});
