import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** The e-invoices of the capture corpus (apps/server/.../einvoice/corpus, SOURCES.md): real files. */
const CORPUS = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/modules/capture/einvoice/corpus',
);

export interface CorpusInvoice {
  file: string;
  contentType: string;
  supplierName: string;
  vatId: string;
  number: string;
  /** As the form writes it for an en-GB user with the default separators. */
  total: string;
}

/** An e-SLOG 2.0 invoice of a Slovenian supplier (corpus/expected.ts). */
export const ESLOG_INVOICE: CorpusInvoice = {
  file: 'eslog/2025-581-racun.xml',
  contentType: 'application/xml',
  supplierName: 'IP JAMŠEK d.o.o.',
  vatId: 'SI81583010',
  number: '2025-581',
  total: '1.094,19',
};

/** A Factur-X PDF: the invoice's CII XML inside a PDF/A-3 (corpus/expected.ts). */
export const FACTURX_INVOICE: CorpusInvoice = {
  file: 'facturx/Facture_F20180027.pdf',
  contentType: 'application/pdf',
  supplierName: 'LE FOURNISSEUR',
  vatId: 'FR32123456789',
  number: 'F20180027',
  total: '110,00',
};

export interface InvoiceMail {
  fromName: string;
  from: string;
  to: string;
  subject: string;
  invoice: CorpusInvoice;
}

/**
 * The message as a supplier's mail program sends it (nodemailer's stream transport writes
 * the MIME, no mail leaves the machine): a short text and the invoice attached.
 */
export async function invoiceMessage(mail: InvoiceMail): Promise<Buffer> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const sent = await transport.sendMail({
    from: { name: mail.fromName, address: mail.from },
    to: mail.to,
    subject: mail.subject,
    text: `Pozdravljeni,\n\nv prilogi vam pošiljamo račun ${mail.invoice.number}.\n\nLep pozdrav`,
    attachments: [
      {
        filename: path.basename(mail.invoice.file),
        content: fs.readFileSync(path.join(CORPUS, mail.invoice.file)),
        contentType: mail.invoice.contentType,
      },
    ],
  });
  const message: unknown = sent.message;
  if (!Buffer.isBuffer(message)) throw new Error('nodemailer gave no buffered message');
  return message;
}
