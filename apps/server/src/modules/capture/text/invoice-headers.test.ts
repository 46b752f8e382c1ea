import { describe, expect, it } from 'vitest';
import { findAmounts } from './amounts';
import { findDates } from './dates';
import { detectLanguage, findLabels, type LabelField } from './invoice-labels';
import { looksLikeInvoiceNumber } from './invoice-number';
import { findVatIds } from './vat-ids';

/**
 * The label data and the value parsers together on invoice headers as suppliers print them in
 * each language: each label found, the value read from the rest of its line. (The layout
 * reader does this with positions; this checks that data and parsers fit each other.)
 */

type Read = Partial<Record<LabelField, string>>;

function readHeader(text: string, country?: string): Read {
  const language = detectLanguage(text);
  const read: Read = {};
  const labels = findLabels(text).filter((l) => l.field !== 'seller' && l.field !== 'buyer');
  for (const [i, label] of labels.entries()) {
    const next = labels[i + 1];
    const end = Math.min(
      text.indexOf('\n', label.index) < 0 ? text.length : text.indexOf('\n', label.index),
      next ? next.index : text.length,
    );
    const rest = text.slice(label.index + label.length, end);
    let value: string | undefined;
    switch (label.field) {
      case 'invoiceNumber': {
        const token = /[^\s:]+/u.exec(rest)?.[0];
        value = token && looksLikeInvoiceNumber(token) ? token : undefined;
        break;
      }
      case 'issueDate':
      case 'dueDate':
      case 'deliveryDate':
        value = findDates(rest, { language, country })[0]?.value;
        break;
      case 'netAmount':
      case 'vatAmount':
      case 'totalAmount':
      case 'amountDue':
      case 'prepaidAmount':
        value = findAmounts(rest)[0]?.value;
        break;
      case 'vatId':
        value = findVatIds(rest, { country })[0]?.value;
        break;
      default:
        break;
    }
    if (value !== undefined && read[label.field] === undefined) read[label.field] = value;
  }
  return read;
}

