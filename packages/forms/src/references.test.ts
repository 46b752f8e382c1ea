import { describe, expect, it } from 'vitest';
import {
  checkReference,
  documentReferenceOf,
  orderReferenceOf,
  rfReference,
  si12Reference,
  SI_REFERENCE_MODELS,
  siCheckDigit,
  splitReference,
  splitWholeReference,
} from './references';

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

describe('a whole reference in the reference field', () => {
  it('splits an SI or RF reference with its model, as pasted', () => {
    expect(splitWholeReference('SI12 1234567890 9')).toEqual({
      model: 'SI12',
      reference: '12345678909',
    });
    expect(splitWholeReference('RF18 5390 0754 7034')).toEqual({
      model: 'RF18',
      reference: '539007547034',
    });
    expect(splitWholeReference('si05 123-45')).toEqual({ model: 'SI05', reference: '123-45' });
    expect(splitWholeReference('SI99')).toEqual({ model: 'SI99', reference: '' });
  });

  it('leaves a reference without its model, a model alone, free text and wrong RF words', () => {
    for (const text of [
      '12345678909',
      'SI12',
      'SI12 račun 17',
      'RF12 invoice',
      'RF19 5390 0754 7034',
    ]) {
      expect([text, splitWholeReference(text)]).toEqual([text, undefined]);
    }
  });

  it("fills an order's type, model and reference, and a document's model and reference", () => {
    expect(orderReferenceOf('SI12 1234567890 9', 'SI')).toEqual({
      recipientReferenceType: 'SI',
      recipientModel: 'SI12',
      recipientReference: '12345678909',
    });
    expect(orderReferenceOf('RF18 5390 0754 7034', 'SI')).toEqual({
      recipientReferenceType: 'RF',
      recipientModel: null,
      recipientReference: 'RF18539007547034',
    });
    expect(orderReferenceOf('SI12 1234567890 9', 'NRC')).toBeUndefined();
    expect(orderReferenceOf('12345678909', 'SI')).toBeUndefined();
    expect(documentReferenceOf('RF18 5390 0754 7034')).toEqual({
      paymentReferenceModel: 'RF',
      paymentReference: 'RF18539007547034',
    });
    expect(documentReferenceOf('SI12 1234567890 9')).toEqual({
      paymentReferenceModel: 'SI12',
      paymentReference: '12345678909',
    });
    expect(documentReferenceOf(null)).toBeUndefined();
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
    expect(check('SI12 61')).toBe('checkDigit');
    expect(check('SI08 1236-17-345678')).toBe('checkDigit');
    expect(check('SI05 18-1235-84503')).toBe('checkDigit');
  });

  it('refuses SI references that break the ZBS rules', () => {
    expect(check('SI99 123')).toBe('format');
    expect(check('SI00 1--2')).toBe('format');
    expect(check('SI00 -12')).toBe('format');
    expect(check('SI00 12-')).toBe('format');
    expect(check('SI00 1-2-3-4')).toBe('format');
    expect(check('SI00 12A')).toBe('format');
    expect(check('SI13 123')).toBe('unknownModel');
  });

  it('allows 12 digits a part, 13 in model 12, and 20 digits in all', () => {
    expect(check('SI00 123456789012')).toBeUndefined();
    expect(check('SI00 1234567890123')).toBe('format');
    expect(check('SI12 1234567890123')).toBe('checkDigit');
    expect(check(`SI12 ${si12Reference('123456789012')}`)).toBeUndefined();
    expect(check('SI12 12345678901234')).toBe('format');
    expect(check('SI00 1234567-1234567-1234567')).toBe('format');
    expect(check('SI00 123456-1234567-1234567')).toBeUndefined();
  });

  it('needs the parts a check digit covers, and no more parts than the model has', () => {
    expect(check('SI08 1236')).toBe('format');
    expect(check('SI12 12345678909-1')).toBe('format');
    expect(check('SI05 19')).toBeUndefined();
  });

  it('checks RF references by ISO 11649', () => {
    expect(check('RF18 5390 0754 7034')).toBeUndefined();
    expect(check('RF18539007547034')).toBeUndefined();
    expect(check('RF712348231')).toBeUndefined();
    expect(check('RF18 5390 0754 70Y')).toBeUndefined();
    expect(check('RF185390075470Y')).toBeUndefined();
    expect(check('RF17 5390 0754 7034')).toBe('checkDigit');
    expect(check('RF17539007547034')).toBe('checkDigit');
    expect(check('RF18')).toBe('format');
    expect(check('RF18 1234567890123456789012')).toBe('format');
    expect(check('RF18 5390-0754')).toBe('format');
  });

  it('has nothing to check in an unstructured reference', () => {
    expect(check('Invoice 2025/17')).toBeUndefined();
  });
});

describe('siCheckDigit', () => {
  it('weights from the right and turns 10 and 11 into 0', () => {
    expect(siCheckDigit('5678')).toBe(2);
    expect(siCheckDigit('1234567890')).toBe(9);
    expect(siCheckDigit('12361')).toBe(7);
    expect(siCheckDigit('34567')).toBe(9);
    expect(siCheckDigit('6')).toBe(0);
    expect(siCheckDigit('0')).toBe(0);
  });
});

describe('si12Reference', () => {
  it('appends the check digit, and the result passes as model 12', () => {
    expect(si12Reference('1234567890')).toBe('12345678909');
    expect(si12Reference('6')).toBe('60');
    expect(checkReference({ model: 'SI12', reference: si12Reference('4200123') })).toBeUndefined();
  });

  it('refuses anything but 1 to 12 digits', () => {
    for (const digits of ['', '12a', '12-34', '1234567890123']) {
      expect(() => si12Reference(digits), digits).toThrow(RangeError);
    }
  });
});

describe('rfReference', () => {
  it('makes the ISO 11649 examples', () => {
    expect(rfReference('539007547034')).toBe('RF18539007547034');
    expect(rfReference('2348231')).toBe('RF712348231');
    expect(rfReference('5390 0754 70y')).toBe('RF185390075470Y');
  });

  it('pads one-digit check digits and makes references that check', () => {
    for (const body of ['1', 'A', 'INVOICE2025', '123456789012345678901']) {
      const reference = rfReference(body);
      expect(reference, body).toMatch(/^RF\d{2}/);
      expect(check(reference), reference).toBeUndefined();
    }
  });

  it('refuses an empty, over-long or punctuated body', () => {
    for (const body of ['', '1234567890123456789012', 'INV-17']) {
      expect(() => rfReference(body), body).toThrow(RangeError);
    }
  });
});

describe('SI_REFERENCE_MODELS', () => {
  it('has SI00 to SI12, the public-revenue models and SI99 without a reference', () => {
    expect(Object.keys(SI_REFERENCE_MODELS)).toHaveLength(27);
    expect(SI_REFERENCE_MODELS.SI12).toBe('(P1)K');
    expect(SI_REFERENCE_MODELS.SI99).toBe('');
    expect(checkReference({ model: 'toString', reference: '1' })).toBe('unknownModel');
  });
});
