import type { PainFile, PainOrder, PainVersion } from './types';

/** Orders and files for the tests and bench/payments-files.bench.ts. */

export const DEBTOR_IBAN = 'SI56020360253863406';
const RECIPIENT_IBANS = ['SI56020170014356205', 'SI56192001234567892', 'SI56043020002997963'];

export function sepaSiOrder(overrides: Partial<PainOrder> = {}): PainOrder {
  return {
    endToEndId: 'PO-2026-0001',
    amount: '122.00',
    currency: 'EUR',
    paymentType: 'SEPA_SI',
    executionDate: '2026-11-25',
    debtorIban: DEBTOR_IBAN,
    debtorBic: 'LJBASI2X',
    debtorName: 'Plačnik d.o.o.',
    recipientName: 'Dobavitelj Čičerko d.o.o.',
    recipientIban: 'SI56020170014356205',
    recipientBic: 'LJBASI2X',
    recipientAddress: 'Dunajska cesta 1',
    recipientTown: 'Ljubljana',
    recipientCountryCode: 'SI',
    referenceType: 'SI',
    reference: 'SI1212345678909',
    purposeCode: 'SUPP',
    description: 'Plačilo računa 2026-000123 (šola + žaga)',
    ...overrides,
  };
}

export function nonSepaOrder(overrides: Partial<PainOrder> = {}): PainOrder {
  return sepaSiOrder({
    endToEndId: 'PO-2026-0100',
    amount: '1500.00',
    currency: 'USD',
    paymentType: 'NONSEPA',
    recipientName: 'Acme Supplies Inc.',
    recipientIban: '123456789',
    recipientBic: 'CHASUS33',
    recipientAddress: '1 Main Street',
    recipientTown: 'New York',
    recipientCountryCode: 'US',
    referenceType: 'NRC',
    reference: 'Invoice 4711',
    purposeCode: 'GDSV',
    description: 'Račun 4711 za šivalne stroje',
    recipientBank: {
      bic: 'CHASUS33',
      name: 'JPMorgan Chase Bank',
      address: '383 Madison Avenue',
      town: 'New York',
      countryCode: 'US',
    },
    intermediaryBank: {
      bic: 'DEUTDEFF',
      name: 'Deutsche Bank',
      town: 'Frankfurt',
      countryCode: 'DE',
    },
    ...overrides,
  });
}

/** n orders of every kind: SI12, SI99 and RF references, SEPA abroad, non-SEPA. */
export function manyOrders(n: number): PainOrder[] {
  return Array.from({ length: n }, (_, i) => {
    const endToEndId = `PO-2026-${String(i + 1).padStart(6, '0')}`;
    const amount = `${(i % 997) + 1}.${String(i % 100).padStart(2, '0')}`;
    const executionDate = `2026-11-${String(25 + (i % 3)).padStart(2, '0')}`;
    switch (i % 5) {
      case 0:
        return sepaSiOrder({
          endToEndId,
          amount,
          executionDate,
          recipientIban: RECIPIENT_IBANS[i % 3] as string,
        });
      case 1:
        return sepaSiOrder({
          endToEndId,
          amount,
          executionDate,
          reference: 'SI99',
          description: `Račun ${i}`,
        });
      case 2:
        return sepaSiOrder({
          endToEndId,
          amount,
          executionDate,
          referenceType: 'RF',
          reference: 'RF18539007547034',
        });
      case 3:
        return sepaSiOrder({
          endToEndId,
          amount,
          executionDate,
          paymentType: 'SEPA',
          recipientIban: 'DE89370400440532013000',
          recipientBic: 'COBADEFFXXX',
          recipientCountryCode: 'DE',
          recipientTown: 'Muenchen',
          recipientName: 'Lieferant GmbH',
        });
      default:
        return nonSepaOrder({ endToEndId, amount, executionDate });
    }
  });
}

export function painFile(version: PainVersion, orders: PainOrder[]): PainFile {
  return {
    messageId: 'LISTINA-20261124-0001',
    createdAt: new Date('2026-11-24T10:15:00Z'),
    initiatorName: 'Plačnik d.o.o.',
    version,
    orders,
  };
}
