import { readdirSync, readFileSync } from 'node:fs';
import { LOCALES } from '@listina/contract';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../plugins/i18n';
import { EINVOICE_ERROR_CODES } from './einvoice-error';
import { REFERENCE_PROBLEMS } from './payment-reference';

/** Every code a capture error or problem can carry has a message in every language. */

const sourceCodes = readdirSync(new URL('.', import.meta.url))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .flatMap((name) => {
    const source = readFileSync(new URL(name, import.meta.url), 'utf8');
    return [...source.matchAll(/'((?:capture|validation)\.[A-Za-z.]+)'/g)].flatMap(([, code]) =>
      code ? [code] : [],
    );
  });

const CODES = [
  ...new Set([
    ...EINVOICE_ERROR_CODES,
    ...sourceCodes,
    ...REFERENCE_PROBLEMS.map((problem) => `capture.reference.${problem}`),
    ...['format', 'country', 'length', 'checksum'].map((problem) => `validation.iban.${problem}`),
    ...['format', 'test'].map((problem) => `validation.bic.${problem}`),
  ]),
];

describe('capture messages', () => {
  it('finds the codes the code uses', () => {
    expect(CODES).toContain('capture.totals.mismatch');
    expect(CODES).toContain('validation.vatId');
  });

  it.each(LOCALES)('has a message for every code in %s', (locale) => {
    const missing = CODES.filter((code) => !catalogue[locale][code]);
    expect(missing).toEqual([]);
  });
});
