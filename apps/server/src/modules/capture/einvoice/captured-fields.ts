import {
  checkBic,
  checkIban,
  compactCode,
  compareDecimal,
  isIsoDate,
  isValidSlovenianVatId,
  roundDecimal,
  toDecimalString,
} from '@listina/forms';
import { CURRENCIES, PAYMENT_PURPOSES } from '../../../db/reference-data';
import type { FieldName, InvoiceText } from './invoice-text';
import { checkReference, splitReference } from './payment-reference';

/**
 * What a reader found, as the values a document stores (amounts '1234.50', dates yyyy-mm-dd,
 * IBAN and BIC compact upper case), each with its confidence, and every value checked: a
 * value that fails a check is still captured, with a problem that says what is wrong.
 */

export interface CapturedField {
  value: string;
  /** 0–1: how sure the value is what the file says (see einvoice.ts). */
  confidence: number;
  source: 'einvoice';
}

export interface CaptureProblem {
  field: FieldName;
  /** A catalogue key (capture.json, or the validation.* keys the forms share). */
  code: string;
  parameters: string[];
}

export type CapturedFields = Partial<Record<FieldName, CapturedField>>;

/** Without these a document cannot be posted or paid; a missing one is a problem. */
const ESSENTIAL: readonly FieldName[] = [
  'supplierName',
  'invoiceNumber',
  'issueDate',
  'totalAmount',
  'currencyCode',
];
/** A value Listina composed (a VAT ID given its country prefix) is a little less certain. */
const COMPOSED = 0.9;
/** VAT IDs of Greece start with EL, not its ISO code GR (EU VIES). */
const VAT_PREFIX: Readonly<Record<string, string>> = { GR: 'EL' };

export function captureFields(
  text: InvoiceText,
  confidence: number,
): { fields: CapturedFields; problems: CaptureProblem[] } {
  const fields: CapturedFields = {};
  const problems: CaptureProblem[] = [];
  const put = (field: FieldName, value: string | undefined, factor = 1) => {
    if (value === undefined || value === '') return;
    fields[field] = { value, confidence: round(confidence * factor), source: 'einvoice' };
  };
  const problem = (field: FieldName, code: string, ...parameters: string[]) =>
    problems.push({ field, code, parameters });

  put('supplierName', text.supplierName?.replace(/\s+/g, ' ').trim());
  captureVatId(text, put, problem);
  capturePayment(text, put, problem);
  put('invoiceNumber', text.invoiceNumber?.trim());
  captureDates(text, fields, put, problem);
  captureAmounts(text, fields, put, problem);
  const currency = text.currencyCode?.trim().toUpperCase();
  put('currencyCode', currency);
  if (currency && !CURRENCIES.some((each) => each.code === currency)) {
    problem('currencyCode', 'capture.currency.unknown', currency);
  }
  for (const field of ESSENTIAL) if (!fields[field]) problem(field, 'capture.field.missing');
  return { fields, problems };
}

type Put = (field: FieldName, value: string | undefined, factor?: number) => void;
type Problem = (field: FieldName, code: string, ...parameters: string[]) => void;

function captureDates(text: InvoiceText, fields: CapturedFields, put: Put, problem: Problem) {
  for (const field of ['issueDate', 'dueDate'] as const) {
    const value = text[field] && isoDate(text[field]);
    put(field, value);
    if (value && !isIsoDate(value)) problem(field, 'capture.date.invalid', value);
  }
  const due = fields.dueDate?.value;
  const issued = fields.issueDate?.value;
  if (due && issued && isIsoDate(due) && isIsoDate(issued) && due < issued) {
    problem('dueDate', 'capture.dueDate.beforeIssueDate', due, issued);
  }
}

function captureAmounts(text: InvoiceText, fields: CapturedFields, put: Put, problem: Problem) {
  for (const field of AMOUNT_FIELDS) {
    const written = text[field]?.trim();
    if (!written) continue;
    const value = amount(written);
    put(field, value ?? written);
    if (value === undefined) problem(field, 'capture.amount.invalid', written);
  }
  checkTotals(fields, problem);
  checkAmountDue(fields, problem);
}

const AMOUNT_FIELDS = [
  'netAmount',
  'vatAmount',
  'totalAmount',
  'prepaidAmount',
  'roundingAmount',
  'amountDue',
] as const;

/** The amount due is the total less the prepaid plus the rounding (BR-CO-16), to the cent. */
function checkAmountDue(fields: CapturedFields, problem: Problem): void {
  const [total, due] = [fields.totalAmount, fields.amountDue].map(
    (field) => field && amount(field.value),
  );
  if (total === undefined || due === undefined) return;
  const prepaid = (fields.prepaidAmount && amount(fields.prepaidAmount.value)) ?? '0.00';
  const rounding = (fields.roundingAmount && amount(fields.roundingAmount.value)) ?? '0.00';
  const expected = addDecimals(addDecimals(total, negated(prepaid)), rounding);
  const [expectedCents, dueCents] = [roundDecimal(expected, 2), roundDecimal(due, 2)];
  if (
    expectedCents !== undefined &&
    dueCents !== undefined &&
    compareDecimal(expectedCents, dueCents) !== 0
  ) {
    problem('amountDue', 'capture.amountDue.mismatch', total, prepaid, rounding, due);
  }
}

