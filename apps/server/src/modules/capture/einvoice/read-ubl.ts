import { bicOfFirstAccount, type InvoiceText, type PayeeAccount } from './invoice-text';
import { elementsAt, textAt, type XmlElement } from './safe-xml';

/**
 * UBL 2.1 Invoice and CreditNote (Peppol BIS Billing 3.0): EN 16931 business terms.
 * shared/domain/PAYMENTS-AND-EINVOICES.md §5.3.
 */

const PARTY = ['AccountingSupplierParty', 'Party'];

export function readUbl(root: XmlElement): InvoiceText {
  const [party] = elementsAt(root, PARTY);
  const means = elementsAt(root, ['PaymentMeans']);
  const accounts = means.map(payeeAccount);
  const currencyCode = textAt(root, ['DocumentCurrencyCode']);
  return {
    // BT-27 is the legal name; the trading name (PartyName) stands in when it is missing.
    supplierName:
      party &&
      (textAt(party, ['PartyLegalEntity', 'RegistrationName']) ??
        textAt(party, ['PartyName', 'Name'])),
    // BT-31: the tax scheme VAT; other schemes (e.g. a tax number) are not VAT IDs.
    vatId: party && vatId(party),
    supplierCountry: party && textAt(party, ['PostalAddress', 'Country', 'IdentificationCode']),
    // BT-84, BT-86: every payee account, in order; the first is captured, with its BIC.
    ibans: accounts.flatMap((account) => account.iban ?? []),
    bic: bicOfFirstAccount(accounts),
    invoiceNumber: textAt(root, ['ID']),
    // BT-3; a CreditNote that does not say is a credit note.
    documentTypeCode:
      textAt(root, ['InvoiceTypeCode']) ??
      textAt(root, ['CreditNoteTypeCode']) ??
      (root.name === 'CreditNote' ? '381' : undefined),
    issueDate: textAt(root, ['IssueDate']),
    // A CreditNote has no DueDate of its own; the payment means may carry one.
    dueDate:
      textAt(root, ['DueDate']) ??
      means.map((each) => textAt(each, ['PaymentDueDate'])).find(Boolean),
    netAmount: textAt(root, ['LegalMonetaryTotal', 'TaxExclusiveAmount']),
    vatAmount: vatTotal(root, currencyCode),
    totalAmount: textAt(root, ['LegalMonetaryTotal', 'TaxInclusiveAmount']),
    // BT-113, BT-114, BT-115: a prepayment and a rounding make the amount due differ.
    prepaidAmount: textAt(root, ['LegalMonetaryTotal', 'PrepaidAmount']),
    roundingAmount: textAt(root, ['LegalMonetaryTotal', 'PayableRoundingAmount']),
    amountDue: textAt(root, ['LegalMonetaryTotal', 'PayableAmount']),
    currencyCode,
    // BT-83: the remittance information, the payment reference in Slovenian use.
    reference: means.map((each) => textAt(each, ['PaymentID'])).find(Boolean),
  };
}

const BRANCH = ['PayeeFinancialAccount', 'FinancialInstitutionBranch'];

/**
 * BT-84 and BT-86 of one payment means. Peppol BIS 3 writes the BIC as the branch's ID; UBL 2.1
 * before it (EHF 2, SI-UBL, OIOUBL) in the branch's FinancialInstitution, the branch's own ID
 * then being a branch or sort code ('9710'), no BIC.
 */
function payeeAccount(means: XmlElement): PayeeAccount {
  return {
    iban: textAt(means, ['PayeeFinancialAccount', 'ID']),
    bic:
      textAt(means, [...BRANCH, 'FinancialInstitution', 'ID']) ?? textAt(means, [...BRANCH, 'ID']),
  };
}

function vatId(party: XmlElement): string | undefined {
  const schemes = elementsAt(party, ['PartyTaxScheme']);
  const vat = schemes.find(
    (scheme) => textAt(scheme, ['TaxScheme', 'ID'])?.toUpperCase() === 'VAT',
  );
  return vat && textAt(vat, ['CompanyID']);
}

/**
 * BT-110: a second TaxTotal may give the VAT in the tax currency (BT-111); the one in the
 * document currency is the invoice's.
 */
function vatTotal(root: XmlElement, currencyCode: string | undefined): string | undefined {
  const amounts = elementsAt(root, ['TaxTotal', 'TaxAmount']).filter((each) => each.text !== '');
  const inDocumentCurrency = amounts.find(
    (each) =>
      each.attributes.currencyID === undefined || each.attributes.currencyID === currencyCode,
  );
  return (inDocumentCurrency ?? amounts[0])?.text;
}
