/**
 * Capture over real suppliers' invoices (issue 23): the real corpus
 * (apps/server/src/modules/capture/real-corpus/, expected values written by hand from each
 * file) read as the capture job reads it. Reports, per field and per language:
 *   - text PDFs read first time (target ≥ 90 % of header fields), and the time a page takes
 *     (target < 1 s a page: text extraction, page words and both text readers);
 *   - the later invoices of a supplier after its first was corrected (target ≥ 98 %), and the
 *     touchless rate (later invoices whose header fields need no change);
 *   - scans (target ≥ 80 %): the corpus's scanned PDFs, and each text PDF's first page printed
 *     to an image at 200 dpi (grey, its text layer gone) and read by OCR.
 *
 *   npx tsx bench/capture-real.bench.ts            (add --misses to list every value read wrong;
 *   --no-scans to leave out the OCR of printed pages, which takes some minutes)
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { createOcrEngine } from '../apps/server/src/modules/capture/ocr/ocr-engine';
import { extractText } from '../apps/server/src/modules/documents/text/extract-text';
import { readPages } from '../apps/server/src/modules/capture/pages/page-images';
import { readMainFile } from '../apps/server/src/modules/capture/read-main-file';
import {
  HEADER_FIELDS,
  judge,
  percent,
  tally,
  type Tally,
  type Verdict,
} from '../apps/server/src/modules/capture/real-corpus/accuracy';
import {
  readLaterInvoices,
  readRealCorpus,
} from '../apps/server/src/modules/capture/real-corpus/read-real-corpus';
import {
  loadRealCorpus,
  type RealInvoice,
} from '../apps/server/src/modules/capture/real-corpus/real-corpus';
import { createLocalBlobStore } from '../apps/server/src/plugins/storage/local-blob-store';

const { values } = parseArgs({
  options: {
    misses: { type: 'boolean', default: false },
    'no-scans': { type: 'boolean', default: false },
  },
});

type Judged = Verdict & { invoice: RealInvoice };
const misses: string[] = [];
const judged = (invoice: RealInvoice, verdicts: readonly Verdict[], group: string): Judged[] =>
  verdicts.map((v) => {
    if (!v.right)
      misses.push(`${group} ${invoice.file} ${v.field}: ${v.expected} ≠ ${v.found ?? '—'}`);
    return { ...v, invoice };
  });

// Text PDFs, first time; warmed up outside the clock (pdf.js, label patterns).
await readRealCorpus({ filter: (invoice) => invoice.file.startsWith('coolblue') });
const started = performance.now();
const readings = await readRealCorpus({ filter: (invoice) => !invoice.scan });
const seconds = (performance.now() - started) / 1000;
const text = readings.flatMap((r) => judged(r.invoice, r.verdicts, 'text'));
const later = readLaterInvoices(readings);
const laterJudged = later.flatMap((l) => judged(l.invoice, l.verdicts, 'later'));
const perPage = readings.map((r) => r.ms / r.pages).sort((a, b) => a - b);
const pages = readings.reduce((sum, r) => sum + r.pages, 0);

// Scans: the corpus's own, and each text PDF's first page printed at 200 dpi and read by OCR.
const ocr = createOcrEngine();
const scanned: Judged[] = [];
const printed: Judged[] = [];
let ocrSeconds = 0;
let ocrPages = 0;
const root = await mkdtemp(path.join(os.tmpdir(), 'listina-real-scans-'));
try {
  const blobs = createLocalBlobStore({ root });
  const readScan = async (invoice: RealInvoice, bytes: Buffer, mime: string) => {
    const { id } = await blobs.put(bytes);
    const t = performance.now();
    // A scanned PDF's own text layer, if it has one, as the upload keeps it.
    const text = mime === 'application/pdf' ? await extractText('pdf', bytes) : '';
    const reading = await readMainFile({ blob_id: id, mime, text }, blobs, {
      provider: 'auto',
      ocr,
      buyerName: invoice.buyerName,
    }).catch(() => ({ fields: {} }));
    ocrSeconds += (performance.now() - t) / 1000;
    ocrPages += 1;
    return judge(invoice.fields, reading.fields);
  };
  const corpus = await loadRealCorpus();
  for (const invoice of corpus.filter((i) => i.scan))
    scanned.push(
      ...judged(
        invoice,
        await readScan(invoice, await readFile(invoice.path), 'application/pdf'),
        'scan',
      ),
    );
  if (!values['no-scans'])
    for (const invoice of corpus.filter((i) => !i.scan)) {
      const png = await printedPage(await readFile(invoice.path));
      if (!png) continue;
      // The first page only: values printed on later pages are not counted.
      const verdicts = (await readScan(invoice, png, 'image/png')).filter(
        (v) => !invoice.notInText.includes(v.field) && onFirstPage(invoice, v),
      );
      printed.push(...judged(invoice, verdicts, 'printed'));
    }
} finally {
  await ocr.close();
  await rm(root, { recursive: true, force: true });
}

/**
 * Whether a value is printed on the first page: where the text reading found it right, else
 * its characters (or an amount's digits) among the first page's.
 */
