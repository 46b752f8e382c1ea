/**
 * Payment-order checks a schema field names in its validation rule (`check: 'iban'`), run by
 * validateModel after the spec §5 rules, so the browser form and the server's save judge a
 * value alike (../shared/domain/PAYMENTS-AND-EINVOICES.md §1.4, §2, §4). A check sees only a
 * value that is there: an empty field is the business of required and requiredIf. Values are
 * judged as the server stores them: IBAN, BIC and codes without spaces, in upper case.
 */
import { checkBic, checkIban, compactCode, hasIban, splitClearingId } from './banking';
import { isIsoDate } from './date';
import { compareDecimal, hasMorePlaces, toDecimalString } from './decimal-math';
import type { Model } from './fields';
import type { Message } from './messages';
import { checkReference, splitReference, type ReferenceProblem } from './references';
import { checkSepaText, toSepaText } from './sepa-text';

export const DOMAIN_CHECKS = [
  'iban',
  'recipientAccount',
  'clearingId',
  'bic',
  'paymentReference',
  'sepaText',
  'paymentAmount',
  'sepaCurrency',
  'notPast',
] as const;
export type DomainCheckName = (typeof DOMAIN_CHECKS)[number];

/** A check of a non-empty value; `today` is the caller's local date, yyyy-mm-dd. */
export type DomainCheck = (value: unknown, model: Model, today: string) => Message | undefined;

/** Payment types whose orders go as SEPA credit transfers, in euros only (§1.5). */
export const SEPA_PAYMENT_TYPES: readonly string[] = ['SEPA_SI', 'SEPA'];

/** §1.5: an unstructured (NRC) reference is free text of up to 140 characters. */
export const NRC_REFERENCE_MAX_LENGTH = 140;

/** Every message code a domain check gives: translation keys of the server's catalogue. */
export const DOMAIN_CHECK_CODES = [
  'validation.iban.format',
  'validation.iban.country',
  'validation.iban.length',
  'validation.iban.checksum',
  'validation.iban.bban',
  'validation.iban.nationalCheck',
  'validation.account.country',
  'validation.account.ibanCountry',
  'validation.account.format',
  'validation.account.bicRequired',
  'validation.clearingId.format',
  'validation.bic.format',
  'validation.bic.country',
  'validation.bic.test',
  'validation.reference.format',
  'validation.reference.unknownModel',
  'validation.reference.checkDigit',
  'validation.reference.modelRequired',
  'validation.tooLong',
  'validation.sepaText',
  'validation.amount.format',
  'validation.amount.notPositive',
  'validation.amount.decimals',
  'validation.currency.sepaEur',
  'validation.date.format',
  'validation.date.past',
] as const;

const message = (code: string, ...parameters: (string | number)[]): Message => ({
  code,
  parameters,
});

/** Text of a text or number value; undefined for anything else. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : undefined;
}

const compactText = (value: unknown): string => String(compactCode(textOf(value) ?? ''));

function checkIbanValue(value: unknown): Message | undefined {
  const problem = checkIban(compactText(value));
  return problem && message(`validation.iban.${problem}`);
}

/** An account number where there is no IBAN: letters and digits, '-', '/' or '.' between. */
const ACCOUNT_NUMBER = /^[A-Z0-9](?:[A-Z0-9/.-]{0,32}[A-Z0-9])?$/;

/** A valid BIC of the order's recipient bank: recipientBankBIC, else recipientBIC. */
function recipientBicOf(model: Model): string | undefined {
  return [model.recipientBankBIC, model.recipientBIC]
    .map(compactText)
    .find((bic) => bic !== '' && checkBic(bic) === undefined);
}

/**
 * The country of the bank that keeps the recipient's account: the BIC's, else the recipient
 * bank's country, else the recipient's.
 */
function accountCountryOf(model: Model): string {
  const bic = recipientBicOf(model);
  if (bic) return bic.slice(4, 6);
  return compactText(model.recipientBankCountryCode) || compactText(model.recipientCountryCode);
}

/**
 * A payment order's recipient account (spec: recipientIBAN). SEPA: a valid IBAN. Non-SEPA:
 * a valid IBAN, or, where the bank's country has no IBANs (US, CN …), the account number as
 * the bank writes it, with the bank's BIC; it goes to pain.001 as Othr/Id (docs/payments.md).
 */
function checkRecipientAccount(value: unknown, model: Model): Message | undefined {
  const account = compactText(value);
  const problem = checkIban(account);
  if (problem === undefined) return undefined;
  if (textOf(model.paymentType) !== 'NONSEPA') return message(`validation.iban.${problem}`);
  const country = accountCountryOf(model);
  if (country === '') {
    return problem === 'format'
      ? message('validation.account.country')
      : message(`validation.iban.${problem}`);
  }
  if (hasIban(country)) {
    return problem === 'format'
      ? message('validation.account.ibanCountry', country)
      : message(`validation.iban.${problem}`);
  }
  if (!ACCOUNT_NUMBER.test(account)) return message('validation.account.format');
  const hasClearingId = splitClearingId(compactText(model.recipientBankClearingId)) !== undefined;
  return recipientBicOf(model) || hasClearingId
    ? undefined
    : message('validation.account.bicRequired');
}

