import { isValidSlovenianVatId } from '@listina/forms';
// Test data only: invoices drawn by the demo's own generator, then scanned as the capture
// tests scan them. The product itself is still reached only through the browser.
import { slovenianIban } from '../../apps/server/src/modules/demo/demo';
import {
  planDocuments,
  type PlanSupplier,
} from '../../apps/server/src/modules/demo/demo-document-plan';
import { renderInvoice } from '../../apps/server/src/modules/demo/demo-invoice-pdf';
import { profileSuppliers } from '../../apps/server/src/modules/demo/profile-suppliers';
import {
  latin2,
  placeOnPage,
  qrPng,
  scanOf,
  upnText,
  type UpnPayee,
} from '../../apps/server/src/modules/capture/test-scans';

/** A Slovenian VAT ID of these seven digits with its check digit (mod 11), or null. */
function vatIdOf(seven: string): string | null {
  const sum = [...seven].reduce((total, digit, i) => total + Number(digit) * (8 - i), 0);
  const check = 11 - (sum % 11);
  const id = `SI${seven}${check === 10 ? 0 : check}`;
  return check !== 11 && isValidSlovenianVatId(id) ? id : null;
}

/**
 * A supplier none of the demo organisation's partners is: a new name, VAT ID and bank
 * account, with a demo supplier's address and invoice layout.
 */
export function newSupplier(seed: number): PlanSupplier {
  const [base] = profileSuppliers();
  if (!base) throw new Error('the demo has no suppliers');
  let vatId: string | null = null;
  for (let n = seed; vatId === null; n++) vatId = vatIdOf(String(9_100_000 + (n % 800_000)));
  return {
    ...base,
    key: '00000000-0000-7000-8000-e2e000000001',
    name: 'Orodjarna Brinje d.o.o.',
    vatId,
    iban: slovenianIban('19100', String(40_000_000 + (seed % 9_000_000))),
    bic: 'SZKBSI2X',
    bankName: 'Banka Sparkasse',
  };
}

export { slovenianIban };

const BUYER = {
  name: 'Demo d.o.o.',
  address: 'Dunajska cesta 1',
  postCode: '1000',
  town: 'Ljubljana',
  taxNumber: 'SI12345678',
};

export interface ScannedInvoicesOptions {
  /**
   * Cents the printed total is above net plus VAT, as on the invoices of a supplier that rounds
   * VAT line by line: the sums disagree, so capture trusts none of the three amounts read.
   */
  totalAboveSums?: number;
}

/** Scanned (turned, noisy PNG) invoices of one supplier, oldest first, with what they say. */
export async function scannedInvoices(
  supplier: PlanSupplier,
  count: number,
  { totalAboveSums = 0 }: ScannedInvoicesOptions = {},
) {
  const invoices = planDocuments({
    seed: `e2e-capture-${supplier.vatId}`,
    count: count * 4,
    today: '2026-11-24',
    suppliers: [supplier],
    costCenters: ['100'],
  })
    .filter((doc) => doc.type === 'INV' && doc.iban !== null)
    .slice(0, count)
    .map((invoice) => ({ ...invoice, total: invoice.total + totalAboveSums }));
  if (invoices.length < count) throw new Error('too few invoices planned');
  return Promise.all(
    invoices.map(async (invoice, i) => {
      const pdf = await renderInvoice(invoice, BUYER);
      const png = await scanOf(pdf.content, { degrees: i % 2 ? -1.5 : 2, noise: 30, dust: 0.001 });
      return { invoice, png };
    }),
  );
}

/** A photographed UPN payment slip: its QR code alone, turned a little, on a light page. */
export async function upnSlip(payee: UpnPayee): Promise<Buffer> {
  return placeOnPage(await qrPng(latin2(upnText(payee, { payer: false }))), {
    width: 900,
    height: 600,
    x: 0.5,
    y: 0.5,
    degrees: 4,
  });
}
