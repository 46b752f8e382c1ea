import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFKit from 'pdfkit';
import { formatNumber } from '@listina/forms';
import { upnFields, upnPayloadOf, type UpnData, type UpnFields } from './upn-payload';
import { upnQrMatrix, type QrMatrix } from './upn-qr';

/**
 * A printable UPN QR form (issue 8): an A4 page with the 210 × 99 mm slip at its foot, below
 * a dashed line to cut along, the receipt (potrdilo) on its left and the order with its QR code
 * on the right. Every value is printed as the QR code holds it (upnFields), so what the payer
 * reads is what the bank's app scans. The font is DejaVu Sans, embedded, for č, š and ž.
 */

/**
 * The fixed text of the form. The UPN is a Slovenian standard form (ZBS): its labels are part
 * of the form, the same whatever language the user works in, as on the printed forms banks
 * hand out; they are not interface text, so they are not in the translation catalogue.
 */
export const UPN_FORM_LABELS = {
  receipt: 'POTRDILO',
  title: 'UPN QR',
  subtitle: 'UNIVERZALNI PLAČILNI NALOG',
  payerName: 'Ime plačnika',
  purposeAndDueDate: 'Namen in rok plačila',
  amount: 'Znesek',
  recipientIbanAndReference: 'IBAN in referenca prejemnika',
  recipientName: 'Ime prejemnika',
  payerIban: 'IBAN plačnika',
  deposit: 'Polog',
  withdrawal: 'Dvig',
  payerReference: 'Referenca plačnika',
  payer: 'Ime, ulica in kraj plačnika',
  paymentDate: 'Datum plačila',
  urgent: 'Nujno',
  purposeCode: 'Koda namena',
  purpose: 'Namen plačila',
  dueDate: 'Rok plačila',
  recipientBic: 'BIC banke prejemnika',
  recipientIban: 'IBAN prejemnika',
  recipientReference: 'Referenca prejemnika',
  recipient: 'Ime, ulica in kraj prejemnika',
} as const;

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
const SLIP = { width: 210 * MM, height: 99 * MM };
const SLIP_TOP = A4.height - SLIP.height;
/** The receipt's width; the order takes the rest. */
const RECEIPT_WIDTH = 60;
/** The QR symbol's side, mm (77 modules of about 0.49 mm), with 5 mm of light space around. */
const QR = { x: 65, y: 12, size: 38 };

const require = createRequire(import.meta.url);
const dejavu = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
let fonts: { regular: Buffer; bold: Buffer } | undefined;

