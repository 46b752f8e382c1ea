import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatDate, formatNumber } from '@listina/forms';
import type { PlannedDocument } from '../../demo/demo-document-plan';
import { formatIban, type Buyer } from '../../demo/demo-invoice-pdf';

/**
 * Invoice layouts other than the demo's (which renderInvoice draws): the same planned document
 * with other label wording, field order, column placement, fonts and sizes, in Slovenian or
 * English, so that the capture corpus is not one supplier's template. Each style is a plain
 * description; one drawing routine places its blocks.
 */

const require = createRequire(import.meta.url);
const dejavu = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
const liberation = (file: string) => require.resolve(`pdfjs-dist/standard_fonts/${file}`);

export type Language = 'sl' | 'en';

interface Labels {
  title: string;
  number: string;
  issueDate: string;
  dueDate: string;
  vatId: string;
  net: (rate: string) => string;
  vat: (rate: string) => string;
  total: string;
  iban: string;
  bic: string;
  reference: string;
  purpose: string;
  payTo: string;
  item: string;
  amount: string;
}

export interface LayoutStyle {
  name: string;
  language: Language;
  regular: string;
  bold: string;
  /** Body text size, points. */
  size: number;
  labels: Labels;
  /** Where the document's number and dates stand: under the supplier, or to the right. */
  metaAt: 'left' | 'right';
  /** Where the payment details stand: beside the totals, or under them. */
  paymentAt: 'beside' | 'below';
  /** The supplier's VAT ID and account: in the header, or only in the footer. */
  supplierIdsAt: 'header' | 'footer';
  date: (iso: string) => string;
  money: (cents: number) => string;
}

const slMoney = (cents: number) => `${formatNumber((cents / 100).toFixed(2))} EUR`;
const enMoney = (cents: number) =>
  `${(cents / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} EUR`;
const rateText = (vat: string) => `${vat.replace('.', ',')} %`;

