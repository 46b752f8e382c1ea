/**
 * Payment files without the database: a checked pain.001 export of N payment orders (10,000
 * by default) in both versions, and the import of a camt.053 statement with N entries (parse
 * and XSD check; matching the entries to orders in the database is the payments service's
 * and not measured here). Times are wall clock in this process; the XSD check runs
 * xmllint-wasm in a worker thread, as the server does. A last table compares xmllint-wasm
 * settings on the 10,000-order file: where the XSD time goes.
 *
 *   npx tsx bench/payments-files.bench.ts --orders 10000 --runs 3
 */
import { parseArgs } from 'node:util';
import { validateXML } from 'xmllint-wasm';
import { readFileSync } from 'node:fs';
import { writeCamt053 } from '../apps/server/src/modules/payments/iso20022/camt-fixture';
import { readCamt, type CamtEntry } from '../apps/server/src/modules/payments/iso20022/camt-read';
import { checkPainOrders } from '../apps/server/src/modules/payments/iso20022/order-checks';
import { buildCheckedPain001 } from '../apps/server/src/modules/payments/iso20022/pain001-build';
import { writePain001 } from '../apps/server/src/modules/payments/iso20022/pain001-write';
import { readCheckedCamt } from '../apps/server/src/modules/payments/iso20022/camt-read';
import { checkCamt, checkPain001 } from '../apps/server/src/modules/payments/iso20022/schema-check';
import {
  DEBTOR_IBAN,
  manyOrders,
  painFile,
} from '../apps/server/src/modules/payments/iso20022/test-orders';
import { PAIN_VERSIONS, type PainOrder } from '../apps/server/src/modules/payments/iso20022/types';
import { machine, markdownTable, max, median, min, ms } from './support/stats';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
  },
});
const count = Number(args.orders);
const runs = Number(args.runs);
const TARGETS = { export: 2000, import: 5000 };

async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** The bank's answer to the orders: booked debits, every 50th returned with AC04. */
function statementEntries(orders: readonly PainOrder[]): CamtEntry[] {
  return orders.map((order, index) => ({
    endToEndId: order.endToEndId,
    amount: order.amount,
    currency: order.currency,
    creditDebit: index % 50 === 49 ? 'CRDT' : 'DBIT',
    status: 'BOOK',
    bookingDate: order.executionDate,
    valueDate: order.executionDate,
    returned: index % 50 === 49,
    ...(index % 50 === 49 ? { reason: 'AC04' } : {}),
    accountIban: DEBTOR_IBAN,
    msgId: 'LISTINA-20261124-0001',
    pmtInfId: `LISTINA-20261124-0001-${(index % 3) + 1}`,
    reference: order.reference,
    description: order.description ?? '',
    counterpartyName: order.recipientName,
    counterpartyIban: order.recipientIban,
  }));
}

interface Row {
  label: string;
  totals: number[];
  phases: Record<string, number[]>;
  size: number;
}

function row(rowData: Row, target: number): string[] {
  const phases = Object.entries(rowData.phases)
    .map(([name, values]) => `${name} ${ms(median(values))}`)
    .join(', ');
  return [
    rowData.label,
    `${(rowData.size / 1024 / 1024).toFixed(1)} MB`,
    ms(min(rowData.totals)),
    ms(median(rowData.totals)),
    ms(max(rowData.totals)),
    phases,
    median(rowData.totals) < target ? 'yes' : 'no',
  ];
}

async function exportRow(
  version: (typeof PAIN_VERSIONS)[number],
  orders: PainOrder[],
): Promise<Row> {
  const file = painFile(version, orders);
  const result: Row = {
    label: `export ${count} orders → ${version}, checked`,
    totals: [],
    phases: { 'order checks': [], write: [], XSD: [] },
    size: 0,
  };
  for (let run = 0; run < runs; run++) {
    const total = await timed(() => buildCheckedPain001(file));
    result.totals.push(total.ms);
    result.size = Buffer.byteLength(total.value);
    // The same steps one by one, for where the time goes.
    result.phases['order checks']?.push((await timed(() => checkPainOrders(orders))).ms);
    const written = await timed(() => writePain001(file));
    result.phases.write?.push(written.ms);
    const check = await timed(() => checkPain001(written.value, version));
    if (!check.value.valid) throw new Error(check.value.errors.join('\n'));
    result.phases.XSD?.push(check.ms);
  }
  return result;
}

