import { describe, expect, it } from 'vitest';
import { megabytes } from '../../lib/number-text';
import { translate } from '../../plugins/i18n';
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

  it('writes amounts in messages in the locale format, in both languages', () => {
    expect(translate('sl', 'errors.payOrder.nothingDue', ['R-000001', '1234.50'])).toBe(
      translate('sl', 'errors.payOrder.nothingDue', ['R-000001', '1.234,50']),
    );
    expect(translate('en-gb', 'errors.doc.costLinesNotTotal', ['400.00', '427.00'])).toBe(
      'The cost allocation lines add up to 400,00, but the total is 427,00.',
    );
    // Not amounts: codes, counts and references stay as they are.
    expect(translate('en-gb', 'errors.alreadyMember', ['9.5'])).toContain('9.5');
    expect(translate('en-gb', 'errors.alreadyMember', [1234])).toContain('1234');
  });
});