const negated = (value: string): string => (value.startsWith('-') ? value.slice(1) : `-${value}`);

/**
 * With the country prefix, upper case without spaces ('DE 123456789' is DE123456789), as a
 * partner's VAT ID is stored and matched; an SI VAT ID must pass its mod 11 check (§5.4).
 */
function captureVatId(text: InvoiceText, put: Put, problem: Problem): void {
  const written = text.vatId && String(compactCode(text.vatId));
  if (!written) return;
  const country = text.supplierCountry?.trim().toUpperCase();
  const hasPrefix = /^[A-Z]{2}/i.test(written);
  const prefix = country && /^[A-Z]{2}$/.test(country) ? (VAT_PREFIX[country] ?? country) : '';
  const value = hasPrefix || !prefix ? written : `${prefix}${written}`;
  put('vatId', value, hasPrefix || !prefix ? 1 : COMPOSED);
  if (!/^[A-Z]{2}/i.test(value)) problem('vatId', 'capture.vatId.noCountry', value);
  else if (/^SI/i.test(value) && !isValidSlovenianVatId(value)) {
    problem('vatId', 'validation.vatId');
  }
}

function capturePayment(text: InvoiceText, put: Put, problem: Problem): void {
  const ibans = [...new Set(text.ibans.map((iban) => String(compactCode(iban))))];
  const [iban, ...others] = ibans;
  put('iban', iban);
  const ibanProblem = iban && checkIban(iban);
  if (ibanProblem) problem('iban', `validation.iban.${ibanProblem}`);
  // spec domain §5.3: an invoice may offer several accounts; the user picks another if need be.
  if (others.length > 0) problem('iban', 'capture.iban.alternatives', others.join(', '));
  const bic = text.bic && String(compactCode(text.bic));
  put('bic', bic);
  const bicProblem = bic && checkBic(bic);
  if (bicProblem) problem('bic', `validation.bic.${bicProblem}`);

  const written = text.reference?.trim();
  if (written) {
    const reference = splitReference(written);
    put('referenceModel', reference.model);
    put('reference', reference.reference);
    const referenceProblem = checkReference(reference);
    if (referenceProblem) {
      const code = `capture.reference.${referenceProblem}`;
      problem('reference', code, reference.model, reference.reference);
    }
  }
  const purpose = text.purposeCode?.trim().toUpperCase();
  put('purposeCode', purpose);
  if (purpose && !PAYMENT_PURPOSES.some((each) => each.code === purpose)) {
    problem('purposeCode', 'capture.purposeCode.unknown', purpose);
  }
}

/** Net + VAT = total to the cent, checked when all three are amounts. */
function checkTotals(fields: CapturedFields, problem: Problem): void {
  const [net, vat, total] = [fields.netAmount, fields.vatAmount, fields.totalAmount].map(
    (field) => field && amount(field.value),
  );
  if (net === undefined || vat === undefined || total === undefined) return;
  const sum = addDecimals(net, vat);
  const [sumCents, totalCents] = [roundDecimal(sum, 2), roundDecimal(total, 2)];
  if (
    sumCents !== undefined &&
    totalCents !== undefined &&
    compareDecimal(sumCents, totalCents) !== 0
  ) {
    problem('totalAmount', 'capture.totals.mismatch', net, vat, total, amount(sum) ?? sum);
  }
}

/**
 * An xsd:decimal as '1234.50': at least two decimals, no trailing zeros past them, no '+'.
 * Undefined when the text is not a decimal.
 */
export function amount(text: string): string | undefined {
  const plain = toDecimalString(text.startsWith('+') ? text.slice(1) : text);
  if (plain === undefined) return undefined;
  const [int = '0', frac = ''] = plain.split('.');
  const places = frac.replace(/0+$/, '').padEnd(2, '0');
  const value = `${int}.${places}`;
  return /^-0\.0+$/.test(value) ? value.slice(1) : value;
}

/** Exact sum of two decimal strings. */
function addDecimals(a: string, b: string): string {
  const places = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const scaled = (value: string) => {
    const [int = '0', frac = ''] = value.replace('-', '').split('.');
    const digits = BigInt(int + frac.padEnd(places, '0'));
    return value.startsWith('-') ? -digits : digits;
  };
  const total = scaled(a) + scaled(b);
  const digits = (total < 0n ? -total : total).toString().padStart(places + 1, '0');
  const body = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return total < 0n ? `-${body}` : body;
}

/** xsd:date may carry a time zone ('2019-01-25Z', '2019-01-25+01:00'): the date is the day. */
function isoDate(text: string): string {
  const trimmed = text.trim();
  return /^\d{4}-\d{2}-\d{2}(?:Z|[+-]\d{2}:\d{2})$/.test(trimmed) ? trimmed.slice(0, 10) : trimmed;
}

const round = (value: number): number => Math.round(value * 100) / 100;
