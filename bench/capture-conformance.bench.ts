/**
 * Data capture over the public e-invoice corpus (issue 21): the header fields of every file in
 * apps/server/src/modules/capture/einvoice/corpus (SOURCES.md) read as capture reads them
 * (parseEInvoice, a PDF's attached XML first), compared with the values written by hand from
 * each file (corpus/expected.ts). Target: 100 % of fields right on e-invoices.
 *
 * Per format: the fields the files have, how many were read right, and the fields a file lacks
 * that were read all the same. The test corpus.test.ts asserts the same comparison.
 *
 *   npx tsx bench/capture-conformance.bench.ts
 *   (add --misses to list every value read wrong)
 */
import { parseArgs } from 'node:util';
import {
  CORPUS_FORMATS,
  EXPECTED,
  checkFields,
  listCorpusFiles,
  readCorpusFile,
  type CorpusFormat,
  type FieldCheck,
} from '../apps/server/src/modules/capture/einvoice/corpus/conformance';

const { values } = parseArgs({ options: { misses: { type: 'boolean', default: false } } });

const FORMAT_NAMES: Record<CorpusFormat, string> = {
  eslog: 'e-SLOG 2.0',
  ubl: 'UBL 2.1 / Peppol BIS 3',
  cii: 'CII D16B',
  facturx: 'Factur-X / ZUGFeRD PDF',
};

interface Tally {
  files: number;
  /** Files valid against the XSD of their syntax (their values at full confidence). */
  valid: number;
  present: number;
  right: number;
  extra: number;
  ms: number;
}

const tallies = new Map<CorpusFormat, Tally>(
  CORPUS_FORMATS.map((format) => [
    format,
    { files: 0, valid: 0, present: 0, right: 0, extra: 0, ms: 0 },
  ]),
);
const misses: string[] = [];

for (const file of await listCorpusFiles()) {
  const format = file.split('/')[0] as CorpusFormat;
  const tally = tallies.get(format);
  const expected = EXPECTED[file];
  if (!tally || !expected) throw new Error(`${file}: not a corpus format or no expected entry`);
  const started = performance.now();
  let checks: FieldCheck[];
  try {
    const read = await readCorpusFile(file);
    if (read.valid) tally.valid += 1;
    checks = checkFields(expected, read);
  } catch (error) {
    // A file capture refuses counts every field it has as wrong.
    checks = checkFields(expected, {
      format: String(error),
      valid: false,
      values: {},
      documentTypeCode: undefined,
    });
  }
  tally.ms += performance.now() - started;
  tally.files += 1;
  for (const check of checks) {
    if (check.expected !== undefined) {
      tally.present += 1;
      if (check.right) tally.right += 1;
    } else if (check.actual !== undefined) {
      tally.extra += 1;
    }
    if (!check.right) {
      misses.push(`${file} ${check.field}: expected ${check.expected}, read ${check.actual}`);
    }
  }
}

const percent = (part: number, all: number) =>
  all === 0 ? '–' : `${((100 * part) / all).toFixed(1)} %`;
const rows = [...tallies].map(([format, t]) => [
  FORMAT_NAMES[format],
  String(t.files),
  String(t.valid),
  String(t.present),
  String(t.right),
  percent(t.right, t.present),
  String(t.extra),
  `${(t.ms / Math.max(1, t.files)).toFixed(0)} ms`,
]);
const total = [...tallies.values()].reduce(
  (sum, t) => ({
    files: sum.files + t.files,
    valid: sum.valid + t.valid,
    present: sum.present + t.present,
    right: sum.right + t.right,
    extra: sum.extra + t.extra,
    ms: sum.ms + t.ms,
  }),
  { files: 0, valid: 0, present: 0, right: 0, extra: 0, ms: 0 },
);
rows.push([
  '**all e-invoices**',
  String(total.files),
  String(total.valid),
  String(total.present),
  String(total.right),
  percent(total.right, total.present),
  String(total.extra),
  `${(total.ms / Math.max(1, total.files)).toFixed(0)} ms`,
]);

console.log(
  '| format | files | schema-valid | values in the files | read right | right | fields read that the file lacks | mean time a file |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(`\n${misses.length} value(s) read wrong.`);
if (values.misses) for (const miss of misses) console.log(`- ${miss}`);
