import { describe, expect, it } from 'vitest';
import { captureStateOf, lowConfidenceFields } from './capture-api';

const found = (value: string, confidence: number) => ({ value, confidence, source: 'text', at: 0 });

describe('values read with low confidence', () => {
  it('names the document fields whose value is still the one read below 0.9', () => {
    const result = {
      source: 'text',
      partner: null,
      fields: {
        invoiceNumber: found('R-17', 0.7),
        totalAmount: found('121.5', 0.7),
        iban: found('SI56191000000123438', 0.7),
        dueDate: found('2026-04-01', 0.97),
        vatId: found('SI12345678', 0.5),
      },
    };
    expect(
      lowConfidenceFields(result, {
        number: 'R-17',
        totalAmount: '121.50',
        paymentIban: 'SI56 1910 0000 0123 438',
        dueDate: '2026-04-01',
      }),
    ).toEqual(['number', 'totalAmount', 'paymentIban']);
  });

  it('leaves out a value the user changed, and reads the result kept as JSON text', () => {
    const result = JSON.stringify({ fields: { invoiceNumber: found('R-17', 0.5) } });
    expect(lowConfidenceFields(result, { number: 'R-17' })).toEqual(['number']);
    expect(lowConfidenceFields(result, { number: 'R-18' })).toEqual([]);
    expect(lowConfidenceFields('not json', { number: 'R-17' })).toEqual([]);
    expect(lowConfidenceFields(null, { number: 'R-17' })).toEqual([]);
  });
});

describe('capture state of a record', () => {
  it('takes the known states and reads anything else as none', () => {
    expect(captureStateOf({ captureState: 'pending' })).toBe('pending');
    expect(captureStateOf({ captureState: 'queued' })).toBe('none');
    expect(captureStateOf(undefined)).toBe('none');
  });
});
