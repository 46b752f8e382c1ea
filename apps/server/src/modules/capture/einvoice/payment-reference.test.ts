import { describe, expect, it } from 'vitest';
import { checkReference, siCheckDigit, splitReference } from './payment-reference';

/** Worked examples of shared/domain/PAYMENTS-AND-EINVOICES.md §2.3 and §2.4. */

const check = (text: string) => checkReference(splitReference(text));

describe('splitReference', () => {
  it('splits SI and RF references after the model, without spaces', () => {
    expect(splitReference('SI00 123')).toEqual({ model: 'SI00', reference: '123' });
    expect(splitReference('SI12 1234567890 9')).toEqual({
      model: 'SI12',
      reference: '12345678909',
    });
    expect(splitReference('rf18 5390 0754 7034')).toEqual({
      model: 'RF18',
      reference: '539007547034',
    });
    expect(splitReference('SI99')).toEqual({ model: 'SI99', reference: '' });
  });

  it('keeps any other reference as written, as NRC', () => {
    expect(splitReference(' Deb. 10202 / Fact. 12115118 ')).toEqual({
      model: 'NRC',
      reference: 'Deb. 10202 / Fact. 12115118',
    });
  });
});

describe('checkReference', () => {
  it('accepts the worked SI examples', () => {
    for (const reference of [
      'SI12 12345678909',
      'SI08 1236-17-345679',
      'SI05 19-1235-84503',
      'SI01 12-34-5679',
      'SI12 60',
      'SI12 00',
      'SI00 123-456',
      'SI99',
    ]) {
      expect(check(reference), reference).toBeUndefined();
    }
  });

  it('finds a wrong SI check digit', () => {
    expect(check('SI01 12-34-5678')).toBe('checkDigit');
    expect(check('SI12 12345678908')).toBe('checkDigit');
    expect(check('SI08 1236-17-345678')).toBe('checkDigit');
  });

  it('refuses SI references that break the ZBS rules', () => {
    expect(check('SI99 123')).toBe('format');
    expect(check('SI00 1--2')).toBe('format');
    expect(check('SI00 1-2-3-4')).toBe('format');
    expect(check('SI00 12A')).toBe('format');
    expect(check('SI00 1234567890123')).toBe('format');
    expect(check('SI12 1234567890123')).toBe('checkDigit');
    expect(check('SI13 123')).toBe('unknownModel');
  });

  it('checks RF references by ISO 11649', () => {
    expect(check('RF18 5390 0754 7034')).toBeUndefined();
    expect(check('RF712348231')).toBeUndefined();
    expect(check('RF18 5390 0754 70Y')).toBeUndefined();
    expect(check('RF17 5390 0754 7034')).toBe('checkDigit');
    expect(check('RF18')).toBe('format');
  });

  it('has nothing to check in an unstructured reference', () => {
    expect(check('Invoice 2025/17')).toBeUndefined();
  });
});

describe('siCheckDigit', () => {
  it('weights from the right and turns 10 and 11 into 0', () => {
    expect(siCheckDigit('5678')).toBe(2);
    expect(siCheckDigit('1234567890')).toBe(9);
    expect(siCheckDigit('6')).toBe(0);
    expect(siCheckDigit('0')).toBe(0);
  });
});
