import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test/catalogue';
import { formatMessage, parameterText, translate } from './messages';

describe('numbers in interface messages (issue 24)', () => {
  it('writes amounts and fractions in the locale format, never as JavaScript does', () => {
    expect(parameterText('427.00')).toBe('427,00');
    expect(parameterText('-1234.50')).toBe('-1.234,50');
    expect(parameterText(0.01)).toBe('0,01');
    expect(parameterText(12.5)).toBe('12,5');
  });

  it('keeps whole numbers, codes and names as they are', () => {
    expect(parameterText(2026)).toBe('2026');
    expect(parameterText('9.5')).toBe('9.5');
    expect(parameterText('SI56 0201 0001 2345 678')).toBe('SI56 0201 0001 2345 678');
    expect(parameterText('Kovač d.o.o.')).toBe('Kovač d.o.o.');
  });

  it('fills catalogue texts with them, in both languages', () => {
    expect(translate(messagesOf('sl'), 'validation.min', [0.01])).toBe(
      'polje je manjše od najmanjše vrednosti 0,01',
    );
    expect(translate(messagesOf('en-gb'), 'validation.max', ['1000.00'])).toBe(
      'field larger than maximum 1.000,00',
    );
    expect(formatMessage('{n} rows', { n: 3 })).toBe('3 rows');
  });
});
