/**
 * The document's own label of each field capture fills in (its column's, `doc.*`), so that a
 * report and a list's filter name a field as the document's form does (issue 27).
 */
export const CAPTURE_FIELD_LABELS: Readonly<Record<string, string>> = {
  invoiceNumber: 'doc.number',
  issueDate: 'doc.issueDate',
  dueDate: 'doc.dueDate',
  netAmount: 'doc.netAmount',
  vatAmount: 'doc.vatAmount',
  totalAmount: 'doc.totalAmount',
  prepaidAmount: 'doc.prepaidAmount',
  roundingAmount: 'doc.roundingAmount',
  amountDue: 'doc.amountDue',
  currencyCode: 'doc.currencyCode',
  iban: 'doc.paymentIban',
  bic: 'doc.paymentBic',
  referenceModel: 'doc.paymentReferenceModel',
  reference: 'doc.paymentReference',
  purposeCode: 'doc.paymentPurposeCode',
  description: 'doc.description',
};
