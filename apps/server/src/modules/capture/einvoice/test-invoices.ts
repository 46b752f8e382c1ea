import { readFileSync } from 'node:fs';

/**
 * Inputs and expected values for the e-invoice tests and the capture corpus (test and bench
 * code: the product never imports it).
 */

/** A sample of shared/domain/samples, as copied to files/fixtures. */
export const fixture = (name: string): Buffer =>
  readFileSync(new URL(`../../files/fixtures/${name}`, import.meta.url));

/** eslog20_constructed_minimal_invoice.xml read by eye: every field it gives. */
export const ESLOG_SAMPLE_VALUES = {
  supplierName: 'Dobavitelj d.o.o.',
  vatId: 'SI50223054',
  iban: 'SI56020170014356205',
  bic: 'LJBASI2X',
  invoiceNumber: '2025-000123',
  issueDate: '2025-03-10',
  dueDate: '2025-04-09',
  netAmount: '100.00',
  vatAmount: '22.00',
  totalAmount: '122.00',
  amountDue: '122.00',
  currencyCode: 'EUR',
  referenceModel: 'SI12',
  reference: '12345678909',
};

/**
 * CII_example1.xml read by eye: the values it gives as a file and attached to a PDF. The UBL
 * example ubl-tc434-example1.xml is the same invoice and gives the same.
 */
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
  amountDue: '250.33',
  currencyCode: 'EUR',
  referenceModel: 'NRC',
  reference: 'Deb. 10202 / Fact. 12115118',
};