/** A bank's national clearing code: a known system's code and the member id in it. */
function checkClearingId(value: unknown): Message | undefined {
  return splitClearingId(compactText(value)) ? undefined : message('validation.clearingId.format');
}

function checkBicValue(value: unknown): Message | undefined {
  const problem = checkBic(compactText(value));
  return problem && message(`validation.bic.${problem}`);
}

function checkSepaTextValue(value: unknown): Message | undefined {
  const character = checkSepaText(textOf(value) ?? '');
  return character === undefined ? undefined : message('validation.sepaText', character);
}

/**
 * A warning of a domain check: the message, and the value the field could take instead (one
 * click in the form puts it there).
 */
export interface DomainWarning extends Message {
  suggestion: string;
}

/** Warning codes of the domain checks: translation keys of the server's catalogue. */
export const DOMAIN_WARNING_CODES = ['warnings.sepaText'] as const;

/**
 * Text a bank's file carries (names, addresses, the purpose): a character outside the SEPA
 * set is a warning, not a refusal; the file carries the text spelt in the set (toSepaText),
 * which the warning names and offers.
 */
function sepaTextWarning(value: unknown): DomainWarning | undefined {
  const text = textOf(value) ?? '';
  const character = checkSepaText(text);
  if (character === undefined) return undefined;
  const suggestion = toSepaText(text);
  return { code: 'warnings.sepaText', parameters: [character, suggestion], suggestion };
}

/** Checks whose findings are warnings, by the check a field names. */
export const DOMAIN_WARNING_FUNCTIONS: Readonly<
  Partial<Record<DomainCheckName, (value: unknown, model: Model) => DomainWarning | undefined>>
> = { sepaText: sepaTextWarning };

const referenceMessage = (problem: ReferenceProblem | undefined): Message | undefined =>
  problem && message(`validation.reference.${problem}`);

/**
 * The reference field of a payment order, read with the order's recipientReferenceType and
 * recipientModel (spec: Payment order). SI: the model SI00–SI99 and the reference checked by
 * it (SI99 has none); RF: the whole 'RF18539007547034' by ISO 11649; NRC: SEPA text of up to
 * 140 characters. Without a type, the model and reference say which they are.
 */
function checkPaymentReference(value: unknown, model: Model): Message | undefined {
  const text = textOf(value);
  if (text === undefined) return message('validation.reference.format');
  const referenceModel = compactText(model.recipientModel);
  switch (compactText(model.recipientReferenceType)) {
    case 'SI': {
      if (referenceModel === '') return message('validation.reference.modelRequired');
      if (!/^SI\d{2}$/.test(referenceModel)) return message('validation.reference.unknownModel');
      const reference = text.replace(/\s+/g, '');
      return referenceMessage(checkReference({ model: referenceModel, reference }));
    }
    case 'RF': {
      const split = splitReference(text);
      if (!split.model.startsWith('RF')) return message('validation.reference.format');
      return referenceMessage(checkReference(split));
    }
    case 'NRC':
      if ([...text].length > NRC_REFERENCE_MAX_LENGTH) {
        return message('validation.tooLong', NRC_REFERENCE_MAX_LENGTH);
      }
      return checkSepaTextValue(text);
    default:
      return referenceMessage(checkReference(splitReference(`${referenceModel}${text}`)));
  }
}

/** More than 0 with at most 2 decimals; amounts come as decimal strings ('12.50') or numbers. */
function checkPaymentAmount(value: unknown): Message | undefined {
  const amount =
    typeof value === 'string' || typeof value === 'number' ? toDecimalString(value) : undefined;
  if (amount === undefined) return message('validation.amount.format');
  if ((compareDecimal(amount, '0') ?? 0) <= 0) return message('validation.amount.notPositive');
  return hasMorePlaces(amount, 2) ? message('validation.amount.decimals') : undefined;
}

function checkSepaCurrency(value: unknown, model: Model): Message | undefined {
  const paymentType = textOf(model.paymentType) ?? '';
  if (!SEPA_PAYMENT_TYPES.includes(paymentType)) return undefined;
  return compactText(value) === 'EUR' ? undefined : message('validation.currency.sepaEur');
}

/** A date, yyyy-mm-dd, not before today (ISO dates sort as text). */
function checkNotPast(value: unknown, _model: Model, today: string): Message | undefined {
  if (typeof value !== 'string' || !isIsoDate(value)) return message('validation.date.format');
  return value < today ? message('validation.date.past') : undefined;
}

export const DOMAIN_CHECK_FUNCTIONS: Readonly<Record<DomainCheckName, DomainCheck>> = {
  iban: checkIbanValue,
  recipientAccount: checkRecipientAccount,
  clearingId: checkClearingId,
  bic: checkBicValue,
  paymentReference: checkPaymentReference,
  // Characters outside the set are a warning (DOMAIN_WARNING_FUNCTIONS), never a refusal.
  sepaText: () => undefined,
  paymentAmount: checkPaymentAmount,
  sepaCurrency: checkSepaCurrency,
  notPast: checkNotPast,
};

/** Runs the named check on a non-empty value. */
export function runDomainCheck(
  name: DomainCheckName,
  value: unknown,
  model: Model,
  today: string,
): Message | undefined {
  return DOMAIN_CHECK_FUNCTIONS[name](value, model, today);
}
