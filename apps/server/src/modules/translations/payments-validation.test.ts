import { DOMAIN_CHECK_CODES } from '@listina/forms';
import { LOCALES } from '@listina/contract';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../plugins/i18n';

/** The payment-order checks of @listina/forms speak through these keys, in every language. */
describe('payment validation messages', () => {
  it.each(LOCALES)('has a message for every domain check code in %s', (locale) => {
    expect(DOMAIN_CHECK_CODES.filter((code) => !catalogue[locale][code])).toEqual([]);
  });

  it('puts the offending character where the message says', () => {
    for (const locale of LOCALES) expect(catalogue[locale]['validation.sepaText']).toMatch('{0}');
  });
});
