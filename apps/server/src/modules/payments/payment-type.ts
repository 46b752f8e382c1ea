/**
 * Countries of the SEPA scheme (EPC list: the EU and EEA states, Switzerland, the United
 * Kingdom, Monaco, San Marino, the Vatican, Andorra). A transfer in euros to an IBAN of one
 * of them is a SEPA credit transfer; anything else goes as a non-SEPA (SWIFT) payment.
 */
const SEPA_COUNTRIES = new Set(
  (
    'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK ' +
    'IS LI NO CH GB MC SM VA AD GI'
  ).split(' '),
);

export type PaymentTypeCode = 'SEPA_SI' | 'SEPA' | 'NONSEPA';

/** SEPA_SI for a Slovenian IBAN in euros, SEPA for another SEPA country, else NONSEPA. */
export function paymentTypeOf(iban: string, currency: string): PaymentTypeCode {
  const country = iban.slice(0, 2).toUpperCase();
  if (currency !== 'EUR' || !SEPA_COUNTRIES.has(country)) return 'NONSEPA';
  return country === 'SI' ? 'SEPA_SI' : 'SEPA';
}
