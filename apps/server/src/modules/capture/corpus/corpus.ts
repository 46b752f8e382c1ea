import { AFRelationship, PDFDocument } from 'pdf-lib';
import { addDays, planDocuments, type PlannedDocument } from '../../demo/demo-document-plan';
import { renderInvoice, type Buyer } from '../../demo/demo-invoice-pdf';
import { profileSuppliers } from '../../demo/profile-suppliers';
import { CII_EXAMPLE_VALUES, ESLOG_SAMPLE_VALUES, fixture } from '../einvoice/test-invoices';
import type { CaptureField } from '../read-main-file';
import { latin2, pdfWithPicture, qrPng, scanOf, upnText } from '../test-scans';
import { LAYOUT_STYLES, renderLayout, type Language } from './layouts';

/**
 * The capture corpus (issue 7, "a corpus that the project generates"): invoices with the values
 * they were drawn from, deterministic for a seed. Text-layer PDFs in four layouts (the demo's
 * and three others: label wording, order, columns, fonts and sizes, Slovenian and English);
 * scans of them (300 dpi, turned 1–4°, noise and dust) as PDF, PNG or JPEG; text-layer
 * invoices carrying a UPN QR or an EPC QR code; and e-invoices made from the samples of
 * shared/domain/samples with other numbers, dates, parties, accounts and amounts, as XML and
 * attached to a PDF (Factur-X). Test and bench code (corpus.test.ts,
 * bench/capture-accuracy.bench.ts): nothing in the server imports it.
 */

export type CorpusSource = 'einvoice' | 'qr' | 'text' | 'ocr';
export type Expected = Partial<Record<CaptureField, string>>;

export interface CorpusItem {
  id: string;
  /** The source that is to read it (the provider named for it). */
  source: CorpusSource;
  layout: string;
  language: Language;
  mime: string;
  content: Buffer;
  expected: Expected;
}

export interface CorpusSizes {
  text: number;
  scans: number;
  qr: number;
  /** E-invoices per sample file (four samples), and as many again attached to a PDF. */
  einvoices: number;
}

const BUYER: Buyer = {
  name: 'Kupec d.o.o.',
  address: 'Ulica 1',
  postCode: '1000',
  town: 'Ljubljana',
  taxNumber: 'SI12345678',
};

const LAYOUTS = ['demo-sl', ...LAYOUT_STYLES.map((style) => style.name)];

/** What the printed invoice says, field by field. */
export function printedValues(doc: PlannedDocument): Expected {
  const expected: Expected = {
    supplierName: doc.supplier.name,
    invoiceNumber: doc.number,
    issueDate: doc.issueDate,
    netAmount: (doc.net / 100).toFixed(2),
    vatAmount: (doc.tax / 100).toFixed(2),
    totalAmount: (doc.total / 100).toFixed(2),
    currencyCode: 'EUR',
    vatId: doc.supplier.vatId,
  };
  if (doc.dueDate) expected.dueDate = doc.dueDate;
  if (doc.iban) expected.iban = doc.iban;
  if (doc.bic) expected.bic = doc.bic;
  if (doc.referenceModel && doc.reference) {
    expected.referenceModel = doc.referenceModel;
    expected.reference = doc.reference;
  }
  if (doc.purposeCode) expected.purposeCode = doc.purposeCode;
  return expected;
}

async function render(doc: PlannedDocument, layout: string): Promise<Buffer> {
  const style = LAYOUT_STYLES.find((s) => s.name === layout);
  return style ? renderLayout(doc, BUYER, style) : (await renderInvoice(doc, BUYER)).content;
}

const languageOf = (layout: string): Language =>
  LAYOUT_STYLES.find((s) => s.name === layout)?.language ?? 'sl';

