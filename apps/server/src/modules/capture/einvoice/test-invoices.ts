import { readFileSync } from 'node:fs';

/** Inputs and expected values for the e-invoice tests. Test code: nothing else imports it. */

/** A sample of shared/domain/samples, as copied to files/fixtures. */
export const fixture = (name: string): Buffer =>
  readFileSync(new URL(`../../files/fixtures/${name}`, import.meta.url));

/** CII_example1.xml read by eye: the values it gives as a file and attached to a PDF. */
export const CII_EXAMPLE_VALUES = {
  supplierName: 'De Koksmaat',
  vatId: 'NL8200.98.395.B.01',
  iban: 'NL57RABO0107307510',
  invoiceNumber: '12115118',
  issueDate: '2015-01-09',
  dueDate: '2015-01-09',
  netAmount: '229.60',
  vatAmount: '20.73',
  totalAmount: '250.33',
  currencyCode: 'EUR',
  referenceModel: 'NRC',
  reference: 'Deb. 10202 / Fact. 12115118',
};
