/**
 * A payment order as the ISO 20022 files see it (pain.001 out, camt.053/054 back). The
 * payments service maps its own rows to these; nothing here reads the database.
 */

export type PainVersion = 'pain.001.001.03' | 'pain.001.001.09';
export const PAIN_VERSIONS: readonly PainVersion[] = ['pain.001.001.03', 'pain.001.001.09'];

export interface PainBank {
  bic?: string;
  /** A national clearing code where the bank has no BIC: 'USABA' and '021000021'. */
  clearingSystem?: string;
  clearingMemberId?: string;
  name?: string;
  address?: string;
  town?: string;
  countryCode?: string;
}

export interface PainOrder {
  /** ≤35, unique in the file; the payment order's key-derived id, the reconciliation key. */
  endToEndId: string;
  /** '123.45': 2 decimals, > 0. */
  amount: string;
  /** 'EUR' for the SEPA types. */
  currency: string;
  paymentType: 'SEPA_SI' | 'SEPA' | 'NONSEPA';
  /** yyyy-mm-dd */
  executionDate: string;
  debtorIban: string;
  debtorBic?: string;
  debtorName: string;
  recipientName: string;
  recipientIban: string;
  recipientBic?: string;
  recipientAddress?: string;
  recipientTown?: string;
  recipientCountryCode?: string;
  referenceType: 'SI' | 'RF' | 'NRC';
  /** As sent: 'SI1212345678909', 'SI99', 'RF18539007547034', or free text for NRC (may be ''). */
  reference: string;
  /** ISO 20022 ExternalPurpose1Code, 4 letters. */
  purposeCode?: string;
  /** ≤140 */
  description?: string;
  /** Non-SEPA: the creditor agent (CdtrAgt). */
  recipientBank?: PainBank;
  /** Non-SEPA: IntrmyAgt1. */
  intermediaryBank?: PainBank;
}

export interface PainFile {
  messageId: string;
  createdAt: Date;
  initiatorName: string;
  version: PainVersion;
  orders: PainOrder[];
}

/** Something wrong with one order of a file: a catalogue code (payments-files.json). */
export interface OrderProblem {
  /** The order's index in PainFile.orders, or in the file read; -1: the file's own totals. */
  index: number;
  /** The PainOrder field, when the problem is in one. */
  field?: keyof PainOrder | `${'recipientBank' | 'intermediaryBank'}.${keyof PainBank}`;
  code: string;
  parameters: (string | number)[];
}