export async function buildCorpus(seed: string, sizes: CorpusSizes): Promise<CorpusItem[]> {
  const docs = planDocuments({
    seed,
    count: (sizes.text + sizes.scans + sizes.qr) * 2,
    today: '2026-11-24',
    suppliers: profileSuppliers(),
    costCenters: ['100'],
  }).filter((d) => d.type === 'INV');
  const take = (n: number) => docs.splice(0, n);
  const items: CorpusItem[] = [];

  for (const [i, doc] of take(sizes.text).entries()) {
    const layout = LAYOUTS[i % LAYOUTS.length] ?? 'demo-sl';
    items.push({
      id: `text-${i}`,
      source: 'text',
      layout,
      language: languageOf(layout),
      mime: 'application/pdf',
      content: await render(doc, layout),
      expected: printedValues(doc),
    });
  }
  for (const [i, doc] of take(sizes.scans).entries()) {
    const layout = LAYOUTS[i % LAYOUTS.length] ?? 'demo-sl';
    const degrees = (i % 2 === 0 ? 1 : -1) * (1 + ((i * 7) % 31) / 10);
    const format = (['pdf', 'png', 'jpeg'] as const)[i % 3] ?? 'pdf';
    const scan = await scanOf(
      await render(doc, layout),
      { degrees, noise: 10 + ((i * 13) % 30), dust: 0.0002 * (i % 4), seed: i + 1 },
      format === 'jpeg' ? 'jpeg' : 'png',
    );
    const content = format === 'pdf' ? await pdfWithPicture(scan, { x: 0, y: 0, size: 595 }) : scan;
    items.push({
      id: `scan-${i}`,
      source: 'ocr',
      layout: `${layout} ${format} ${degrees.toFixed(1)}°`,
      language: languageOf(layout),
      mime: format === 'pdf' ? 'application/pdf' : `image/${format}`,
      content,
      expected: printedValues(doc),
    });
  }
  for (const [i, doc] of take(sizes.qr).entries()) {
    const layout = LAYOUTS[i % LAYOUTS.length] ?? 'demo-sl';
    const code = i % 3 === 2 ? epcCode(doc) : upnCode(doc);
    const png = await qrPng(code.bytes, 3 + (i % 3));
    const size = 90 + (i % 4) * 15;
    items.push({
      id: `qr-${i}`,
      source: 'qr',
      layout: `${layout} ${code.kind}`,
      language: languageOf(layout),
      mime: 'application/pdf',
      content: await pdfWithPicture(
        png,
        { x: 440 - size / 2, y: 70, size },
        await render(doc, layout),
      ),
      expected: code.expected,
    });
  }
  items.push(...(await einvoices(seed, sizes.einvoices)));
  return items;
}

/** A UPN QR with the invoice's payment (the payer left empty, as on an invoice). */
function upnCode(doc: PlannedDocument) {
  const due = doc.dueDate ?? doc.issueDate;
  const purpose = `Plačilo računa ${doc.number}`;
  const text = upnText(
    {
      amountCents: doc.total,
      purposeCode: doc.purposeCode ?? 'OTHR',
      purpose,
      dueDate: `${due.slice(8)}.${due.slice(5, 7)}.${due.slice(0, 4)}`,
      iban: doc.iban ?? '',
      reference: `${doc.referenceModel ?? 'SI99'}${doc.reference ?? ''}`,
      name: doc.supplier.name,
      street: doc.supplier.address,
      town: `${doc.supplier.postCode} ${doc.supplier.town}`,
    },
    { payer: false },
  );
  const expected: Expected = {
    supplierName: doc.supplier.name,
    iban: doc.iban ?? '',
    totalAmount: (doc.total / 100).toFixed(2),
    amountDue: (doc.total / 100).toFixed(2),
    dueDate: due,
    purposeCode: doc.purposeCode ?? 'OTHR',
    description: purpose,
    referenceModel: doc.referenceModel ?? 'SI99',
  };
  if (doc.reference) expected.reference = doc.reference;
  return { kind: 'UPN', bytes: latin2(text), expected };
}