export const LAYOUT_STYLES: readonly LayoutStyle[] = [
  {
    name: 'serif-sl',
    language: 'sl',
    regular: dejavu('DejaVuSerif.ttf'),
    bold: dejavu('DejaVuSerif-Bold.ttf'),
    size: 10,
    labels: {
      title: 'Račun',
      number: 'Številka računa:',
      issueDate: 'Datum računa:',
      dueDate: 'Datum zapadlosti:',
      vatId: 'Identifikacijska številka za DDV:',
      net: (rate) => `Osnova za DDV ${rateText(rate)}`,
      vat: (rate) => `DDV ${rateText(rate)}`,
      total: 'Skupaj za plačilo',
      iban: 'IBAN:',
      bic: 'BIC:',
      reference: 'Sklic:',
      purpose: 'Koda namena:',
      payTo: 'Plačilo na račun',
      item: 'Postavka',
      amount: 'Znesek',
    },
    metaAt: 'left',
    paymentAt: 'below',
    supplierIdsAt: 'footer',
    date: (iso) => formatDate(iso),
    money: slMoney,
  },
  {
    name: 'ledger-en',
    language: 'en',
    regular: liberation('LiberationSans-Regular.ttf'),
    bold: liberation('LiberationSans-Bold.ttf'),
    size: 9,
    labels: {
      title: 'INVOICE',
      number: 'Invoice no.',
      issueDate: 'Invoice date',
      dueDate: 'Due date',
      vatId: 'VAT ID',
      net: (rate) => `Net amount ${rate.replace(/\.0+$/, '')}%`,
      vat: (rate) => `VAT ${rate.replace(/\.0+$/, '')}%`,
      total: 'Amount due',
      iban: 'IBAN',
      bic: 'SWIFT',
      reference: 'Reference',
      purpose: 'Purpose code',
      payTo: 'Bank details',
      item: 'Description',
      amount: 'Amount',
    },
    metaAt: 'right',
    paymentAt: 'beside',
    supplierIdsAt: 'header',
    date: (iso) => iso,
    money: enMoney,
  },
  {
    name: 'mono-en',
    language: 'en',
    regular: dejavu('DejaVuSansMono.ttf'),
    bold: dejavu('DejaVuSansMono-Bold.ttf'),
    size: 8,
    labels: {
      title: 'TAX INVOICE',
      number: 'Invoice number:',
      issueDate: 'Date of issue:',
      dueDate: 'Payment due:',
      vatId: 'VAT number:',
      net: (rate) => `Net amount ${rate.replace(/\.0+$/, '')}%:`,
      vat: (rate) => `VAT ${rate.replace(/\.0+$/, '')}%:`,
      total: 'Total due:',
      iban: 'IBAN:',
      bic: 'BIC:',
      reference: 'Ref.:',
      purpose: 'Purpose:',
      payTo: 'PAYMENT',
      item: 'Item',
      amount: 'Amount',
    },
    metaAt: 'left',
    paymentAt: 'beside',
    supplierIdsAt: 'header',
    date: (iso) => `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
    money: enMoney,
  },
];

/** The planned invoice drawn in the style: one A4 page with a text layer. */
export function renderLayout(
  doc: PlannedDocument,
  buyer: Buyer,
  style: LayoutStyle,
): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 50, font: style.regular });
  pdf.registerFont('regular', style.regular);
  pdf.registerFont('bold', style.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const { labels: l, size } = style;
  const put = (text: string, x: number, y: number, o: { bold?: boolean; scale?: number } = {}) =>
    pdf
      .font(o.bold ? 'bold' : 'regular')
      .fontSize(size * (o.scale ?? 1))
      .text(text, x, y, { lineBreak: false });
  const row = (label: string, value: string, x: number, y: number, gap = 120) => {
    put(label, x, y);
    put(value, x + gap, y);
  };
  const line = size * 1.5;
  const s = doc.supplier;

  put(s.name, 50, 50, { bold: true, scale: 1.5 });
  put(`${s.address}, ${s.postCode} ${s.town}`, 50, 50 + line * 1.4);
  let y = 50 + line * 2.6;
  if (style.supplierIdsAt === 'header') {
    row(l.vatId, s.vatId, 50, y, 90);
    y += line;
  }
  const metaX = style.metaAt === 'right' ? 330 : 50;
  let metaY = style.metaAt === 'right' ? 50 : y + line;
  put(`${l.title}`, metaX, metaY, { bold: true, scale: 1.6 });
  metaY += line * 1.8;
  const meta: [string, string][] = [
    [l.number, doc.number],
    [l.issueDate, style.date(doc.issueDate)],
    ...(doc.dueDate ? [[l.dueDate, style.date(doc.dueDate)] as [string, string]] : []),
  ];
  for (const [label, value] of style.metaAt === 'right' ? meta : meta.reverse()) {
    row(label, value, metaX, metaY, 100);
    metaY += line;
  }
  y = Math.max(y, metaY) + line;
  put(buyer.name, 50, y, { bold: true });
  put(`${buyer.address}, ${buyer.postCode} ${buyer.town}`, 50, y + line);
  y += line * 3;

  put(l.item, 50, y, { bold: true });
  put(l.amount, 460, y, { bold: true });
  y += line;
  for (const item of doc.lines) {
    put(item.text.slice(0, 60), 50, y);
    put(style.money(item.amount), 460, y);
    y += line;
  }
  y += line;
  const totalsX = style.paymentAt === 'beside' ? 330 : 50;
  let totalsY = y;
  for (const group of doc.vatGroups) {
    row(l.net(group.vat), style.money(group.net), totalsX, totalsY, 110);
    row(l.vat(group.vat), style.money(group.tax), totalsX, totalsY + line, 110);
    totalsY += line * 2;
  }
  row(l.total, style.money(doc.total), totalsX, totalsY, 110);
  totalsY += line * 2;
  let payY = style.paymentAt === 'beside' ? y : totalsY;
  put(l.payTo, 50, payY, { bold: true });
  payY += line;
  const payment: [string, string | null][] = [
    [l.iban, doc.iban && formatIban(doc.iban)],
    [l.bic, doc.bic],
    [l.reference, doc.referenceModel && `${doc.referenceModel} ${doc.reference ?? ''}`],
    [l.purpose, doc.purposeCode],
  ];
  for (const [label, value] of payment) {
    if (!value) continue;
    row(label, value, 50, payY, 80);
    payY += line;
  }
  const footer = [s.name, `${s.address}, ${s.postCode} ${s.town}`];
  if (style.supplierIdsAt === 'footer') footer.push(`${l.vatId} ${s.vatId}`);
  put(footer.join(' · '), 50, 780, { scale: 0.8 });
  pdf.end();
  return ended;
}
