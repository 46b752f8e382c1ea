import { checkBic, isValidIban } from '@listina/forms';
import { parseAmount } from './amounts';
import { parseDate } from './dates';
import { isValidVatId } from './vat-ids';

/**
 * Whether a token printed next to an invoice-number label can be the number (issue 23): the
 * characters real numbers use (letters, digits, / - _ . and a # before or inside:
 * "2025-00123", "R1/2025/17", "INV_0042", "FA.2024.117", "#1042", "1-POSL1-1"), at least one
 * digit, at most 40 characters, beginning with a letter, a digit or # and ending with a letter
 * or a digit; and not another kind of value that sits next to the same labels:
 * - a date (19.04.2014, 2014-04-19, 3-Aug-14);
 * - an amount: digits with one dot or comma before two decimals (12.50, 1.234,56), or with a
 *   currency; "2024.01" is therefore not taken for a number;
 * - an IBAN or a BIC (check digits and country), a VAT ID (check digits);
 * - a phone number: + or 00 then digits ("+386-1-2345678", "00386/1/234"), or an area code
 *   with a slash and the number in groups ("01/234-56-78");
 * - a year alone (2025), or a percentage.
 * Tokens with spaces are not taken: a number printed with a space must be joined by the caller.
 */
export function looksLikeInvoiceNumber(token: string): boolean {
  const t = token.trim();
  if (t.length === 0 || t.length > 40) return false;
  if (!/^[\p{L}\d#][\p{L}\d/\-_.#]*$/u.test(t) || !/[\p{L}\d]$/u.test(t)) return false;
  if (!/\d/.test(t)) return false;
  if (/^(?:19|20)\d{2}$/.test(t)) return false;
  if (parseDate(t) !== undefined) return false;
  if (/^-?\d{1,3}(?:([.,])\d{3})*[.,]\d{2}$/.test(t) || /^\d+[.,]\d{2}$/.test(t)) return false;
  if (!/^\d+$/.test(t) && parseAmount(t)?.currency !== undefined) return false;
  if (/^(?:\+|00[1-9])\d*[/\-.]\d/.test(t)) return false;
  if (/^0\d{1,3}\/\d{3}[-.]?\d{2}[-.]?\d{2}$/.test(t)) return false;
  const upper = t.toUpperCase();
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(upper) && isValidIban(upper)) return false;
  if (/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(upper) && checkBic(upper) === undefined)
    return false;
  if (/^[A-Z]{2,3}[-. ]?[0-9A-Z]/.test(upper) && isValidVatId(upper)) return false;
  return true;
}
