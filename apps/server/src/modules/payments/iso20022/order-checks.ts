import type { OrderProblem, PainBank, PainOrder } from './types';

/**
 * What a bank would refuse in an order, found before a file is written (buildCheckedPain001)
 * and after one is read (readPain001). Codes are keys of catalogue/<locale>/payments-files.json.
 */

type Field = NonNullable<OrderProblem['field']>;

/** Texts longer than EPC allows (domain §1.2: names 70, remittance 140, identifiers 35). */
const MAX_LENGTH = { id: 35, name: 70, address: 70, town: 35, description: 140 } as const;
const AMOUNT = /^(\d{1,15})(?:\.(\d+))?$/;
const CURRENCY = /^[A-Z]{3}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Za-z0-9]{1,30}$/;
/** BIC and BICFI: 8 or 11 characters (the stricter v03 pattern is the XSD's business). */
const BIC = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
const COUNTRY = /^[A-Z]{2}$/;
const PURPOSE = /^[A-Z]{4}$/;
// domain §2.1: SI + model + up to 22 digits and hyphens; SI99 alone means no reference.
const SI_REFERENCE = /^SI(?:99|\d{2}[0-9-]{1,22})$/;
const RF_REFERENCE = /^RF\d{2}[A-Z0-9]{1,21}$/;

