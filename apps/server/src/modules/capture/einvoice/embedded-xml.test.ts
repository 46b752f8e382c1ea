import { AFRelationship, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parseEInvoice } from './einvoice';
import { EInvoiceError } from './einvoice-error';
import { extractEmbeddedXml } from './embedded-xml';
import { CII_EXAMPLE_VALUES, fixture } from './test-invoices';

/** A one-page PDF/A-3 style invoice with the given files attached, as ZUGFeRD/Factur-X do. */
async function pdfWith(files: { name: string; content: Buffer }[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  for (const { name, content } of files) {
    await pdf.attach(content, name, {
      mimeType: name.endsWith('.xml') ? 'text/xml' : 'application/octet-stream',
      description: 'Factur-X/ZUGFeRD invoice',
      afRelationship: AFRelationship.Alternative,
      creationDate: new Date('2015-01-09T00:00:00Z'),
      modificationDate: new Date('2015-01-09T00:00:00Z'),
    });
  }
  return Buffer.from(await pdf.save());
}

const CII = fixture('CII_example1.xml');

describe('extractEmbeddedXml', () => {
  it('gives the factur-x.xml of a Factur-X PDF, which reads like the CII file itself', async () => {
    const pdf = await pdfWith([
      { name: 'terms.txt', content: Buffer.from('General terms') },
      { name: 'factur-x.xml', content: CII },
    ]);
    const xml = await extractEmbeddedXml(pdf);
    expect(xml?.equals(CII)).toBe(true);
    const result = await parseEInvoice(xml ?? Buffer.alloc(0));
    expect(result).toMatchObject({ format: 'cii', valid: true, problems: [] });
    expect(
      Object.fromEntries(Object.entries(result.fields).map(([name, f]) => [name, f.value])),
    ).toEqual(CII_EXAMPLE_VALUES);
  });

  it('knows the ZUGFeRD 1.0/2.0 and XRechnung names, in any case', async () => {
    for (const name of ['ZUGFeRD-invoice.xml', 'zugferd-invoice.xml', 'xrechnung.xml']) {
      const xml = await extractEmbeddedXml(await pdfWith([{ name, content: CII }]));
      expect(xml?.equals(CII)).toBe(true);
    }
  });

  it('prefers factur-x.xml to another XML attachment', async () => {
    const other = fixture('ubl-tc434-example1.xml');
    const pdf = await pdfWith([
      { name: 'copy.xml', content: other },
      { name: 'factur-x.xml', content: CII },
    ]);
    expect((await extractEmbeddedXml(pdf))?.equals(CII)).toBe(true);
  });

  it('takes an e-invoice attached under another name, but not other XML', async () => {
    const ubl = fixture('ubl-tc434-example1.xml');
    const named = await pdfWith([
      { name: 'notes.xml', content: Buffer.from('<?xml version="1.0"?><notes/>') },
      { name: 'invoice-12115118.xml', content: ubl },
    ]);
    expect((await extractEmbeddedXml(named))?.equals(ubl)).toBe(true);
    const none = await pdfWith([{ name: 'notes.xml', content: Buffer.from('<notes/>') }]);
    expect(await extractEmbeddedXml(none)).toBeNull();
  });

  it('gives null for a PDF without attachments', async () => {
    expect(await extractEmbeddedXml(await pdfWith([]))).toBeNull();
  });

  it('refuses bytes that are not a PDF with a clear error', async () => {
    const error = await extractEmbeddedXml(Buffer.from('not a pdf at all')).catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(EInvoiceError);
    expect((error as EInvoiceError).code).toBe('capture.einvoice.unreadablePdf');
  });
});
