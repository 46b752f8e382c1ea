/**
 * Bank and tax identifiers, checked the same way in the form and on the server
 * (../shared/domain/PAYMENTS-AND-EINVOICES.md): IBAN (ISO 13616, mod 97), BIC (ISO 9362),
 * Slovenian VAT ID (8 digits, mod 11).
 */

/** IBAN lengths of SEPA countries and a few frequent others. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  ME: 22,
  MK: 19,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  RS: 22,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
  BA: 20,
  AL: 28,
  TR: 26,
  UA: 29,
};

/** Upper case without spaces: how an IBAN or BIC is stored. */
export const compactCode = (value: unknown): unknown =>
  typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value;

function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(String(remainder) + digits.slice(i, i + 7)) % 97;
  }
  return remainder;
}

export type IbanProblem = 'format' | 'country' | 'length' | 'checksum';

export function checkIban(value: string): IbanProblem | undefined {
  const iban = value.replace(/\s+/g, '');
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return 'format';
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length === undefined) return 'country';
  if (iban.length !== length) return 'length';
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return mod97(digits) === 1 ? undefined : 'checksum';
}

export const isValidIban = (value: string) => checkIban(value) === undefined;

export type BicProblem = 'format' | 'test';

/** 8 or 11 characters, upper case; a 0 as the 8th character marks a test BIC (refused). */
export function checkBic(value: string): BicProblem | undefined {
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value)) return 'format';
  return value[7] === '0' ? 'test' : undefined;
}

/**
 * Slovenian VAT ID: SI + 8 digits, the first not 0, the last a mod 11 check digit over the
 * first seven (weights 8..2): K = 11 − (S mod 11), where 10 gives 0 and 11 is never issued.
 */
export function isValidSlovenianVatId(value: string): boolean {
  const match = /^(SI)?(\d{8})$/.exec(value.replace(/\s+/g, '').toUpperCase());
  if (!match?.[2]) return false;
  const digits = match[2].split('').map(Number);
  if (digits[0] === 0) return false;
  const sum = digits.slice(0, 7).reduce((total, digit, i) => total + digit * (8 - i), 0);
  const check = 11 - (sum % 11);
  if (check === 11) return false; // such numbers are not issued
  return (check === 10 ? 0 : check) === digits[7];
}
