import { describe, expect, it } from 'vitest';
import { keepSums } from './layout-memory';

/**
 * Amounts a hint read keep the sums (issue 23): an invoice with another VAT rate than the one
 * the learned label names has its net in two lines, which the reader adds and a hint would
 * take one of.
 */

const found = (value: string, confidence = 0.97) => ({
  value,
  confidence,
  source: 'text' as const,
});
const hinted = (value: string) => ({ ...found(value), layout: true as const });

describe('amounts read by hints', () => {
  it('keep what was found when they break sums that added up', () => {
    const reader = {
      netAmount: found('827.50'),
      vatAmount: found('109.11'),
      totalAmount: found('936.61'),
    };
    const read = { ...reader, netAmount: hinted('583.50'), vatAmount: hinted('55.43') };
    expect(keepSums(reader, read)).toEqual(reader);
  });

  it('stand when they add up, and are to be checked when nothing did', () => {
    const reader = { netAmount: found('100.00'), totalAmount: found('122.00', 0.7) };
    const adding = { ...reader, vatAmount: hinted('22.00') };
    expect(keepSums(reader, adding)).toEqual(adding);
    const wrong = { ...reader, vatAmount: hinted('9.50'), invoiceNumber: hinted('R-1') };
    expect(keepSums(reader, wrong)).toEqual({
      ...wrong,
      vatAmount: { ...hinted('9.50'), confidence: 0.7 },
    });
  });
});