/** An EPC QR (EPC069-12, version 002, UTF-8) with an unstructured remittance text. */
function epcCode(doc: PlannedDocument) {
  const description = `Račun ${doc.number}`;
  const amount = (doc.total / 100).toFixed(2);
  const text = [
    'BCD',
    '002',
    '1',
    'SCT',
    doc.bic ?? '',
    doc.supplier.name,
    doc.iban ?? '',
    `EUR${amount}`,
    doc.purposeCode ?? '',
    '',
    description,
  ].join('\n');
  const expected: Expected = {
    supplierName: doc.supplier.name,
    iban: doc.iban ?? '',
    totalAmount: amount,
    amountDue: amount,
    currencyCode: 'EUR',
    description,
  };
  if (doc.bic) expected.bic = doc.bic;
  if (doc.purposeCode) expected.purposeCode = doc.purposeCode;
  return { kind: 'EPC', bytes: new TextEncoder().encode(text), expected };
}

/** A sample of shared/domain/samples, as files/fixtures keeps a copy. */
const sample = (name: string) => fixture(name).toString('utf8');

interface Variant {
  number: string;
  issueDate: string;
  dueDate: string;
  supplierName: string;
}

interface Sample {
  file: string;
  /** The sample's own values (einvoice.test.ts reads them so). */
  values: Expected;
  /** The sample with the variant's values in it, and any other value it changes. */
  vary(xml: string, v: Variant, doc: PlannedDocument): { xml: string; expected: Expected };
}

const compact = (iso: string) => iso.replaceAll('-', '');

const SAMPLES: Sample[] = [
  {
    file: 'eslog20_constructed_minimal_invoice.xml',
    values: ESLOG_SAMPLE_VALUES,
    vary(xml, v, doc) {
      // One line at 22 %: net, VAT and total of the planned invoice's first line.
      const net = doc.lines[0]?.amount ?? 10_000;
      const vat = Math.round(net * 0.22);
      const money = (cents: number) => (cents / 100).toFixed(2);
      const out = xml
        .replaceAll('>2025-000123<', `>${v.number}<`)
        .replaceAll('>2025-03-10<', `>${v.issueDate}<`)
        .replaceAll('>2025-04-09<', `>${v.dueDate}<`)
        .replaceAll('>Dobavitelj d.o.o.<', `>${v.supplierName}<`)
        .replaceAll('>100.00<', `>${money(net)}<`)
        .replaceAll('>22.00<', `>${money(vat)}<`)
        .replaceAll('>122.00<', `>${money(net + vat)}<`)
        .replaceAll('SI50223054', doc.supplier.vatId)
        .replaceAll('SI56020170014356205', doc.iban ?? 'SI56020170014356205')
        .replaceAll('LJBASI2X', doc.bic ?? 'LJBASI2X');
      return {
        xml: out,
        expected: {
          vatId: doc.supplier.vatId,
          iban: doc.iban ?? 'SI56020170014356205',
          bic: doc.bic ?? 'LJBASI2X',
          netAmount: money(net),
          vatAmount: money(vat),
          totalAmount: money(net + vat),
          amountDue: money(net + vat),
        },
      };
    },
  },
  {
    file: 'BIS3_Invoice_positive.xml',
    values: {
      supplierName: 'Company A',
      vatId: 'DK12345678',
      iban: '1234567891234',
      invoiceNumber: '12345',
      issueDate: '2019-01-25',
      dueDate: '2019-02-24',
      netAmount: '625743.54',
      vatAmount: '156435.89',
      totalAmount: '782179.43',
      amountDue: '782179.43',
      currencyCode: 'DKK',
      referenceModel: 'NRC',
      reference: '12345667890',
    },
    vary: (xml, v) => ({
      xml: xml
        .replace('<cbc:ID>12345</cbc:ID>', `<cbc:ID>${v.number}</cbc:ID>`)
        .replace('<cbc:IssueDate>2019-01-25<', `<cbc:IssueDate>${v.issueDate}<`)
        .replace('<cbc:DueDate>2019-02-24<', `<cbc:DueDate>${v.dueDate}<`)
        .replaceAll('>Company A<', `>${v.supplierName}<`),
      expected: {},
    }),
  },
  {
    file: 'ubl-tc434-example1.xml',
    values: CII_EXAMPLE_VALUES,
    vary: (xml, v) => ({
      xml: xml
        .replace('<cbc:ID>12115118</cbc:ID>', `<cbc:ID>${v.number}</cbc:ID>`)
        .replace('<cbc:IssueDate>2015-01-09<', `<cbc:IssueDate>${v.issueDate}<`)
        .replace('<cbc:DueDate>2015-01-09<', `<cbc:DueDate>${v.dueDate}<`)
        .replaceAll('>De Koksmaat<', `>${v.supplierName}<`),
      expected: {},
    }),
  },
  {
    file: 'CII_example1.xml',
    values: CII_EXAMPLE_VALUES,
    vary: (xml, v) => ({
      xml: xml
        .replace('<ram:ID>12115118</ram:ID>', `<ram:ID>${v.number}</ram:ID>`)
        .replace('format="102">20150109<', `format="102">${compact(v.issueDate)}<`)
        .replace(
          '<ram:DueDateDateTime><udt:DateTimeString format="102">20150109<',
          `<ram:DueDateDateTime><udt:DateTimeString format="102">${compact(v.dueDate)}<`,
        )
        .replaceAll('<ram:Name>De Koksmaat<', `<ram:Name>${v.supplierName}<`),
      expected: {},
    }),
  },
];

