/**
 * Data capture over the generated corpus (issue 7): accuracy per field and per source, pages
 * per minute of the text layer and of OCR with one and two workers, and each OCR worker's
 * memory. Targets: e-invoices 100 % of fields; text-layer PDFs at least 98 % of header fields;
 * scans at least 90 %; QR payment data 100 %; text layer at least 600 pages/min; OCR at least
 * 20 pages/min per core for 300 dpi A4.
 *
 * Every item is read by readMainFile, the code the capture job runs, with the provider of its
 * source named: text-layer PDFs after extractText (what the upload keeps as doc_file.text),
 * QR codes from the page rendered, e-invoices from the XML or the PDF it is attached to, and
 * scans by OCR in worker processes (bench/support/capture-ocr-worker.ts), each with its own
 * Tesseract. The QR invoices are read again with 'auto', as a capture job reads them.
 *
 *   npx tsx bench/capture-accuracy.bench.ts --text 200 --scans 12 --qr 15 --einvoices 4
 *   (add --misses to list every value read wrong)
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createOcrEngine } from '../apps/server/src/modules/capture/ocr/ocr-engine';
import {
  readMainFile,
  type CaptureField,
  type CaptureProvider,
  type FoundFields,
} from '../apps/server/src/modules/capture/read-main-file';
import { extractText } from '../apps/server/src/modules/documents/text/extract-text';
import { createLocalBlobStore } from '../apps/server/src/plugins/storage/local-blob-store';
import { buildCorpus, type CorpusItem } from '../apps/server/src/modules/capture/corpus/corpus';
import type { FromWorker, ToWorker, WorkerFile } from './support/capture-ocr-worker';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: 'capture-corpus' },
    text: { type: 'string', default: '200' },
    scans: { type: 'string', default: '12' },
    qr: { type: 'string', default: '15' },
    einvoices: { type: 'string', default: '4' },
    misses: { type: 'boolean', default: false },
  },
});

const built = performance.now();
const corpus = await buildCorpus(values.seed, {
  text: Number(values.text),
  scans: Number(values.scans),
  qr: Number(values.qr),
  einvoices: Number(values.einvoices),
});
const buildSeconds = (performance.now() - built) / 1000;
const root = await mkdtemp(path.join(os.tmpdir(), 'listina-capture-corpus-'));
const blobs = createLocalBlobStore({ root });
const blobOf = new Map<string, string>();
for (const item of corpus) blobOf.set(item.id, (await blobs.put(item.content)).id);
const ocr = createOcrEngine();

type Tally = Map<string, { right: number; all: number }>;
const tallies = new Map<string, Tally>();
const misses: string[] = [];

function score(group: string, item: CorpusItem, fields: FoundFields, error?: string) {
  const tally = tallies.get(group) ?? new Map<string, { right: number; all: number }>();
  tallies.set(group, tally);
  for (const [field, value] of Object.entries(item.expected)) {
    const got = fields[field as CaptureField]?.value;
    const cell = tally.get(field) ?? { right: 0, all: 0 };
    cell.all += 1;
    if (got === value) cell.right += 1;
    else
      misses.push(
        `${group} ${item.id} (${item.layout}) ${field}: ${value} ≠ ${got ?? error ?? '—'}`,
      );
    tally.set(field, cell);
  }
  const layout = `${group}: ${item.layout.split(' ')[0] ?? ''}`;
  const byLayout = layoutTallies.get(layout) ?? { right: 0, all: 0 };
  for (const [field, value] of Object.entries(item.expected)) {
    byLayout.all += 1;
    if (fields[field as CaptureField]?.value === value) byLayout.right += 1;
  }
  layoutTallies.set(layout, byLayout);
}
const layoutTallies = new Map<string, { right: number; all: number }>();

const read = (item: CorpusItem, provider: CaptureProvider, text = '') =>
  readMainFile({ blob_id: blobOf.get(item.id) ?? '', mime: item.mime, text }, blobs, {
    provider,
    ocr,
  });
const of = (source: string) => corpus.filter((item) => item.source === source);

// Text layer: extracted as the upload does, then read; warmed up outside the clock.
const textItems = of('text');
for (const item of textItems.slice(0, 5))
  await read(item, 'text', await extractText('pdf', item.content));
const textStarted = performance.now();
const textReadings: FoundFields[] = [];
for (const item of textItems) {
  const text = await extractText('pdf', item.content);
  textReadings.push((await read(item, 'text', text)).fields);
}
const textSeconds = (performance.now() - textStarted) / 1000;
textItems.forEach((item, i) => score('text layer', item, textReadings[i] ?? {}));

for (const item of of('einvoice')) {
  const reading = await read(item, 'einvoice').catch((error: unknown) => String(error));
  score('e-invoice', item, typeof reading === 'string' ? {} : reading.fields);
}

const qrStarted = performance.now();
for (const item of of('qr')) score('QR', item, (await read(item, 'qr')).fields);
const qrSeconds = (performance.now() - qrStarted) / 1000;
for (const item of of('qr')) {
  const text = await extractText('pdf', item.content);
  score('QR + text, auto', item, (await read(item, 'auto', text)).fields);
}
await ocr.close();

/** The scans read by `count` worker processes at once; the readings of the first run kept. */
async function ocrRun(count: number) {
  const scans = of('ocr');
  const files: WorkerFile[] = scans.map((item) => ({
    id: item.id,
    blob_id: blobOf.get(item.id) ?? '',
    mime: item.mime,
  }));
  const workers = Array.from({ length: count }, () =>
    fork(new URL('./support/capture-ocr-worker.ts', import.meta.url), {
      execArgv: process.execArgv,
    }),
  );
  const next = (worker: (typeof workers)[number]) =>
    new Promise<FromWorker>((resolve) => worker.once('message', resolve));
  const ready = workers.map(next);
  workers.forEach((worker, w) => {
    const start: ToWorker = {
      type: 'start',
      root,
      warmUp: files[0] as WorkerFile,
      files: files.filter((_, i) => i % count === w),
    };
    worker.send(start);
  });
  await Promise.all(ready);
  const started = performance.now();
  const done = workers.map(next);
  for (const worker of workers) worker.send({ type: 'go' } satisfies ToWorker);
  const results = (await Promise.all(done)).filter((m) => m.type === 'done');
  const seconds = (performance.now() - started) / 1000;
  return { count, seconds, pages: files.length, results };
}

