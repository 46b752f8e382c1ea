import { describe, expect, it } from 'vitest';
import { megabytes } from '../../lib/number-text';
import { payOrder } from './entities/pay-order';
import { titleFrom } from './model';

describe('record titles in the locale format (issue 24: dialog titles and messages)', () => {
  it('writes an amount with a decimal comma and grouped thousands, never as JavaScript does', () => {
    const title = titleFrom(
      payOrder,
      (name) => ({ recipientIdCb: 'Kovač d.o.o.', amount: '427.00' })[name],
    );
    expect(title).toBe('Kovač d.o.o. - 427,00');
    expect(titleFrom(payOrder, (name) => (name === 'amount' ? '1234567.5' : undefined))).toBe(
      '1.234.567,5',
    );
    expect(titleFrom(payOrder, (name) => (name === 'amount' ? '-12' : undefined))).toBe('-12');
  });

  it('writes sizes in messages with a decimal comma', () => {
    expect(megabytes(12.34)).toBe('12,3');
    expect(megabytes(10)).toBe('10,0');
    expect(megabytes(2048.25)).toBe('2.048,3');
  });
});
