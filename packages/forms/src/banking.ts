/**
 * Bank and tax identifiers, checked the same way in the form and on the server
 * (../shared/domain/PAYMENTS-AND-EINVOICES.md §4): IBAN (ISO 13616: the length, BBAN format and
 * national check digits of each country from the ibantools registry, mod 97), BIC (ISO 9362,
 * its country an ISO 3166 code), Slovenian VAT ID (8 digits, mod 11).
 */
import {
  ValidationErrorsBIC,
  ValidationErrorsIBAN,
  countrySpecs,
  validateBIC,
  validateIBAN,
} from 'ibantools';

/** Upper case without spaces: how an IBAN or BIC is stored. */
export const compactCode = (value: unknown): unknown =>
  typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value;

export const IBAN_PROBLEMS = [
  'format',
  'country',
  'length',
  'checksum',
  'bban',
  'nationalCheck',
] as const;
/**
 * What is wrong with an IBAN, the first that applies: not letters and digits as an IBAN is
 * written (format), a country without IBANs (country), the wrong length for its country
 * (length), ISO 13616 check digits that do not match (checksum), an account part not in its
 * country's form (bban), the country's own check digits inside it wrong (nationalCheck, e.g.
 * a Slovenian account whose BBAN mod 97 is not 1).
 */
export type IbanProblem = (typeof IBAN_PROBLEMS)[number];

const IBAN_FORM = /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/;

/**
 * ibantools' error codes in the order our problems are told. A BBAN out of form comes before
 * the checksum, which ibantools then always reports as well; the national check comes last,
 * since a typo breaks the ISO check digits first.
 */
const IBAN_ERRORS: readonly [ValidationErrorsIBAN, IbanProblem][] = [
  [ValidationErrorsIBAN.NoIBANCountry, 'country'],
  [ValidationErrorsIBAN.WrongBBANLength, 'length'],
  [ValidationErrorsIBAN.ChecksumNotNumber, 'format'],
  [ValidationErrorsIBAN.WrongBBANFormat, 'bban'],
  [ValidationErrorsIBAN.WrongIBANChecksum, 'checksum'],
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum, 'nationalCheck'],
];

/** The problem of an IBAN written with or without spaces, upper case; undefined when valid. */
export function checkIban(value: string): IbanProblem | undefined {
  const iban = value.replace(/\s+/g, '');
  if (!IBAN_FORM.test(iban)) return 'format';
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.length === 0) return undefined;
  return IBAN_ERRORS.find(([code]) => errorCodes.includes(code))?.[1] ?? 'format';
}

export const isValidIban = (value: string) => checkIban(value) === undefined;

const specOf = (countryCode: string) =>
  Object.hasOwn(countrySpecs, countryCode) ? countrySpecs[countryCode] : undefined;

/** An assigned ISO 3166-1 alpha-2 code (and XK), upper case: 'SI', 'US'; not 'UK' or 'EU'. */
export const isCountryCode = (countryCode: string): boolean => specOf(countryCode) !== undefined;

/**
 * Whether the country's banks have IBANs (the IBAN registry and the countries that use IBANs
 * outside it): SI, DE, BR yes; US, CN, AU no. A payment to a country without them names the
 * account by its own number (docs/payments.md).
 */
export const hasIban = (countryCode: string): boolean => Boolean(specOf(countryCode)?.chars);

/**
 * Codes of the national clearing systems (ISO 20022 ExternalClearingSystemIdentification1Code)
 * a bank without a BIC, or a payment that asks for it, is named by.
 */
export const CLEARING_SYSTEMS = [
  'ATBLZ',
  'AUBSB',
  'CACPA',
  'CHBCC',
  'CHSIC',
  'CNAPS',
  'DEBLZ',
  'ESNCC',
  'GBDSC',
  'GRBIC',
  'HKNCC',
  'IENCC',
  'INFSC',
  'ITNCC',
  'JPZGN',
  'NZNCC',
  'PLKNR',
  'PTNCC',
  'RUCBC',
  'SESBA',
  'SGIBG',
  'THCBC',
  'TWNCC',
  'USABA',
  'USPID',
  'ZANCC',
] as const;

/** A bank's clearing code split: 'USABA021000021' → USABA and 021000021. */
export interface ClearingId {
  system: string;
  memberId: string;
}

/**
 * A bank's national clearing code as the order keeps it, upper case without spaces: the
 * clearing system's code, then the bank's member id in it, 1 to 35 letters or digits
 * ('USABA021000021', an ABA routing number; 'CNAPS102100099996'). undefined when it is not.
 */
export function splitClearingId(value: string): ClearingId | undefined {
  const match = /^([A-Z]{5})([A-Z0-9]{1,35})$/.exec(value);
  const system = match?.[1] ?? '';
  if (!match || !(CLEARING_SYSTEMS as readonly string[]).includes(system)) return undefined;
  return { system, memberId: match[2] ?? '' };
}

export const BIC_PROBLEMS = ['format', 'country', 'test'] as const;
export type BicProblem = (typeof BIC_PROBLEMS)[number];

/**
 * 8 or 11 characters, upper case; the 5th and 6th an assigned ISO 3166-1 alpha-2 country
 * (XK, Kosovo, as SWIFT uses it, included; ibantools' country registry); a 0 as the 8th
 * character marks a test BIC (refused).
 */
export function checkBic(value: string): BicProblem | undefined {
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value)) return 'format';
  if (validateBIC(value).errorCodes.includes(ValidationErrorsBIC.NoBICCountry)) return 'country';
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
