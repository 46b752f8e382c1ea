/**
 * What the bounds against hostile input cost on good files (issue 9, docs/security.md
 * "Controls: hostile input"): the xlsx check before exceljs (tables/xlsx-check.ts: the central
 * directory read and every entry inflated once more) against exceljs's read of the same
 * workbook, and a PNG decoded in a child process (capture/pages/image-decode.ts) against the
 * same decode in-process, for a small image and an A4 page at 300 dpi. Medians of --runs.
 *
 *   npx tsx bench/hostile-input.bench.ts --rows 10000 --runs 5
 */
import { parseArgs } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { decodeImage } from '../apps/server/src/modules/capture/pages/image-decode';
import { imageSize } from '../apps/server/src/modules/capture/pages/page-images';
import { loadExcel } from '../apps/server/src/modules/tables/excel';
import { readSheet } from '../apps/server/src/modules/tables/spreadsheet';
import { checkedXlsx } from '../apps/server/src/modules/tables/xlsx-check';
import { machine, markdownTable, median, ms } from './support/stats';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' } },
});
const rows = Number(values.rows);
const runs = Number(values.runs);

async function timed(work: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function workbook(): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Partners');
  sheet.addRow(['code', 'name', 'vatId', 'town', 'amount']);
  for (let row = 1; row <= rows; row++) {
    sheet.addRow([`P${row}`, `Partner ${row} d.o.o.`, `SI${10000000 + row}`, 'Ljubljana', row / 4]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

function page(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = '60px sans-serif';
  for (let line = 1; line * 90 < height; line++) context.fillText(`Račun ${line}`, 150, line * 90);
  return canvas.toBuffer('image/png');
}

async function inProcess(bytes: Buffer): Promise<void> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  canvas.getContext('2d').getImageData(0, 0, image.width, image.height);
}

const xlsx = await workbook();
const check = await timed(() => checkedXlsx(xlsx));
const read = await timed(() => readSheet(xlsx, 'xlsx', rows + 10));
const tableRows = [
  [
    `xlsx of ${rows} rows (${(xlsx.length / 2 ** 20).toFixed(1)} MB)`,
    ms(read - check),
    ms(read),
    ms(check),
  ],
];
for (const [label, png] of [
  ['PNG 200 × 100', page(200, 100)],
  ['PNG A4 300 dpi (2480 × 3508)', page(2480, 3508)],
] as const) {
  const size = imageSize('png', png);
  if (!size) throw new Error('no PNG size');
  const alone = await timed(() => inProcess(png));
  const isolated = await timed(() => decodeImage(png, size));
  tableRows.push([label, ms(alone), ms(isolated), ms(isolated - alone)]);
}
console.log(machine());
console.log(
  markdownTable(['input', 'without the bound', 'with it', 'cost of the bound'], tableRows),
);
