import { readdirSync, readFileSync } from 'node:fs';
import { LOCALES } from '@listina/contract';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../plugins/i18n';
import { PAYMENTS_FILE_ERROR_CODES } from './payments-file-error';

/** Every code the payment files can carry has a message in every language. */

const sourceCodes = readdirSync(new URL('.', import.meta.url))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .flatMap((name) => {
    const source = readFileSync(new URL(name, import.meta.url), 'utf8');
    return [...source.matchAll(/'((?:errors\.)?payments\.[A-Za-z0-9.]+)'/g)].flatMap(([, code]) =>
      code ? [code] : [],
    );
  });

const CODES = [...new Set([...PAYMENTS_FILE_ERROR_CODES, ...sourceCodes])];

const catalogueFile = (locale: string): Record<string, string> =>
  JSON.parse(
    readFileSync(
      new URL(`../../translations/catalogue/${locale}/payments-files.json`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, string>;

describe('payment file messages', () => {
  it('finds the codes the code uses', () => {
    expect(CODES).toContain('payments.order.currency.notEur');
    expect(CODES).toContain('payments.file.sumMismatch');
  });

  it.each(LOCALES)('has a message for every code in %s', (locale) => {
    expect(CODES.filter((code) => !catalogue[locale][code])).toEqual([]);
  });

  it('has the same keys in English and Slovenian, and no key nothing uses', () => {
    const english = Object.keys(catalogueFile('en-gb')).sort();
    expect(Object.keys(catalogueFile('sl')).sort()).toEqual(english);
    expect(english).toEqual([...CODES].sort());
  });
});
