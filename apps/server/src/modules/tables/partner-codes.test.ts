import { describe, expect, it } from 'vitest';
import { nextPartnerCode } from './partner-codes';

describe("a new partner's code follows the organisation's numbering", () => {
  it.each([
    [['P000001', 'P000002', 'P000012'], 'P000013'],
    [['D-7', 'D-8'], 'D-9'],
    [['D-9', 'D-10', 'D-8'], 'D-11'],
    [['0098', '0099'], '0100'],
    [['K999', 'K998'], 'K1000'],
    // The larger numbering wins over a few codes of another.
    [['P001', 'P002', 'P003', 'X1', 'X2'], 'P004'],
  ])('%j → %s', (codes, next) => {
    expect(nextPartnerCode(codes)).toBe(next);
  });

  it.each([
    [[]],
    [['P000001']],
    [['ELEKTRO', 'TELEKOM']],
    // VAT IDs used as codes look alike but do not count up.
    [['SI12345678', 'SI87654321', 'SI55555555']],
  ])('%j has no numbering', (codes) => {
    expect(nextPartnerCode(codes)).toBeNull();
  });
});