describe('invoice headers in twelve languages', () => {
  it('English (UK)', () => {
    const text = `TAX INVOICE
Invoice No.: INV-2024-0042
Invoice date: 3rd March 2024
Due date: 2 April 2024
Date of supply: 29/02/2024
Subtotal £1,000.00
VAT 20% £200.00
Total £1,200.00
Amount due £1,200.00
VAT Reg. No.: GB 980 7806 84`;
    expect(detectLanguage(text)).toBe('en');
    expect(readHeader(text, 'GB')).toEqual({
      invoiceNumber: 'INV-2024-0042',
      issueDate: '2024-03-03',
      dueDate: '2024-04-02',
      deliveryDate: '2024-02-29',
      netAmount: '1000.00',
      vatAmount: '200.00',
      totalAmount: '1200.00',
      amountDue: '1200.00',
      vatId: 'GB980780684',
    });
  });

  it('English (US): month first', () => {
    const text = `INVOICE
Invoice #: 10427
Invoice Date: 03/04/2024
Payment Due: April 3, 2024
Sales tax $8.25
Balance due $108.25`;
    expect(readHeader(text, 'US')).toEqual({
      invoiceNumber: '10427',
      issueDate: '2024-03-04',
      dueDate: '2024-04-03',
      vatAmount: '8.25',
      amountDue: '108.25',
    });
  });

  it('German', () => {
    const text = `Rechnung
Rechnungs-Nr.: RE-2024-0815
Rechnungsdatum: 3. März 2024
Leistungsdatum: 29.02.2024
Zahlbar bis: 02.04.2024
Nettobetrag 1.000,00 €
USt. 19 % 190,00 €
Gesamtbetrag 1.190,00 €
USt-IdNr.: DE136695976`;
    expect(detectLanguage(text)).toBe('de');
    expect(readHeader(text)).toEqual({
      invoiceNumber: 'RE-2024-0815',
      issueDate: '2024-03-03',
      deliveryDate: '2024-02-29',
      dueDate: '2024-04-02',
      netAmount: '1000.00',
      vatAmount: '190.00',
      totalAmount: '1190.00',
      vatId: 'DE136695976',
    });
  });

  it('French', () => {
    const text = `FACTURE
Facture n° F2024-117
Date de facture : 1er mars 2024
Date d'échéance : 31/03/2024
Total HT 1 000,00 €
TVA 20 % 200,00 €
Total TTC 1 200,00 €
Acompte versé 200,00 €
Net à payer 1 000,00 €
N° TVA intracommunautaire : FR 40 303265045`;
    expect(detectLanguage(text)).toBe('fr');
    expect(readHeader(text)).toEqual({
      invoiceNumber: 'F2024-117',
      issueDate: '2024-03-01',
      dueDate: '2024-03-31',
      netAmount: '1000.00',
      vatAmount: '200.00',
      totalAmount: '1200.00',
      prepaidAmount: '200.00',
      amountDue: '1000.00',
      vatId: 'FR40303265045',
    });
  });

  it('Italian', () => {
    const text = `FATTURA
Fattura n. 117/2024
Data fattura 5 marzo 2024
Scadenza 04/04/2024
Imponibile € 1.000,00
IVA 22% € 220,00
Totale documento € 1.220,00
P.IVA 01598570354`;
    expect(detectLanguage(text)).toBe('it');
    expect(readHeader(text, 'IT')).toEqual({
      invoiceNumber: '117/2024',
      issueDate: '2024-03-05',
      dueDate: '2024-04-04',
      netAmount: '1000.00',
      vatAmount: '220.00',
      totalAmount: '1220.00',
      vatId: 'IT01598570354',
    });
  });

  it('Dutch', () => {
    const text = `FACTUUR
Factuurnummer: 2024-0042
Factuurdatum: 5 maart 2024
Vervaldatum: 4 april 2024
Subtotaal € 1.000,00
Btw 21% € 210,00
Totaal incl. btw € 1.210,00
Btw-nummer: NL809163160B01`;
    expect(detectLanguage(text)).toBe('nl');
    expect(readHeader(text)).toEqual({
      invoiceNumber: '2024-0042',
      issueDate: '2024-03-05',
      dueDate: '2024-04-04',
      netAmount: '1000.00',
      vatAmount: '210.00',
      totalAmount: '1210.00',
      vatId: 'NL809163160B01',
    });
  });

  it('Slovenian, also without háčeks', () => {
    const text = `RAČUN
Številka računa: 2024-000117
Datum izdaje: 5. 3. 2024
Datum opravljene storitve: 29. 2. 2024
Rok placila: 4. aprila 2024
Osnova za DDV 1.000,00 EUR
DDV 22 % 220,00 EUR
Znesek za plačilo 1.220,00 EUR
ID za DDV: SI52205606`;
    expect(detectLanguage(text)).toBe('sl');
    expect(readHeader(text)).toEqual({
      invoiceNumber: '2024-000117',
      issueDate: '2024-03-05',
      deliveryDate: '2024-02-29',
      dueDate: '2024-04-04',
      netAmount: '1000.00',
      vatAmount: '220.00',
      amountDue: '1220.00',
      vatId: 'SI52205606',
    });
  });

  it('Croatian', () => {
    const text = `RAČUN
Broj računa: 117-1-1
Datum izdavanja: 5. ožujka 2024.
Datum dospijeća: 4.4.2024.
Osnovica 1.000,00 EUR
PDV 25% 250,00 EUR
Ukupno s PDV-om 1.250,00 EUR
OIB: 46830600751`;
    expect(detectLanguage(text)).toBe('hr');
    expect(readHeader(text, 'HR')).toEqual({
      invoiceNumber: '117-1-1',
      issueDate: '2024-03-05',
      dueDate: '2024-04-04',
      netAmount: '1000.00',
      vatAmount: '250.00',
      totalAmount: '1250.00',
      vatId: 'HR46830600751',
    });
  });

  it('Czech', () => {
    const text = `Faktura – daňový doklad
Číslo faktury: 20150009
Datum vystavení: 10. 02. 2015
Datum splatnosti: 24. února 2015
Datum zdan. plnění: 10. 02. 2015
Základ daně 1 000,00 Kč
DPH 21 % 210,00 Kč
Celkem k úhradě 1 210,00 Kč
IČ: 28897501
DIČ: CZ28897501`;
    expect(detectLanguage(text)).toBe('cs');
    expect(readHeader(text, 'CZ')).toEqual({
      invoiceNumber: '20150009',
      issueDate: '2015-02-10',
      dueDate: '2015-02-24',
      deliveryDate: '2015-02-10',
      netAmount: '1000.00',
      vatAmount: '210.00',
      amountDue: '1210.00',
      vatId: 'CZ28897501',
    });
  });

  it('Hungarian: year first', () => {
    const text = `SZÁMLA
Számlaszám: 21/001003559/996
Számla kelte: 2021.09.30.
Teljesítés dátuma: 2021. 09. 30.
Fizetési határidő: 2021. október 15.
Nettó összeg 69 180 HUF
ÁFA 27% 18 679 HUF
Bruttó összeg 87 859 HUF
Közösségi adószám: HU30048650`;
    expect(detectLanguage(text)).toBe('hu');
    expect(readHeader(text, 'HU')).toEqual({
      invoiceNumber: '21/001003559/996',
      issueDate: '2021-09-30',
      deliveryDate: '2021-09-30',
      dueDate: '2021-10-15',
      netAmount: '69180.00',
      vatAmount: '18679.00',
      totalAmount: '87859.00',
      vatId: 'HU30048650',
    });
  });

  it('Spanish', () => {
    const text = `FACTURA
Nº de factura: F-2024-117
Fecha de emisión: 5 de marzo de 2024
Fecha de vencimiento: 04/04/2024
Base imponible 1.000,00 €
IVA 21% 210,00 €
Total a pagar 1.210,00 €
CIF: A28015865`;
    expect(detectLanguage(text)).toBe('es');
    expect(readHeader(text, 'ES')).toEqual({
      invoiceNumber: 'F-2024-117',
      issueDate: '2024-03-05',
      dueDate: '2024-04-04',
      netAmount: '1000.00',
      vatAmount: '210.00',
      amountDue: '1210.00',
      vatId: 'ESA28015865',
    });
  });

  it('Polish and Slovak', () => {
    const pl = `Faktura VAT nr FV/117/2024
Data wystawienia: 5 marca 2024
Termin płatności: 04.04.2024
Wartość netto 1 000,00 zł
Kwota VAT 230,00 zł
Do zapłaty 1 230,00 zł`;
    expect(detectLanguage(pl)).toBe('pl');
    expect(readHeader(pl, 'PL')).toMatchObject({
      invoiceNumber: 'FV/117/2024',
      issueDate: '2024-03-05',
      dueDate: '2024-04-04',
      netAmount: '1000.00',
      vatAmount: '230.00',
      amountDue: '1230.00',
    });
    const sk = `Faktúra č. 2024117
Dátum vyhotovenia: 5. marca 2024
Dátum splatnosti: 4. 4. 2024
Základ dane 1 000,00 €
DPH 20 % 200,00 €
Celkom k úhrade 1 200,00 €`;
    expect(detectLanguage(sk)).toBe('sk');
    expect(readHeader(sk, 'SK')).toMatchObject({
      invoiceNumber: '2024117',
      issueDate: '2024-03-05',
      dueDate: '2024-04-04',
      netAmount: '1000.00',
      vatAmount: '200.00',
      amountDue: '1200.00',
    });
  });
});
