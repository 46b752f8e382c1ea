import { describe, expect, it } from 'vitest';
import { catalogue } from '../../plugins/i18n';
import { ENTITIES } from './registry';
import { doc } from './entities/doc';
import { schemaOf } from './model';

describe('dialog titles of the schemas (spec §3 dlgTitleId, issue 24)', () => {
  it('names one record of every table in both languages', () => {
    for (const entity of ENTITIES) {
      const titleId = schemaOf(entity).options?.dlgTitleId ?? '';
      expect(titleId, entity.name).toBe(`language.dialog.${entity.name}`);
      expect(catalogue['en-gb'][titleId], `${entity.name} en-gb`).toBeTruthy();
      expect(catalogue.sl[titleId], `${entity.name} sl`).toBeTruthy();
    }
    expect(catalogue.sl['language.dialog.payOrder']).toBe('Plačilni nalog');
  });

  it("keeps a table's own options beside it", () => {
    expect(schemaOf(doc).options).toMatchObject({
      canShowPreview: true,
      dlgTitleId: 'language.dialog.doc',
    });
  });
});
