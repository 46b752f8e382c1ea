/**
 * Data capture from the PDF text layer (issue 7: "pages per minute for text-layer PDFs";
 * target at least 600 pages/min) and the field accuracy on the same documents.
 *
 * Generated one-page invoices (the demo's own layouts, ten suppliers, Slovenian) are read as a
 * capture job reads them: the text layer extracted by pdf.js as the upload does
 * (extractText), then the fields read from it (readTextFields). The clock covers both; the
 * PDFs are drawn before it starts. Each field is compared with what the invoice was drawn from.
 *
 *   npx tsx bench/capture.bench.ts --pages 300
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { planDocuments } from '../apps/server/src/modules/demo/demo-document-plan';
import { renderInvoice } from '../apps/server/src/modules/demo/demo-invoice-pdf';
import { profileSuppliers } from '../apps/server/src/modules/demo/profile-suppliers';
import {
  readTextFields,
  type TextField,
} from '../apps/server/src/modules/capture/text/text-fields';
import { extractText } from '../apps/server/src/modules/documents/text/extract-text';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '300' } } });
const pages = Number(values.pages);

const suppliers = profileSuppliers();
const buyer = {
  name: 'Kupec d.o.o.',
  address: 'Ulica 1',
  postCode: '1000',
  town: 'Ljubljana',
  taxNumber: 'SI12345678',
};

const docs = planDocuments({
  seed: 'capture-bench',
  count: Math.ceil(pages * 1.2),
  today: '2026-11-24',
  suppliers,
  costCenters: ['100'],
})
  .filter((d) => d.type !== 'CN')
  .slice(0, pages);
const files = [];
for (const doc of docs) files.push((await renderInvoice(doc, buyer)).content);

// Warm pdf.js up outside the clock.
for (const file of files.slice(0, 5)) readTextFields(await extractText('pdf', file));

const hits = new Map<string, { right: number; all: number }>();
const started = performance.now();
let extractMs = 0;
for (const [i, file] of files.entries()) {
  const doc = docs[i];
  if (!doc) continue;
  const extractStarted = performance.now();
  const text = await extractText('pdf', file);
  extractMs += performance.now() - extractStarted;
  const fields = readTextFields(text);
  const expected: Partial<Record<TextField, string | null>> = {
    invoiceNumber: doc.number,
    issueDate: doc.issueDate,
    dueDate: doc.dueDate,
    netAmount: (doc.net / 100).toFixed(2),
    vatAmount: (doc.tax / 100).toFixed(2),
    totalAmount: (doc.total / 100).toFixed(2),
    vatId: doc.supplier.vatId,
    iban: doc.iban,
    bic: doc.bic,
    referenceModel: doc.referenceModel,
    reference: doc.reference,
    purposeCode: doc.purposeCode,
  };
  for (const [name, value] of Object.entries(expected)) {
    if (value === null || value === undefined) continue;
    const tally = hits.get(name) ?? { right: 0, all: 0 };
    tally.all += 1;
    if (fields[name as TextField]?.value === value) tally.right += 1;
    hits.set(name, tally);
  }
}
const seconds = (performance.now() - started) / 1000;

console.log(
  `\n${os.cpus().length} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`${files.length} one-page invoices, one at a time on one thread\n`);
console.log('| source | pages | pages/min | ms per page (text layer / fields) |');
console.log('| --- | --- | --- | --- |');
const perPage = (seconds * 1000) / files.length;
console.log(
  `| PDF text layer | ${files.length} | ${Math.round((files.length / seconds) * 60)} | ${perPage.toFixed(1)} (${(extractMs / files.length).toFixed(1)} / ${(perPage - extractMs / files.length).toFixed(2)}) |`,
);
console.log('\n| field | right | of | accuracy |');
console.log('| --- | --- | --- | --- |');
for (const [name, { right, all }] of hits)
  console.log(`| ${name} | ${right} | ${all} | ${((right / all) * 100).toFixed(1)} % |`);
