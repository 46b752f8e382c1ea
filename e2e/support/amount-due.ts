import type { APIRequestContext } from '@playwright/test';
import type { FreshOrganization } from './organization';
import { approvedDocument, payingOrganization, SUPPLIER_IBAN } from './payments';

/** A Danish supplier's account (Danske Bank's IBAN example) and its bank. */
export const DANISH_IBAN = 'DK5000400440116243';
export const DANISH_BIC = 'DABADKKK';
export const DANISH_SUPPLIER = 'Nordisk Papir A/S';
export const SLOVENIAN_SUPPLIER = 'Čistilni servis Žnidaršič d.o.o.';

/**
 * Issue 21's invoice: 1,801.78 gross (1,476.87 net and 324.91 VAT) of which 1,000.00 was paid
 * ahead, so 801.78 is due.
 */
export const PREPAID_INVOICE = {
  netAmount: '1476.87',
  vatAmount: '324.91',
  totalAmount: '1801.78',
  prepaidAmount: '1000.00',
  amountDue: '801.78',
} as const;

export interface PrepaidInvoices {
  org: FreshOrganization;
  /** The invoice in Danish kroner, to the Danish supplier. */
  dkk: { key: string; number: string };
  /** The same invoice in euros, to a Slovenian supplier. */
  eur: { key: string; number: string };
  /** A text both invoice numbers contain (and no other document of the organisation). */
  stem: string;
}

/**
 * A fresh organisation that pays, with two approved invoices of PREPAID_INVOICE's amounts:
 * one in DKK from a Danish supplier (an IBAN and BIC of Danske Bank), one in EUR from a
 * Slovenian supplier; all through the API.
 */
export async function prepaidInvoicesOrganization(
  request: APIRequestContext,
): Promise<PrepaidInvoices> {
  const paying = await payingOrganization(request, 'due');
  const danish = await paying.api.create('partner', {
    code: 'NORD',
    name: DANISH_SUPPLIER,
    countryCode: 'DK',
    town: 'Copenhagen',
    isActive: true,
    bankAccounts: [{ id: -1, code: DANISH_IBAN, bic: DANISH_BIC, isDefault: true, isActive: true }],
  });
  const slovenian = await paying.api.create('partner', {
    code: 'CIST',
    name: SLOVENIAN_SUPPLIER,
    countryCode: 'SI',
    town: 'Ljubljana',
    isActive: true,
    bankAccounts: [
      { id: -1, code: SUPPLIER_IBAN, bic: 'HDELSI22', isDefault: true, isActive: true },
    ],
  });

  const stem = `AD${Date.now().toString(36)}`;
  const common = {
    issueDate: '2026-11-01',
    dueDate: '2099-03-31',
    ...PREPAID_INVOICE,
    costLines: [{ id: -1, account: '4000', amount: PREPAID_INVOICE.totalAmount }],
  };
  const dkkNumber = `${stem}-DKK`;
  const dkk = await approvedDocument(request, paying, {
    ...common,
    customerKey: danish.item.key,
    number: dkkNumber,
    currencyCode: 'DKK',
    paymentIban: DANISH_IBAN,
    paymentBic: DANISH_BIC,
    paymentReferenceModel: null,
    paymentReference: `Invoice ${dkkNumber}`,
    description: 'Copy paper, 40 boxes',
  });
  const eurNumber = `${stem}-EUR`;
  const eur = await approvedDocument(request, paying, {
    ...common,
    customerKey: slovenian.item.key,
    number: eurNumber,
    currencyCode: 'EUR',
    paymentIban: SUPPLIER_IBAN,
    paymentReferenceModel: 'SI12',
    paymentReference: '1234567890120',
    description: 'Čiščenje poslovnih prostorov',
  });
  return {
    org: paying.org,
    dkk: { key: dkk, number: dkkNumber },
    eur: { key: eur, number: eurNumber },
    stem,
  };
}
