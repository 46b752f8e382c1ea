import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/catalogue';
import { translate, type MessageParams } from '../../app/messages';
import { recordDialogTitle, schemaDialogTitle } from './dialog-title';

function i18n(locale: string) {
  const messages = messagesOf(locale);
  return {
    t: (key: string, params?: MessageParams) => translate(messages, key, params),
    has: (key: string) => key in messages,
  };
}

const payOrderSchema = { options: { dlgTitleId: 'language.dialog.payOrder' } };
const stored = { mode: 'view' as const, original: { displayTitle: 'Kovač d.o.o. - 427,00' } };

describe('edit dialog titles (spec §3 dlgTitleId / dlgTitleText)', () => {
  it('names the kind of record by dlgTitleId in the user language, then the record', () => {
    const sl = i18n('sl');
    const en = i18n('en-gb');
    expect(recordDialogTitle(stored, {}, payOrderSchema, sl.t, sl.has)).toBe(
      'Plačilni nalog: Kovač d.o.o. - 427,00',
    );
    expect(recordDialogTitle(stored, {}, payOrderSchema, en.t, en.has)).toBe(
      'Payment order: Kovač d.o.o. - 427,00',
    );
    expect(
      recordDialogTitle({ mode: 'create', original: null }, {}, payOrderSchema, sl.t, sl.has),
    ).toBe('Plačilni nalog: nov vnos');
  });

  it('names a code-list record by its Slovenian name in Slovenian, its English one in English', () => {
    const sl = i18n('sl');
    const en = i18n('en-gb');
    const country = {
      mode: 'view' as const,
      original: {
        displayTitle: 'SI - Slovenia',
        code: 'SI',
        name: 'Slovenia',
        nameSl: 'Slovenija',
      },
    };
    const schema = { options: { dlgTitleId: 'language.dialog.country' } };
    expect(recordDialogTitle(country, {}, schema, sl.t, sl.has, 'sl')).toBe(
      'Država: SI - Slovenija',
    );
    expect(recordDialogTitle(country, {}, schema, en.t, en.has, 'en-gb')).toBe(
      'Country: SI - Slovenia',
    );
  });

  it('uses dlgTitleText as it is when there is no dlgTitleId, or it is not in the catalogue', () => {
    const en = i18n('en-gb');
    expect(schemaDialogTitle({ options: { dlgTitleText: 'Supplier' } }, en.t, en.has)).toBe(
      'Supplier',
    );
    expect(
      schemaDialogTitle(
        { options: { dlgTitleId: 'no.such.key', dlgTitleText: 'Supplier' } },
        en.t,
        en.has,
      ),
    ).toBe('Supplier');
    expect(
      recordDialogTitle(
        { mode: 'edit', original: { code: 'P-7' } },
        {},
        { options: { dlgTitleText: 'Supplier' } },
        en.t,
        en.has,
      ),
    ).toBe('Supplier: P-7');
  });

  it('keeps the spec defaults without a schema title: displayTitle, code, Edit; the given title or Add', () => {
    const en = i18n('en-gb');
    expect(recordDialogTitle(stored, {}, undefined, en.t, en.has)).toBe('Kovač d.o.o. - 427,00');
    expect(recordDialogTitle({ mode: 'view', original: {} }, {}, {}, en.t, en.has)).toBe(
      en.t('schemaForm.dialog.edit'),
    );
    expect(recordDialogTitle({ mode: 'create', original: null }, {}, undefined, en.t, en.has)).toBe(
      en.t('schemaForm.dialog.add'),
    );
    expect(
      recordDialogTitle(
        { mode: 'create', original: null },
        { title: 'New supplier' },
        payOrderSchema,
        en.t,
        en.has,
      ),
    ).toBe('New supplier');
  });
});
