import { describe, expect, it } from 'vitest';
import type { EntityDef } from './entity';
import { toModel } from './model';
import { recordTitle } from './record-titles';
import { ENTITIES } from './registry';

/** Every code list that holds a Slovenian name beside its English one (issue 24). */
const BILINGUAL = ENTITIES.filter((entity) => entity.columns.some((c) => c.name === 'nameSl'));

/** A stored record of the entity, as the engine reads it: its n-th sample with these names. */
function recordOf(entity: EntityDef, n: number, names: { name: string; nameSl: string }) {
  const model: Record<string, unknown> = {
    ...entity.defaultModel?.(),
    ...entity.sample(n),
    ...names,
  };
  const row = Object.fromEntries(entity.columns.map((c) => [c.column, model[c.name] ?? null]));
  return toModel(entity, { ...row, id: n, key: `key-${String(n)}`, version: 1 });
}

describe('a record named in a message, in the language of the user (issue 24)', () => {
  it('walks every code list with a Slovenian name', () => {
    expect(BILINGUAL.map((entity) => entity.name).sort()).toEqual(
      [
        'country',
        'currency',
        'documentType',
        'paymentPurpose',
        'paymentType',
        'referenceModel',
        'role',
        'vatRate',
      ].sort(),
    );
  });

  it.each(BILINGUAL.map((entity) => [entity.name, entity] as const))(
    'names a %s by its Slovenian name for a Slovenian user and its English one otherwise',
    (_name, entity) => {
      const record = recordOf(entity, 7, { name: 'Incoming invoice', nameSl: 'Prejeti račun' });
      const english = record.displayTitle;
      expect(english).toContain('Incoming invoice');
      expect(recordTitle(entity, record, 'en-gb')).toBe(english);
      expect(recordTitle(entity, record, 'sl')).toBe(
        english.replace('Incoming invoice', 'Prejeti račun'),
      );
      // No Slovenian name: the English one, never an empty title.
      const unnamed = recordOf(entity, 7, { name: 'Incoming invoice', nameSl: '' });
      expect(recordTitle(entity, unnamed, 'sl')).toBe(english);
    },
  );
});
