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

/** The first parts of the interface's keys: the shell's and the schema UI's. */
const PREFIXES = [
  'account',
  'common',
  'toolbar',
  'home',
  'work',
  'form',
  'validation',
  'input',
  'playground',
  'schemaForm',
  'grid',
  'codeLists',
  'wf',
  'workflowLog',
  'notification',
  'payments',
  'language',
  'intake',
  'reports',
];

/**
 * Keys the source names literally: t('a.b'), t(cond ? 'a.b' : 'c.d') and the *_KEYS tables;
 * not prefixes ending in a dot (a schema's labelPrefix).
 */
function keysInSource(): Set<string> {
  const keys = new Set<string>();
  const pattern = new RegExp(
    `['\`]((?:${PREFIXES.join('|')})\\.[A-Za-z0-9.]*[A-Za-z0-9])['\`]`,
    'g',
  );
  for (const text of Object.values(sources)) {
    for (const match of text.matchAll(pattern)) if (match[1]) keys.add(match[1]);
  }
  return keys;
}

describe('translation catalogue of the interface', () => {
  it('has the same keys in sl and en-gb, file by file', () => {
    const english = catalogueFiles('en-gb');
    const slovenian = catalogueFiles('sl');
    expect(Object.keys(slovenian).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(english.ui ?? {}).length).toBeGreaterThan(50);
    for (const [file, messages] of Object.entries(english)) {
      expect(Object.keys(slovenian[file] ?? {}).sort(), file).toEqual(Object.keys(messages).sort());
    }
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
