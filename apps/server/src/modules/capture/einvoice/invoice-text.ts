/**
 * The fields captured from an e-invoice, named as the document (doc) fields they fill, and
 * what a reader of one syntax hands on: the values as written in the file, before they are
 * normalised and checked (captured-fields.ts).
 */

export const FIELD_NAMES = [
  'supplierName',
  'vatId',
  'iban',
  'bic',
  'invoiceNumber',
  'issueDate',
  'dueDate',
  'netAmount',
  'vatAmount',
  'totalAmount',
  'prepaidAmount',
  'roundingAmount',
  'amountDue',
  'currencyCode',
  'referenceModel',
  'reference',
  'purposeCode',
] as const;

export type FieldName = (typeof FIELD_NAMES)[number];

export interface InvoiceText {
  supplierName?: string;
  /** As written; the country prefix may be missing (e-SLOG). */
  vatId?: string;
  /** ISO 3166 country of the supplier's address, to complete a VAT ID without a prefix. */
  supplierCountry?: string;
  /** Every payee account in the order written; the first is the one captured. */
  ibans: string[];
  bic?: string;
  invoiceNumber?: string;
  /** yyyy-mm-dd when the syntax's date could be read as one, otherwise as written. */
  issueDate?: string;
  dueDate?: string;
  netAmount?: string;
  vatAmount?: string;
  /** The invoice total with VAT (BT-112), what the invoice is worth. */
  totalAmount?: string;
  /** Paid in advance (BT-113). */
  prepaidAmount?: string;
  /** Rounding of the amount due (BT-114). */
  roundingAmount?: string;
  /** What is to be paid (BT-115): the total less the prepaid plus the rounding. */
  amountDue?: string;
  currencyCode?: string;
  /** The reference as one text ('SI12 1234…', 'RF18 5390…', or free text). */
  reference?: string;
  purposeCode?: string;
  /**
   * What kind of document it is, as UNTDID 1001 codes it (BT-3): 380 invoice, 381 credit
   * note, 384 corrected invoice, 386 prepayment invoice, 389 self-billed invoice…
   */
  documentTypeCode?: string;
}

/** A payee account as one payment means gives it: its number and its bank's BIC. */
export interface PayeeAccount {
  iban?: string;
  bic?: string;
}

/**
 * The BIC that goes with the account captured (the first with a number): given in a payment
 * means with that account, never the bank of another account; the first BIC written when no
 * means has an account at all.
 */
export function bicOfFirstAccount(accounts: readonly PayeeAccount[]): string | undefined {
  const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();
  const first = accounts.find((account) => account.iban)?.iban;
  if (first === undefined) return accounts.find((account) => account.bic)?.bic;
  return accounts.find(
    (account) => account.bic && account.iban && compact(account.iban) === compact(first),
  )?.bic;
}
