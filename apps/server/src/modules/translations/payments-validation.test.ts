import { DOMAIN_CHECK_CODES, DOMAIN_WARNING_CODES } from '@listina/forms';
import { LOCALES } from '@listina/contract';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../plugins/i18n';

/** The payment-order checks of @listina/forms speak through these keys, in every language. */
describe('payment validation messages', () => {
  it.each(LOCALES)('has a message for every domain check code in %s', (locale) => {
    expect(DOMAIN_CHECK_CODES.filter((code) => !catalogue[locale][code])).toEqual([]);
  });

  it.each(LOCALES)('has a message for every domain check warning and its fix in %s', (locale) => {
    expect(DOMAIN_WARNING_CODES.filter((code) => !catalogue[locale][code])).toEqual([]);
    expect(catalogue[locale]['schemaForm.useSuggestion']).toMatch('{0}');
  });

  it('puts the offending character where the message says', () => {
    for (const locale of LOCALES) expect(catalogue[locale]['validation.sepaText']).toMatch('{0}');
    // The warning names the character and the text the file will carry.
    for (const locale of LOCALES) expect(catalogue[locale]['warnings.sepaText']).toMatch('{1}');
  });
});