async function importRow(orders: PainOrder[]): Promise<Row> {
  const bytes = Buffer.from(writeCamt053(statementEntries(orders), { iban: DEBTOR_IBAN }));
  const result: Row = {
    label: `import camt.053.001.02 with ${count} entries, checked`,
    totals: [],
    phases: { 'decode + parse + entries': [], XSD: [] },
    size: bytes.length,
  };
  for (let run = 0; run < runs; run++) {
    const total = await timed(() => readCheckedCamt(bytes));
    if (total.value.entries.length !== count) throw new Error('entries lost');
    result.totals.push(total.ms);
    result.phases['decode + parse + entries']?.push((await timed(() => readCamt(bytes))).ms);
    const check = await timed(() => checkCamt(bytes.toString('utf8'), 'camt.053.001.02'));
    if (!check.value.valid) throw new Error(check.value.errors.join('\n'));
    result.phases.XSD?.push(check.ms);
  }
  return result;
}

/** xmllint-wasm itself on the pain.001.001.03 file, with the settings that matter. */
async function xsdSettings(orders: PainOrder[]): Promise<string[][]> {
  const xml = writePain001(painFile('pain.001.001.03', orders));
  const tiny = writePain001(painFile('pain.001.001.03', orders.slice(0, 1)));
  const large = writePain001(painFile('pain.001.001.03', manyOrders(orders.length * 5)));
  const schema = {
    fileName: 'pain.001.001.03.xsd',
    contents: readFileSync(
      new URL(
        '../apps/server/src/modules/payments/iso20022/schemas/pain/pain.001.001.03.xsd',
        import.meta.url,
      ),
    ),
  };
  const mib = (text: string) => Math.ceil(Buffer.byteLength(text) / 2 ** 20);
  const sized = { initialMemoryPages: (2 * mib(xml) + 32) * 16, maxMemoryPages: 16_384 };
  const n = orders.length;
  const settings: [string, string, Record<string, unknown>][] = [
    ['1 order: worker start + WebAssembly compile', tiny, {}],
    [`${n} orders, tree, default memory (16 MiB, max 32 MiB)`, xml, {}],
    [`${n} orders, tree, max 256 MiB`, xml, { maxMemoryPages: 4096 }],
    [`${n} orders, tree, ${2 * mib(xml) + 32} MiB from the start`, xml, sized],
    [`${n} orders, --stream, default memory`, xml, { stream: true }],
    [`${n} orders, --stream, max 1 GiB (used here)`, xml, { stream: true, maxMemoryPages: 16_384 }],
    [`${5 * n} orders (${mib(large)} MB), tree, default memory`, large, {}],
    [
      `${5 * n} orders, --stream, max 1 GiB (used here)`,
      large,
      { stream: true, maxMemoryPages: 16_384 },
    ],
  ];
  const rows: string[][] = [];
  for (const [label, document, options] of settings) {
    const times: number[] = [];
    let verdict = '';
    for (let run = 0; run < runs; run++) {
      try {
        const { value, ms: elapsed } = await timed(() =>
          validateXML({
            xml: [{ fileName: 'pain.xml', contents: document }],
            schema: [schema],
            ...options,
          }),
        );
        times.push(elapsed);
        verdict = value.valid ? 'valid' : `invalid: ${value.errors[0]?.message ?? ''}`;
      } catch (error) {
        verdict = `failed: ${(String(error).split('\n')[0] ?? '').slice(0, 60)}`;
      }
    }
    const [fastest, middle] = times.length > 0 ? [min(times), median(times)] : [];
    rows.push([label, ms(fastest), ms(middle), verdict]);
  }
  return rows;
}

async function main(): Promise<void> {
  const orders = manyOrders(count);
  console.log(
    `Payments: pain.001 export and camt.053 import, ${count} orders, ${runs} runs\n${machine()}\n`,
  );
  const exports = [];
  for (const version of PAIN_VERSIONS) exports.push(await exportRow(version, orders));
  const imported = await importRow(orders);
  const header = ['file', 'size', 'min', 'median', 'max', 'median per phase', 'under target'];
  console.log(
    markdownTable(header, [
      ...exports.map((each) => row(each, TARGETS.export)),
      row(imported, TARGETS.import),
    ]),
  );
  console.log(
    `\nTargets: export under ${TARGETS.export} ms, import under ${TARGETS.import} ms (the import target also covers matching in the database, not measured here).\n`,
  );
  console.log('XSD check of the pain.001.001.03 file by xmllint-wasm settings:\n');
  console.log(
    markdownTable(['xmllint-wasm', 'min', 'median', 'verdict'], await xsdSettings(orders)),
  );
  console.log(`\nload average after: ${machine().split('load average ')[1] ?? ''}`);
}

await main();
