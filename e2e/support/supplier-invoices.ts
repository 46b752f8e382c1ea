import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Invoices of a supplier none of the organisation's partners is, in a layout none of the
 * generated corpus has (issue 23): a German letterhead with its VAT ID and bank account, and
 * two header values under labels the reader does not know ("Belegkennung", "Zahlungsfrist
 * endet"), each invoice's at the same place. PDFs with a text layer, made as a supplier's
 * invoicing software makes them.
 */

export const SUPPLIER = {
  name: 'Brennholz Kupfer GmbH',
  vatId: 'DE136695976',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

export interface SupplierInvoice {
  /** Under "Belegkennung". */
  number: string;
  /** dd.mm.yyyy, as printed. */
  issueDate: string;
  /** dd.mm.yyyy, under "Zahlungsfrist endet". */
  dueDate: string;
  /** In cents. */
  net: number;
  vat: number;
}

/** 1234.5 → "1.234,50", as the supplier prints amounts. */
const euros = (cents: number) =>
  (cents / 100)
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+,)/g, '.');

/** The invoice as its PDF, addressed to the buyer. */
export async function supplierInvoicePdf(invoice: SupplierInvoice, buyer: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const text = (value: string, x: number, y: number, size = 10, font = regular) =>
    page.drawText(value, { x, y, size, font });
  const right = (value: string, x: number, y: number, size = 10, font = regular) =>
    text(value, x - font.widthOfTextAtSize(value, size), y, size, font);

  text(SUPPLIER.name, 50, 790, 18, bold);
  text('Sägewerkstraße 7, 83022 Rosenheim, Deutschland', 50, 772, 9);
  text(`USt-IdNr. ${SUPPLIER.vatId}`, 50, 760, 9);

  text(buyer, 50, 700);
  text('Dunajska cesta 1', 50, 686);
  text('1000 Ljubljana, Slowenien', 50, 672);

  text('Belegkennung', 330, 700);
  text(invoice.number, 450, 700);
  text('Rechnungsdatum', 330, 684);
  text(invoice.issueDate, 450, 684);
  text('Zahlungsfrist endet', 330, 668);
  text(invoice.dueDate, 450, 668);

  text('RECHNUNG', 50, 610, 16, bold);
  text('Pos.', 50, 570, 9, bold);
  text('Bezeichnung', 90, 570, 9, bold);
  right('Betrag EUR', 545, 570, 9, bold);
  text('1', 50, 552);
  text('Brennholz Buche, ofenfertig gespalten', 90, 552);
  right(euros(invoice.net), 545, 552);

  text('Nettobetrag', 330, 510);
  right(euros(invoice.net), 545, 510);
  text('USt. 19 %', 330, 494);
  right(euros(invoice.vat), 545, 494);
  text('Gesamtbetrag EUR', 330, 474, 11, bold);
  right(euros(invoice.net + invoice.vat), 545, 474, 11, bold);

  text('Bankverbindung: Sparkasse Rosenheim', 50, 90, 8);
  text(`IBAN ${SUPPLIER.iban.replace(/(.{4})(?=.)/g, '$1 ')}  BIC ${SUPPLIER.bic}`, 50, 79, 8);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
