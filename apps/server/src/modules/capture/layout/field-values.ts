import { checkBic, checkIban } from '@listina/forms';
import { CURRENCIES } from '../../../db/reference-data';
import { findAmounts } from '../text/amounts';
import { findDates } from '../text/dates';
import { looksLikeInvoiceNumber } from '../text/invoice-number';
import type { TextField } from '../text/text-fields';
import { findVatIds } from '../text/vat-ids';

/**
 * A header field's value read from a phrase of an invoice, in the form the document keeps it
 * (dates yyyy-mm-dd, amounts 1234.56, IBANs without spaces), with where in the phrase it was
 * printed; undefined when the phrase holds none. The first value in the text is given: the
 * caller says whether it must start the text. The layout reader and the layout a correction
 * taught both read through here.
 */

export interface ValueHint {
  /** The document's language (sl, en, de, …) and its supplier's country, for dates. */
  language?: string;
  country?: string;
}

export type LayoutField = Exclude<TextField, 'purposeCode' | 'referenceModel'>;

export interface ParsedValue {
  value: string;
  /** Where in the text it was read (character offset) and how long it is there. */
  index: number;
  length: number;
  /** For an amount: the currency printed with it. */
  currency?: string;
}

const IBAN_SHAPE = /(?<![A-Z0-9])[A-Z]{2}\d{2}(?:[ \u00a0]?[A-Z0-9]){8,30}/gu;
const BIC_SHAPE = /(?<![A-Z0-9])[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![A-Z0-9])/gu;
const CURRENCY_SHAPE = /(?<![A-Z])[A-Z]{3}(?![A-Z])/gu;
/** A reference as printed: SI or RF and its model, or any run with a digit, up to 35 signs. */
const REFERENCE_SHAPE =
  /(?:SI|RF)\d{2}[ \u00a0]?[0-9A-Z][0-9A-Z -]{0,30}|[0-9A-Z][0-9A-Z/-]{0,34}/gu;

export function parseFieldValue(
  field: LayoutField,
  text: string,
  hint: ValueHint = {},
): ParsedValue | undefined {
  switch (field) {
    case 'issueDate':
    case 'dueDate':
      return findDates(text, {
        language: hint.language,
        country: hint.country,
      })[0];
    case 'netAmount':
    case 'vatAmount':
    case 'totalAmount':
    case 'prepaidAmount':
    case 'roundingAmount':
    case 'amountDue': {
      // A rate is no amount (21 %, 9,5%).
      const found = findAmounts(text).find((a) => !/^\s*%/u.test(text.slice(a.index + a.length)));
      return (
        found && {
          value: found.value,
          index: found.index,
          length: found.length,
          currency: found.currency,
        }
      );
    }
    case 'iban':
      return longestValid(text, IBAN_SHAPE, (v) => checkIban(v) === undefined);
    case 'bic':
      return firstMatch(text, BIC_SHAPE, (v) => checkBic(v) === undefined);
    case 'vatId':
      return findVatIds(text)[0];
    case 'currencyCode':
      return firstMatch(text, CURRENCY_SHAPE, (v) => CURRENCY_CODES.has(v));
    case 'invoiceNumber': {
      const m = /[^\s:]+/u.exec(text);
      const token = m?.[0].replace(/[.,;)]+$/u, '');
      return m && token && looksLikeInvoiceNumber(token)
        ? { value: token, index: m.index, length: token.length }
        : undefined;
    }
    case 'reference': {
      const found = firstMatch(text, REFERENCE_SHAPE, (v) => /\d/u.test(v));
      return found && { ...found, value: found.value.trim() };
    }
    case 'supplierName':
      return text.trim() === '' ? undefined : { value: text.trim(), index: 0, length: text.length };
  }
}

function firstMatch(
  text: string,
  shape: RegExp,
  isValid: (value: string) => boolean,
): ParsedValue | undefined {
  for (const m of text.matchAll(new RegExp(shape.source, shape.flags))) {
    if (isValid(m[0])) return { value: m[0], index: m.index, length: m[0].length };
  }
  return undefined;
}

/** The longest beginning of a printed IBAN that checks (it may run into the next word). */
function longestValid(
  text: string,
  shape: RegExp,
  isValid: (value: string) => boolean,
): ParsedValue | undefined {
  for (const m of text.toUpperCase().matchAll(new RegExp(shape.source, shape.flags))) {
    for (let end = m[0].length; end >= 12; end--) {
      const printed = m[0].slice(0, end).trimEnd();
      const compact = printed.replace(/[ \u00a0]/gu, '');
      if (isValid(compact)) return { value: compact, index: m.index, length: printed.length };
    }
  }
  return undefined;
}

/** ISO 4217 codes of the currencies Listina knows. */
const CURRENCY_CODES: ReadonlySet<string> = new Set(CURRENCIES.map((c) => c.code));