const ocrRuns = [await ocrRun(1), await ocrRun(2)];
const byId = new Map(corpus.map((item) => [item.id, item]));
for (const reading of ocrRuns[0]?.results.flatMap((r) => r.readings) ?? []) {
  const item = byId.get(reading.id);
  if (item) score('OCR', item, reading.fields, reading.error);
}
await rm(root, { recursive: true, force: true });

const percent = (right: number, all: number) => `${((right / all) * 100).toFixed(1)} %`;
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
console.log(`\n${os.cpus().length} cores, Node ${process.version}, load average ${load}`);
console.log(
  `corpus (seed ${values.seed}): ${corpus.length} items built in ${buildSeconds.toFixed(1)} s: ` +
    ['text', 'ocr', 'qr', 'einvoice'].map((s) => `${of(s).length} ${s}`).join(', '),
);

const groups = [...tallies.keys()];
const fields = [...new Set([...tallies.values()].flatMap((t) => [...t.keys()]))];
console.log(`\n| field | ${groups.join(' | ')} |`);
console.log(`| --- | ${groups.map(() => '---').join(' | ')} |`);
for (const field of fields) {
  const cells = groups.map((g) => {
    const cell = tallies.get(g)?.get(field);
    return cell ? `${percent(cell.right, cell.all)} (${cell.right}/${cell.all})` : '';
  });
  console.log(`| ${field} | ${cells.join(' | ')} |`);
}
const totals = groups.map((g) => {
  const cells = [...(tallies.get(g)?.values() ?? [])];
  const right = cells.reduce((s, c) => s + c.right, 0);
  const all = cells.reduce((s, c) => s + c.all, 0);
  return `**${percent(right, all)}** (${right}/${all})`;
});
console.log(`| all fields | ${totals.join(' | ')} |`);

console.log('\n| source: layout | fields right |');
console.log('| --- | --- |');
for (const [layout, { right, all }] of [...layoutTallies].sort())
  console.log(`| ${layout} | ${percent(right, all)} (${right}/${all}) |`);

console.log(
  '\n| reading | pages | seconds | pages/min | pages/min per worker | peak RSS per worker |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
const perMinute = (pages: number, seconds: number) => Math.round((pages / seconds) * 60);
console.log(
  `| text layer (extractText + readMainFile 'text'), 1 thread | ${textItems.length} | ${textSeconds.toFixed(1)} | ${perMinute(textItems.length, textSeconds)} | | |`,
);
console.log(
  `| QR (page rendered at 200 dpi, zxing), 1 thread | ${of('qr').length} | ${qrSeconds.toFixed(1)} | ${perMinute(of('qr').length, qrSeconds)} | | |`,
);
for (const run of ocrRuns) {
  const rss = run.results.map((r) => `${Math.round(r.maxRssMb)} MB`).join(', ');
  console.log(
    `| OCR 300 dpi A4, ${run.count} worker process${run.count > 1 ? 'es' : ''} | ${run.pages} | ${run.seconds.toFixed(1)} | ${perMinute(run.pages, run.seconds)} | ${(perMinute(run.pages, run.seconds) / run.count).toFixed(1)} | ${rss} |`,
  );
}
if (values.misses) console.log(`\n${misses.join('\n')}`);
else console.log(`\n${misses.length} values read wrong (--misses lists them)`);