async function einvoices(seed: string, perSample: number): Promise<CorpusItem[]> {
  const docs = planDocuments({
    seed: `${seed}-einvoice`,
    count: perSample * SAMPLES.length * 3,
    today: '2026-11-24',
    suppliers: profileSuppliers(),
    costCenters: ['100'],
  }).filter((d) => d.type === 'INV');
  const items: CorpusItem[] = [];
  let n = 0;
  for (const s of SAMPLES) {
    const original = sample(s.file);
    for (let i = 0; i < perSample; i++, n++) {
      const doc = docs[n % docs.length] as PlannedDocument;
      const variant: Variant = {
        number: `${doc.number}-E${String(i)}`,
        issueDate: doc.issueDate,
        dueDate: doc.dueDate ?? addDays(doc.issueDate, 30),
        supplierName: doc.supplier.name.replace('&', 'in'),
      };
      const { xml, expected } = s.vary(original, variant, doc);
      const values: Expected = {
        ...s.values,
        invoiceNumber: variant.number,
        issueDate: variant.issueDate,
        dueDate: variant.dueDate,
        supplierName: variant.supplierName,
        ...expected,
      };
      const content = Buffer.from(xml, 'utf8');
      const format = s.file.replace(/\.xml$/, '');
      items.push({
        id: `einvoice-${n}`,
        source: 'einvoice',
        layout: format,
        language: 'en',
        mime: 'application/xml',
        content,
        expected: values,
      });
      items.push({
        id: `einvoice-pdf-${n}`,
        source: 'einvoice',
        layout: `${format} in PDF/A-3`,
        language: 'en',
        mime: 'application/pdf',
        content: await withAttachment(
          content,
          s.file.startsWith('CII') ? 'factur-x.xml' : 'invoice.xml',
        ),
        expected: values,
      });
    }
  }
  return items;
}

/** A one-page PDF with the XML attached, as ZUGFeRD/Factur-X carry it. */
async function withAttachment(xml: Buffer, name: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  await pdf.attach(xml, name, {
    mimeType: 'text/xml',
    description: 'e-invoice',
    afRelationship: AFRelationship.Alternative,
    creationDate: new Date('2026-11-24T00:00:00Z'),
    modificationDate: new Date('2026-11-24T00:00:00Z'),
  });
  return Buffer.from(await pdf.save());
}
