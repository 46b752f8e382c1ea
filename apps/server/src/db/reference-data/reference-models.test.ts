import { SI_REFERENCE_MODELS } from '@listina/forms';
import { describe, expect, it } from 'vitest';
import { REFERENCE_MODELS } from './index';

/**
 * The forms package checks references by its own copy of the model table (it cannot read
 * server data); the code list the users see must say the same.
 */
describe('reference models', () => {
  it('lists the same SI models and structures as @listina/forms checks by', () => {
    const listed = Object.fromEntries(
      REFERENCE_MODELS.filter((model) => model.referenceType === 'SI').map((model) => [
        model.code,
        model.structure,
      ]),
    );
    expect(listed).toEqual(SI_REFERENCE_MODELS);
  });

  it('has RF and NRC besides the SI models', () => {
    const others = REFERENCE_MODELS.filter((model) => model.referenceType !== 'SI');
    expect(others.map((model) => model.code)).toEqual(['RF', 'NRC']);
  });
});
