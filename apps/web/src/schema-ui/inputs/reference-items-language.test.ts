import { describe, expect, it } from 'vitest';
import type { References } from '@listina/forms';
import { messagesOf } from '../../test/catalogue';
import { itemLabel, itemText, shownItems } from './reference-items';

const references: References = { field: 'code', displayFields: ['code', 'name'] };
const sl = messagesOf('sl');
const t = (key: string) => sl[key] ?? key;

// Rows of the code lists as GET /api/cl/{table}?mode=cache answers them: both names.
const paymentTypes = [
  {
    code: 'SEPA_SI',
    name: 'SEPA credit transfer within Slovenia',
    nameSl: 'SEPA nakazilo v Sloveniji',
  },
  { code: 'NONSEPA', name: 'Non-SEPA payment (SWIFT)', nameSl: 'Plačilo izven SEPA (SWIFT)' },
];
const roles = [
  { code: 'approver', name: 'Approver', nameSl: 'Odobritelj' },
  { code: 'accountant', name: 'Accountant', nameSl: 'Računovodja' },
];

describe('code-list names in the user language (issue 24)', () => {
  it('reads the Slovenian name in Slovenian and the English one in English, in every lookup text', () => {
    for (const item of [...paymentTypes, ...roles]) {
      expect(itemText(item, references, 'sl')).toBe(`${item.code} – ${item.nameSl}`);
      expect(itemLabel(item, references, t, 'sl')).toBe(`${item.code} – ${item.nameSl}`);
      expect(itemText(item, references, 'en-gb')).toBe(`${item.code} – ${item.name}`);
      expect(itemLabel(item, references, t, 'en-gb')).toBe(`${item.code} – ${item.name}`);
    }
  });

  it('searches and sorts by the names the user reads', () => {
    const shown = shownItems(roles, references, { search: 'odobr', sortLocale: 'sl' });
    expect(shown.map((item) => item.code)).toEqual(['approver']);
    const byName = shownItems(
      roles,
      { ...references, displayFields: ['name'] },
      { sortLocale: 'sl' },
    );
    expect(byName.map((item) => item.code)).toEqual(['approver', 'accountant']);
    const inEnglish = shownItems(
      roles,
      { ...references, displayFields: ['name'] },
      { sortLocale: 'en-gb' },
    );
    expect(inEnglish.map((item) => item.code)).toEqual(['accountant', 'approver']);
  });

  it('keeps the English name where a list has no Slovenian one, and fixed items by their label', () => {
    expect(itemText({ code: 'X', name: 'Only English', nameSl: '' }, references, 'sl')).toBe(
      'X – Only English',
    );
    const status = { code: 'draft', labelId: 'work.status.draft' };
    expect(itemLabel(status, references, t, 'sl')).toBe(sl['work.status.draft']);
  });
});
