/** spec §3 / §9 locale defaults: decimal comma, thousands dot, €, dd.mm.yyyy, hh:nn. */
export const LOCALE_DEFAULTS = {
  decimalSeparator: ',',
  thousandSeparator: '.',
  currency: '€',
  dateFormat: 'dd.mm.yyyy',
  timeFormat: 'hh:nn',
} as const;
