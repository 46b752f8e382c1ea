import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBic, checkIban, compactCode, isValidIban, isValidSlovenianVatId } from './banking';

describe('IBAN', () => {
  it('accepts valid IBANs with or without spaces', () => {
    expect(isValidIban('SI56191000000123438')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
  });
  it('names what is wrong', () => {
    expect(checkIban('SI56191000000123439')).toBe('checksum');
    expect(checkIban('SI5619100000012343')).toBe('length');
    expect(checkIban('XX56191000000123438')).toBe('country');
    expect(checkIban('si56191000000123438')).toBe('format');
  });
  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => void checkIban(s)),
      { numRuns: 300 },
    );
  });
});

describe('BIC', () => {
  it('accepts 8 and 11 characters and refuses test BICs and lower case', () => {
    expect(checkBic('LJBASI2X')).toBeUndefined();
    expect(checkBic('LJBASI2XXXX')).toBeUndefined();
    expect(checkBic('LJBASI20')).toBe('test');
    expect(checkBic('ljbasi2x')).toBe('format');
    expect(checkBic('LJBASI2')).toBe('format');
  });
  it('compacts to upper case without spaces', () => {
    expect(compactCode(' ljba si2x ')).toBe('LJBASI2X');
  });
});

describe('Slovenian VAT ID', () => {
  it('checks the mod 11 digit', () => {
    expect(isValidSlovenianVatId('SI50223054')).toBe(true);
    expect(isValidSlovenianVatId('50223054')).toBe(true);
    expect(isValidSlovenianVatId('SI50223055')).toBe(false);
    expect(isValidSlovenianVatId('SI1234567')).toBe(false);
  });
  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => void isValidSlovenianVatId(s)),
      { numRuns: 300 },
    );
  });
});
