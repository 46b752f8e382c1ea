import { AppError } from '../../../lib/errors';

/**
 * Why a UPN form cannot be made for a payment. Each code is a catalogue key
 * (catalogue/<locale>/payments-upn.json); `field` names the UpnData value it concerns.
 */
export const UPN_ERROR_CODES = [
  /** A character outside ISO 8859-2, which the code cannot hold: {0} the character, {1} the text. */
  'errors.upn.character',
  /** {0}: not an amount in euros from 0.00 to 999999999.99 with at most two decimals. */
  'errors.upn.amount',
  /** {0}: not four letters. */
  'errors.upn.purposeCode',
  /** {0}: not a date yyyy-mm-dd. */
  'errors.upn.date',
  /** {0}: not a valid IBAN. */
  'errors.upn.iban',
  /** {0}: the payer's IBAN is not Slovenian (the field holds 19 characters, an SI IBAN). */
  'errors.upn.payerIban',
  /** {0}: not an SI or RF reference, or its check digits are wrong. */
  'errors.upn.reference',
  /** The recipient's name is empty. */
  'errors.upn.recipientName',
  /** The purpose is empty. */
  'errors.upn.purpose',
] as const;

export type UpnErrorCode = (typeof UPN_ERROR_CODES)[number];

export class UpnError extends AppError {
  override readonly name = 'UpnError';

  constructor(
    readonly code: UpnErrorCode,
    readonly field: string,
    readonly parameters: string[] = [],
  ) {
    super(400, [{ code, parameters, field }]);
  }
}