/** '123.45' → 12345n; undefined unless it is a non-negative amount with at most 2 decimals. */
export function toCents(amount: string): bigint | undefined {
  const match = AMOUNT.exec(amount);
  if (!match || (match[2] ?? '').length > 2) return undefined;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** 12345n → '123.45' */
export function formatCents(cents: bigint): string {
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

export const isSepa = (order: Pick<PainOrder, 'paymentType'>): boolean =>
  order.paymentType !== 'NONSEPA';

/** Every problem of every order, in order; an empty list when the file can be written. */
export function checkPainOrders(orders: readonly PainOrder[]): OrderProblem[] {
  const problems: OrderProblem[] = [];
  const firstIndex = new Map<string, number>();
  orders.forEach((order, index) => {
    const add = (field: Field | undefined, code: string, parameters: (string | number)[] = []) =>
      problems.push({ index, ...(field ? { field } : {}), code, parameters });
    checkOrder(order, add);
    const seen = firstIndex.get(order.endToEndId);
    if (seen === undefined) firstIndex.set(order.endToEndId, index);
    else add('endToEndId', 'payments.order.endToEndId.duplicate', [order.endToEndId, seen + 1]);
  });
  return problems;
}

type Add = (field: Field | undefined, code: string, parameters?: (string | number)[]) => void;

function checkOrder(order: PainOrder, add: Add): void {
  checkIdentifier(order.endToEndId, add);
  checkAmount(order, add);
  if (!['SEPA_SI', 'SEPA', 'NONSEPA'].includes(order.paymentType)) {
    add('paymentType', 'payments.order.paymentType.invalid', [String(order.paymentType)]);
  }
  if (!CURRENCY.test(order.currency)) {
    add('currency', 'payments.order.currency.invalid', [order.currency]);
  } else if (isSepa(order) && order.currency !== 'EUR') {
    add('currency', 'payments.order.currency.notEur', [order.currency]);
  }
  if (!isRealDate(order.executionDate)) {
    add('executionDate', 'payments.order.date.invalid', [order.executionDate]);
  }
  checkText(order.debtorName, 'debtorName', MAX_LENGTH.name, true, add);
  checkText(order.recipientName, 'recipientName', MAX_LENGTH.name, true, add);
  checkText(order.recipientAddress, 'recipientAddress', MAX_LENGTH.address, false, add);
  checkText(order.recipientTown, 'recipientTown', MAX_LENGTH.town, false, add);
  checkText(order.description, 'description', MAX_LENGTH.description, false, add);
  checkIban(order.debtorIban, 'debtorIban', true, add);
  // Outside SEPA an account may have no IBAN: any other identifier goes as Othr/Id.
  checkIban(order.recipientIban, 'recipientIban', isSepa(order), add);
  checkPattern(order.debtorBic, 'debtorBic', BIC, 'payments.order.bic.invalid', add);
  checkPattern(order.recipientBic, 'recipientBic', BIC, 'payments.order.bic.invalid', add);
  checkPattern(
    order.recipientCountryCode,
    'recipientCountryCode',
    COUNTRY,
    'payments.order.country.invalid',
    add,
  );
  checkPattern(
    order.purposeCode,
    'purposeCode',
    PURPOSE,
    'payments.order.purposeCode.invalid',
    add,
  );
  checkReference(order, add);
  checkBank(order.recipientBank, 'recipientBank', add);
  checkBank(order.intermediaryBank, 'intermediaryBank', add);
  if (
    !isSepa(order) &&
    !order.recipientBic &&
    !order.recipientBank?.bic &&
    !order.recipientBank?.name
  ) {
    add('recipientBank', 'payments.order.recipientBank.missing');
  }
}

function checkIdentifier(id: string, add: Add): void {
  if (id === '') add('endToEndId', 'payments.order.required');
  else if (id.length > MAX_LENGTH.id) add('endToEndId', 'payments.order.tooLong', [MAX_LENGTH.id]);
  // EPC: identifiers do not start or end with '/' nor contain '//' (domain §1.4).
  else if (/^\/|\/$|\/\//.test(id)) add('endToEndId', 'payments.order.endToEndId.slashes', [id]);
}

function checkAmount(order: PainOrder, add: Add): void {
  const amount = order.amount.trim();
  const decimals = /^-?\d+\.(\d*)$/.exec(amount)?.[1] ?? '';
  if (!/^-?\d+(?:\.\d+)?$/.test(amount)) {
    add('amount', 'payments.order.amount.invalid', [order.amount]);
  } else if (amount.startsWith('-') || /^[0.]+$/.test(amount)) {
    add('amount', 'payments.order.amount.notPositive', [order.amount]);
  } else if (decimals.length > 2) {
    add('amount', 'payments.order.amount.decimals', [order.amount]);
  } else if (toCents(amount) === undefined) {
    add('amount', 'payments.order.amount.invalid', [order.amount]);
  }
}

function checkText(
  text: string | undefined,
  field: Field,
  max: number,
  isRequired: boolean,
  add: Add,
): void {
  if (text === undefined || text.trim() === '') {
    if (isRequired) add(field, 'payments.order.required');
  } else if (text.length > max) {
    add(field, 'payments.order.tooLong', [max]);
  }
}

function checkIban(iban: string, field: Field, isIbanRequired: boolean, add: Add): void {
  if (iban === '') add(field, 'payments.order.required');
  else if (IBAN.test(iban) ? !hasMod97Remainder1(iban) : isIbanRequired) {
    add(field, 'payments.order.iban.invalid', [iban]);
  } else if (iban.length > 34) add(field, 'payments.order.tooLong', [34]);
}

function checkPattern(
  value: string | undefined,
  field: Field,
  pattern: RegExp,
  code: string,
  add: Add,
): void {
  if (value !== undefined && !pattern.test(value)) add(field, code, [value]);
}

function checkReference(order: PainOrder, add: Add): void {
  const { referenceType, reference } = order;
  const isValid =
    referenceType === 'SI'
      ? SI_REFERENCE.test(reference)
      : referenceType === 'RF'
        ? RF_REFERENCE.test(reference) && hasMod97Remainder1(reference)
        : referenceType === 'NRC' && reference.length <= MAX_LENGTH.description;
  if (!isValid) add('reference', 'payments.order.reference.invalid', [referenceType, reference]);
}

function checkBank(
  bank: PainBank | undefined,
  key: 'recipientBank' | 'intermediaryBank',
  add: Add,
) {
  if (!bank) return;
  checkPattern(bank.bic, `${key}.bic`, BIC, 'payments.order.bic.invalid', add);
  checkPattern(
    bank.countryCode,
    `${key}.countryCode`,
    COUNTRY,
    'payments.order.country.invalid',
    add,
  );
  checkText(bank.name, `${key}.name`, 140, false, add);
  checkText(bank.address, `${key}.address`, MAX_LENGTH.address, false, add);
  checkText(bank.town, `${key}.town`, MAX_LENGTH.town, false, add);
}

function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** ISO 7064 MOD 97-10 as IBAN and RF use it: the first four characters move to the end. */
function hasMod97Remainder1(text: string): boolean {
  const moved = text.slice(4) + text.slice(0, 4);
  let remainder = 0;
  for (const char of moved.toUpperCase()) {
    const value = parseInt(char, 36);
    if (Number.isNaN(value)) return false;
    remainder = Number(`${remainder}${value}`) % 97;
  }
  return remainder === 1;
}
