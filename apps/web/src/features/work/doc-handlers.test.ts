import { describe, expect, it } from 'vitest';
import { docHandlers } from './doc-handlers';

const changed = (value: unknown) =>
  docHandlers['doc.referenceChanged']?.({
    field: { name: 'paymentReference' },
    value,
    model: { number: 'R-17', paymentReferenceModel: 'SI99', paymentReference: value },
    later: () => undefined,
  });

describe('doc form handlers', () => {
  it('puts the model of a whole reference pasted into the reference field into its field', () => {
    expect(changed('SI12 1234567890 9')).toEqual({
      number: 'R-17',
      paymentReferenceModel: 'SI12',
      paymentReference: '12345678909',
    });
    expect(changed('RF18 5390 0754 7034')).toMatchObject({
      paymentReferenceModel: 'RF',
      paymentReference: 'RF18539007547034',
    });
    expect(changed('12345678909')).toBeUndefined();
  });
});
