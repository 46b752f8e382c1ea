import { checkBic, checkIban } from '@listina/forms';
import { decimalOf, isoDate, type TextField } from '../text/text-fields';

/**
 * A header field's value read from a phrase of an invoice, in the form the document keeps it
 * (dates yyyy-mm-dd, amounts 1234.56, IBANs without spaces), or undefined when the phrase
 * holds none. The layout reader and the layout a correction taught both read through here.
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
}

export function parseFieldValue(
  field: LayoutField,
  text: string,
  hint: ValueHint = {},
): ParsedValue | undefined {
  void hint;
  const whole = (value: string | undefined) =>
    value === undefined ? undefined : { value, index: 0, length: text.length };
  switch (field) {
    case 'issueDate':
    case 'dueDate':
      return whole(isoDate(text.trim()));
    case 'netAmount':
    case 'vatAmount':
    case 'totalAmount':
    case 'prepaidAmount':
    case 'roundingAmount':
    case 'amountDue':
      return whole(decimalOf(text.trim()));
    case 'iban': {
      const compact = text.replace(/\s/g, '').toUpperCase();
      return checkIban(compact) === undefined ? whole(compact) : undefined;
    }
    case 'bic': {
      const compact = text.trim().toUpperCase();
      return checkBic(compact) === undefined ? whole(compact) : undefined;
    }
    default:
      return text.trim() === '' ? undefined : whole(text.trim());
  }
}
