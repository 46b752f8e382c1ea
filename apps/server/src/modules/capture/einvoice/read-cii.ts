import { bicOfFirstAccount, type InvoiceText } from './invoice-text';
import { elementsAt, textAt, type XmlElement } from './safe-xml';

/**
 * UN/CEFACT CII D16B (EN 16931; the XML of ZUGFeRD and Factur-X): EN 16931 business terms.
 * shared/domain/PAYMENTS-AND-EINVOICES.md §5.3.
 */

const TRADE = ['SupplyChainTradeTransaction'];
const SELLER = [...TRADE, 'ApplicableHeaderTradeAgreement', 'SellerTradeParty'];
const SETTLEMENT = [...TRADE, 'ApplicableHeaderTradeSettlement'];
const TOTALS = [...SETTLEMENT, 'SpecifiedTradeSettlementHeaderMonetarySummation'];
/** UNTDID 2379 format 102: CCYYMMDD, the only date format EN 16931 allows. */
const FORMAT_102 = /^(\d{4})(\d{2})(\d{2})$/;

export function readCii(root: XmlElement): InvoiceText {
  const [seller] = elementsAt(root, SELLER);
  const [settlement] = elementsAt(root, SETTLEMENT);
  const means = settlement ? elementsAt(settlement, ['SpecifiedTradeSettlementPaymentMeans']) : [];
  const accounts = means.map((each) => ({
    iban: textAt(each, ['PayeePartyCreditorFinancialAccount', 'IBANID']),
    bic: textAt(each, ['PayeeSpecifiedCreditorFinancialInstitution', 'BICID']),
  }));
  const currencyCode = settlement && textAt(settlement, ['InvoiceCurrencyCode']);
  return {
    supplierName: seller && textAt(seller, ['Name']),
    // BT-31 has scheme VA; FC is the seller's tax number (BT-32), not a VAT ID.
    vatId:
      seller &&
      elementsAt(seller, ['SpecifiedTaxRegistration', 'ID']).find(
        (id) => id.attributes.schemeID === 'VA',
      )?.text,
    supplierCountry: seller && textAt(seller, ['PostalTradeAddress', 'CountryID']),
    // BT-84, BT-86: every payee account, in order; the first is captured, with its BIC.
    ibans: accounts.flatMap((account) => account.iban ?? []),
    bic: bicOfFirstAccount(accounts),
    invoiceNumber: textAt(root, ['ExchangedDocument', 'ID']),
    documentTypeCode: textAt(root, ['ExchangedDocument', 'TypeCode']),
    issueDate: date(elementsAt(root, ['ExchangedDocument', 'IssueDateTime', 'DateTimeString'])[0]),
    dueDate: date(
      elementsAt(root, [
        ...SETTLEMENT,
        'SpecifiedTradePaymentTerms',
        'DueDateDateTime',
        'DateTimeString',
      ])[0],
    ),
    netAmount: textAt(root, [...TOTALS, 'TaxBasisTotalAmount']),
    vatAmount: vatTotal(root, currencyCode),
    totalAmount: textAt(root, [...TOTALS, 'GrandTotalAmount']),
    // BT-113, BT-114, BT-115: a prepayment and a rounding make the amount due differ.
    prepaidAmount: textAt(root, [...TOTALS, 'TotalPrepaidAmount']),
    roundingAmount: textAt(root, [...TOTALS, 'RoundingAmount']),
    amountDue: textAt(root, [...TOTALS, 'DuePayableAmount']),
    currencyCode,
    reference: settlement && textAt(settlement, ['PaymentReference']),
  };
}

/** A format 102 date as yyyy-mm-dd; any other text as written, for the check to refuse. */
function date(element: XmlElement | undefined): string | undefined {
  if (!element || element.text === '') return undefined;
  const match = FORMAT_102.exec(element.text);
  const format = element.attributes.format ?? '102';
  return match && format === '102' ? `${match[1]}-${match[2]}-${match[3]}` : element.text;
}

/** BT-110 is the TaxTotalAmount in the invoice currency; BT-111 repeats it in the tax one. */
function vatTotal(root: XmlElement, currencyCode: string | undefined): string | undefined {
  const amounts = elementsAt(root, [...TOTALS, 'TaxTotalAmount']).filter(
    (each) => each.text !== '',
  );
  const inInvoiceCurrency = amounts.find(
    (each) =>
      each.attributes.currencyID === undefined || each.attributes.currencyID === currencyCode,
  );
  return (inInvoiceCurrency ?? amounts[0])?.text;
}
