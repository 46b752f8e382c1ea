import { describe, expect, it } from 'vitest';
import { LOCALE_DEFAULTS } from './locale';

describe('locale defaults (spec §3)', () => {
  it('are comma decimals, dot thousands, euro, dd.mm.yyyy and hh:nn', () => {
    expect(LOCALE_DEFAULTS).toEqual({
      decimalSeparator: ',',
      thousandSeparator: '.',
      currency: '€',
      dateFormat: 'dd.mm.yyyy',
      timeFormat: 'hh:nn',
    });
  });
});
