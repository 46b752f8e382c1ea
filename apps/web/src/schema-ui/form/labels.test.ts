import { describe, expect, it } from 'vitest';
import { SchemaSchema } from '@listina/forms';
import { fieldDomId, labelOf, tabLabelOf } from './labels';

const catalogue: Record<string, string> = {
  'partner.name': 'Partner name',
  name: 'Name (plain id)',
  'bankAccount.code': 'IBAN',
  'bankAccount.name': 'Account holder',
  'bankAccount.tab.main': 'Main data',
};
const t = (key: string) => catalogue[key] ?? `[${key}]`;
const has = (key: string) => key in catalogue;

const plain = { options: undefined };
const prefixed = { options: { labelPrefix: 'bankAccount.' } };

describe('labelOf (spec §3: labelText, else labelId through labelPrefix, else the name)', () => {
  it('takes labelText as written, before any labelId or prefix', () => {
    const field = { name: 'name', labelText: 'Written here', labelId: 'partner.name' };
    expect(labelOf(field, prefixed, t, has)).toBe('Written here');
  });

  it('ignores an empty labelText', () => {
    expect(labelOf({ name: 'x', labelText: '', labelId: 'partner.name' }, plain, t, has)).toBe(
      'Partner name',
    );
  });

  it('translates labelId without a prefix', () => {
    expect(labelOf({ name: 'x', labelId: 'partner.name' }, plain, t, has)).toBe('Partner name');
  });

  it('looks labelId up under the prefix first', () => {
    expect(labelOf({ name: 'x', labelId: 'name' }, prefixed, t, has)).toBe('Account holder');
  });

  it('falls back to labelId alone when the prefixed key is not in the catalogue', () => {
    expect(labelOf({ name: 'x', labelId: 'partner.name' }, prefixed, t, has)).toBe('Partner name');
  });

  it('translates an unknown labelId as the catalogue does (its key shown), not the name', () => {
    expect(labelOf({ name: 'x', labelId: 'nowhere.x' }, plain, t, has)).toBe('[nowhere.x]');
  });

  it('without labelText or labelId reads the name under the prefix when the catalogue has it', () => {
    expect(labelOf({ name: 'code' }, prefixed, t, has)).toBe('IBAN');
  });

  it('shows the bare name when nothing else applies', () => {
    expect(labelOf({ name: 'code' }, plain, t, has)).toBe('code');
    expect(labelOf({ name: 'vatId' }, prefixed, t, has)).toBe('vatId');
  });

  it('labels tabs by the same order, their value standing for the name', () => {
    const schema = SchemaSchema.parse({
      id: 'bankAccount',
      options: { labelPrefix: 'bankAccount.' },
      tabsValueField: 'tab',
      tabs: [{ value: 'tab.main' }, { value: 'other', labelText: 'Other' }],
      fields: [{ name: 'tab', inputType: 'text' }],
    });
    const [main, other] = schema.tabs ?? [];
    if (!main || !other) throw new Error('tabs missing');
    expect(tabLabelOf(main, schema, t, has)).toBe('Main data');
    expect(tabLabelOf(other, schema, t, has)).toBe('Other');
  });
});

describe('fieldDomId', () => {
  it('joins the form prefix and the path with only id-safe characters', () => {
    expect(fieldDomId('f1', 'bankAccounts.0.code')).toBe('f1-bankAccounts-0-code');
  });
});