function onFirstPage(invoice: RealInvoice, verdict: Verdict): boolean {
  const reading = readings.find((r) => r.invoice.file === invoice.file);
  const page = reading?.words[0];
  if (!page) return false;
  const read = reading.verdicts.find((v) => v.field === verdict.field);
  const box = reading.fields[verdict.field]?.box;
  if (read?.right && box) return box.page === 1;
  const compact = verdict.expected.replace(/[\s.,-]/gu, '').toUpperCase();
  const words = page.words
    .map((w) => w.text)
    .join('')
    .replace(/[\s.,-]/gu, '')
    .toUpperCase();
  // Amounts and dates are printed in other forms: counted where their digits are on the page.
  const digits = compact.replace(/^0+/u, '').replace(/00$/u, '');
  return words.includes(compact) || (digits.length >= 3 && words.includes(digits));
}

/** A PDF's first page as a grey PNG at 200 dpi: what a scanner gives of a printed page. */
async function printedPage(pdf: Buffer): Promise<Buffer | undefined> {
  for await (const page of readPages('pdf', pdf, {
    maxPages: 1,
    dpi: () => 200,
    maxRenderPixels: 12_000_000,
    maxImagePixels: 36_000_000,
    deadline: Date.now() + 30_000,
  })) {
    const canvas = createCanvas(page.width, page.height);
    const context = canvas.getContext('2d');
    const image = context.createImageData(page.width, page.height);
    for (let i = 0; i < page.rgba.length; i += 4) {
      const grey = Math.round(
        0.299 * (page.rgba[i] ?? 0) +
          0.587 * (page.rgba[i + 1] ?? 0) +
          0.114 * (page.rgba[i + 2] ?? 0),
      );
      image.data[i] = grey;
      image.data[i + 1] = grey;
      image.data[i + 2] = grey;
      image.data[i + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    return canvas.encode('png');
  }
  return undefined;
}

const cell = (t: Tally | undefined) => (t ? `${percent(t)} (${t.right}/${t.all})` : '');
const groups: [string, Judged[]][] = [
  ['text PDFs, first time', text],
  ['later invoices after one correction', laterJudged],
  ['scanned PDFs', scanned],
  ['text PDFs printed at 200 dpi, OCR', printed],
];
const byField = groups.map(([, list]) =>
  tally(
    list,
    (v) => v.field,
    (v) => v.right,
  ),
);
const all = groups.map(([, list]) =>
  tally(
    list,
    () => 'all',
    (v) => v.right,
  ).get('all'),
);

const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
console.log(`\n${os.cpus().length} cores, Node ${process.version}, load average ${load}`);
const suppliers = new Set(readings.map((r) => r.invoice.supplier)).size;
console.log(
  `${readings.length} text PDFs of ${suppliers} suppliers (${pages} pages) read in ${seconds.toFixed(1)} s; ` +
    `a page: median ${Math.round(perPage[Math.floor(perPage.length / 2)] ?? 0)} ms, ` +
    `slowest ${Math.round(perPage[perPage.length - 1] ?? 0)} ms`,
);
console.log(
  `later invoices: ${later.length}, touchless ${later.filter((l) => l.isTouchless).length} ` +
    `(${((100 * later.filter((l) => l.isTouchless).length) / Math.max(1, later.length)).toFixed(1)} %)`,
);
console.log(`OCR: ${ocrPages} pages in ${ocrSeconds.toFixed(1)} s`);

console.log(`\n| field | ${groups.map(([name]) => name).join(' | ')} |`);
console.log(`| --- | ${groups.map(() => '---').join(' | ')} |`);
for (const field of HEADER_FIELDS)
  console.log(`| ${field} | ${byField.map((t) => cell(t.get(field))).join(' | ')} |`);
console.log(`| **all fields** | ${all.map((t) => `**${cell(t)}**`).join(' | ')} |`);

const languages = [...new Set(text.map((v) => v.invoice.language))].sort();
const byLanguage = groups.map(([, list]) =>
  tally(
    list,
    (v) => v.invoice.language,
    (v) => v.right,
  ),
);
const filesOf = (language: string) =>
  readings.filter((r) => r.invoice.language === language).length;
console.log(`\n| language (text PDFs) | ${groups.map(([name]) => name).join(' | ')} |`);
console.log(`| --- | ${groups.map(() => '---').join(' | ')} |`);
for (const language of languages)
  console.log(
    `| ${language} (${filesOf(language)}) | ${byLanguage.map((t) => cell(t.get(language))).join(' | ')} |`,
  );

if (values.misses) console.log(`\n${misses.join('\n')}`);
else console.log(`\n${misses.length} values read wrong (--misses lists them)`);