export async function upnFormPdf(data: UpnData): Promise<Buffer> {
  const fields = upnFields(data);
  const matrix = upnQrMatrix(upnPayloadOf(fields));
  const doc = new PDFKit({
    size: 'A4',
    margin: 0,
    info: { Title: `UPN QR – ${fields.recipientName}`, Subject: fields.purpose },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  fonts ??= { regular: dejavu('DejaVuSans.ttf'), bold: dejavu('DejaVuSans-Bold.ttf') };
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const slip = new Slip(doc);
  slip.frame();
  slip.receipt(fields);
  slip.order(fields);
  slip.qr(matrix);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Draws on the slip in millimetres from its top left corner. */
class Slip {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private at(x: number, y: number): [number, number] {
    return [x * MM, SLIP_TOP + y * MM];
  }

  frame(): void {
    const { doc } = this;
    doc.lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#888888');
    doc.moveTo(0, SLIP_TOP).lineTo(A4.width, SLIP_TOP).stroke();
    doc
      .moveTo(...this.at(RECEIPT_WIDTH, 0))
      .lineTo(...this.at(RECEIPT_WIDTH, 99))
      .stroke();
    doc.undash().strokeColor('#000000');
  }

  receipt(f: UpnFields): void {
    const L = UPN_FORM_LABELS;
    this.heading(L.receipt, 4, 4);
    const size = 7;
    this.box(L.payerName, 4, 10, 52, 12, [f.payerName, f.payerAddress, f.payerTown], size);
    this.box(L.purposeAndDueDate, 4, 25, 52, 12, [f.purpose, f.dueDate], size, true);
    this.box(L.amount, 4, 40, 52, 6, [amountText(f.amount)], size);
    const ibanAndReference = [ibanText(f.recipientIban), referenceText(f.recipientReference)];
    this.box(L.recipientIbanAndReference, 4, 49, 52, 9, ibanAndReference, size);
    const recipient = [f.recipientName, f.recipientAddress, f.recipientTown];
    this.box(L.recipientName, 4, 61, 52, 12, recipient, size);
  }

  order(f: UpnFields): void {
    const L = UPN_FORM_LABELS;
    this.heading(L.title, 64, 4, 11);
    this.doc
      .font('regular')
      .fontSize(8)
      .text(L.subtitle, ...this.at(85, 5), { lineBreak: false });
    this.box(L.payerIban, 110, 10, 64, 6, [ibanText(f.payerIban)]);
    this.box(L.deposit, 178, 10, 9, 6, [f.deposit]);
    this.box(L.withdrawal, 190, 10, 9, 6, [f.withdrawal]);
    this.box(L.payerReference, 110, 20, 96, 6, [referenceText(f.payerReference)]);
    this.box(L.payer, 110, 30, 96, 12, [f.payerName, f.payerAddress, f.payerTown]);
    this.box(L.amount, 110, 46, 42, 6, [amountText(f.amount)]);
    this.box(L.paymentDate, 156, 46, 28, 6, [f.paymentDate]);
    this.box(L.urgent, 188, 46, 9, 6, [f.urgent]);
    this.box(L.purposeCode, 64, 56, 16, 6, [f.purposeCode]);
    this.box(L.purpose, 83, 56, 90, 6, [f.purpose]);
    this.box(L.dueDate, 176, 56, 30, 6, [f.dueDate]);
    this.box(L.recipientBic, 64, 66, 34, 6, ['']);
    this.box(L.recipientIban, 101, 66, 105, 6, [ibanText(f.recipientIban)]);
    this.box(L.recipientReference, 64, 76, 51, 6, [referenceText(f.recipientReference)]);
    const recipient = [f.recipientName, f.recipientAddress, f.recipientTown];
    this.box(L.recipient, 118, 76, 88, 12, recipient);
  }

  /** Dark modules as one path, filled once: abutting squares leave no seams when rendered. */
  qr(matrix: QrMatrix): void {
    const module = (QR.size * MM) / matrix.size;
    const [left, top] = this.at(QR.x, QR.y);
    matrix.rows.forEach((row, y) => {
      for (let x = 0; x < row.length; x++) {
        if (!row[x]) continue;
        const start = x;
        while (row[x + 1]) x++;
        this.doc.rect(left + start * module, top + y * module, (x - start + 1) * module, module);
      }
    });
    this.doc.fillColor('#000000').fill('nonzero');
  }

  private heading(text: string, x: number, y: number, size = 9): void {
    this.doc.font('bold').fontSize(size).fillColor('#000000');
    this.doc.text(text, ...this.at(x, y), { lineBreak: false });
  }

  /**
   * A label above a framed box, the value one a line, each shrunk to fit the box's width;
   * a `wrapped` box instead wraps its values within the box.
   */
  private box(
    label: string,
    x: number,
    y: number,
    width: number,
    height: number,
    lines: string[],
    size = 9,
    wrapped = false,
  ): void {
    const { doc } = this;
    doc.font('regular').fontSize(6).fillColor('#333333');
    doc.text(label, ...this.at(x, y), { lineBreak: false });
    const [boxX, boxY] = this.at(x, y + 2.6);
    doc
      .lineWidth(0.6)
      .strokeColor('#000000')
      .rect(boxX, boxY, width * MM, height * MM)
      .stroke();
    const inner = { x: boxX + 2, y: boxY + 2.2, width: width * MM - 4, height: height * MM - 2 };
    doc.font('regular').fillColor('#000000');
    if (wrapped) {
      doc.fontSize(size).text(lines.filter(Boolean).join('\n'), inner.x, inner.y, inner);
      return;
    }
    lines.forEach((line, i) => {
      if (!line) return;
      const fitted = Math.min(size, (size * inner.width) / doc.fontSize(size).widthOfString(line));
      doc.fontSize(fitted).text(line, inner.x, inner.y + i * size * 1.12, { lineBreak: false });
    });
  }
}

/** '00000126874' → '***1.268,74', as Priloga 7.3 prints the amount on the form. */
function amountText(cents: string): string {
  return `***${formatNumber(`${cents.slice(0, -2)}.${cents.slice(-2)}`, { places: 2, decimalSeparator: ',', thousandSeparator: '.' })}`;
}

/** Groups of four: 'SI56 0203 6025 3863 406'. */
const ibanText = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** The model apart from the reference: 'SI08 1236-17-345679'. */
const referenceText = (reference: string) =>
  reference ? `${reference.slice(0, 4)} ${reference.slice(4)}`.trim() : '';
