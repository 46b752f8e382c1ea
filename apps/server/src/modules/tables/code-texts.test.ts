import { describe, expect, it } from 'vitest';
import { catalogue } from '../../plugins/i18n';
import { doc } from './entities/doc';
import { schemaOf } from './model';
import { ENTITIES } from './registry';

type Items = { code?: unknown; labelId?: unknown }[];

/** Issue 24: a field of fixed codes shows each code by a text in both languages, never raw. */
describe('fixed codes of every schema', () => {
  it('have a text in sl and en-gb for each item', () => {
    const missing: string[] = [];
    for (const entity of ENTITIES) {
      for (const field of schemaOf(entity).fields) {
        const items = (field.references?.items ?? []) as Items;
        for (const item of items) {
          const key = typeof item.labelId === 'string' ? item.labelId : undefined;
          if (!key) continue;
          if (!catalogue.sl[key] || !catalogue['en-gb'][key])
            missing.push(`${entity.name}.${field.name}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("show a document's workflow step by its name, including a document sent back for data", () => {
    const field = schemaOf(doc).fields.find((f) => f.name === 'workflowCurrentStepSystemTileCode');
    expect(field?.inputType).toBe('select');
    const items = (field?.references?.items ?? []) as Items;
    expect(items.map((item) => item.code)).toEqual([
      'inbox',
      'review',
      'approval',
      'accounting',
      'payment',
      'archive',
      'supplement',
    ]);
    expect(catalogue.sl['tiles.approval']).toBe('Odobritev');
  });
});
