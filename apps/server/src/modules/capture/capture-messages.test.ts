import { readdirSync, readFileSync } from 'node:fs';
import { LOCALES } from '@listina/contract';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../plugins/i18n';
import { CAPTURE_ERROR_CODES } from './capture-error';

/** Every code the page sources (QR codes, OCR) can give has a message in every language. */

const FOLDERS = ['qr', 'ocr', 'pages'];

const sourceCodes = FOLDERS.flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, import.meta.url))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .flatMap((name) => {
      const source = readFileSync(new URL(`${folder}/${name}`, import.meta.url), 'utf8');
      return [...source.matchAll(/'((?:errors\.capture|capture|validation)\.[A-Za-z.]+)'/g)].map(
        ([, code]) => code ?? '',
      );
    }),
);

const CODES = [
  ...new Set([
    ...CAPTURE_ERROR_CODES,
    ...sourceCodes,
    ...['format', 'country', 'length', 'checksum'].map((problem) => `validation.iban.${problem}`),
    ...['format', 'test'].map((problem) => `validation.bic.${problem}`),
    ...['format', 'unknownModel', 'checkDigit'].map((problem) => `capture.reference.${problem}`),
  ]),
];

describe('capture source messages', () => {
  it('finds the codes the code uses', () => {
    expect(CODES).toContain('capture.qr.controlSum');
    expect(CODES).toContain('errors.capture.encryptedPdf');
  });

  it.each(LOCALES)('has a message for every code in %s', (locale) => {
    const missing = CODES.filter((code) => !catalogue[locale][code]);
    expect(missing).toEqual([]);
  });
});
