/**
 * Table export and import: POST /api/cl/partner/export and /import with N partners (10,000 by
 * default) generated from the partner entity's sample(), against the real server started as
 * `npm run serve` starts it, on PGlite (default) or on PostgreSQL (--database-url: the bench
 * creates its own database there and drops it afterwards). Timings are wall time from the
 * request to the last byte of the answer.
 *
 *   npx tsx bench/tables-io.bench.ts --rows 10000 --runs 3
 *   npx tsx bench/tables-io.bench.ts --database-url postgres://postgres@127.0.0.1:55432/postgres
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { textOf } from '../apps/server/src/modules/tables/cell-values';
import { partner } from '../apps/server/src/modules/tables/entities/partner';
import { removeDir, startServer, tempDataDir, type StartedServer } from './support/server';
import { machine, markdownTable, median, min, ms } from './support/stats';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    'database-url': { type: 'string' },
  },
});
const rowCount = Number(args.rows);
const runs = Number(args.runs);
const TARGETS = { export: 2000, import: 5000 };
const COLUMNS = ['code', 'name', 'vatId', 'town', 'countryCode', 'isActive'];

interface Session {
  url: string;
  headers: Record<string, string>;
}

async function call(session: Session, path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${session.url}${path}`, {
    ...init,
    headers: { ...session.headers, ...(init.headers as Record<string, string> | undefined) },
  });
  const body = Buffer.from(await response.arrayBuffer());
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.toString()}`);
  return { body, elapsed };
}

/** Signs in as the demo user and creates a fresh, empty organisation to work in. */
async function newOrganization(url: string): Promise<Session> {
  const json = { 'content-type': 'application/json' };
  const login = await call({ url, headers: json }, '/api/account/login', {
    method: 'POST',
    body: JSON.stringify({ username: 'demo', password: 'listina-demo' }),
  });
  const { apikey } = JSON.parse(login.body.toString()) as { apikey: string };
  const created = await call(
    { url, headers: { ...json, authorization: apikey } },
    '/api/organization',
    {
      method: 'POST',
      body: JSON.stringify({ name: `Bench IO ${randomBytes(3).toString('hex')} d.o.o.` }),
    },
  );
  const { id } = JSON.parse(created.body.toString()) as { id: string };
  return { url, headers: { authorization: apikey, 'organization-id': id } };
}

function partnerCsv(rename = ''): Buffer {
  const lines = [COLUMNS.join(';')];
  for (let n = 1; n <= rowCount; n++) {
    const sample = partner.sample(n);
    if (rename) sample.name = `${String(sample.name)} ${rename}`;
    lines.push(COLUMNS.map((c) => textOf(sample[c])).join(';'));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

async function partnerXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Partners');
  sheet.addRow(COLUMNS);
  for (let n = 1; n <= rowCount; n++) {
    const sample = partner.sample(n);
    sheet.addRow(COLUMNS.map((c) => sample[c] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importFile(session: Session, file: Buffer, name: string, query = '') {
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  const { body, elapsed } = await call(session, `/api/cl/partner/import${query}`, {
    method: 'POST',
    body: form,
  });
  return { result: JSON.parse(body.toString()) as Record<string, unknown>, elapsed };
}

const exportFile = (session: Session, format: 'xlsx' | 'csv') =>
  call(session, `/api/cl/partner/export?format=${format}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });

/** A database of its own on the given PostgreSQL server; the returned function drops it. */
async function ownDatabase(adminUrl: string): Promise<[string, () => Promise<void>]> {
  const name = `listina_bench_io_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return [
    url.toString(),
    async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  ];
}

type Timing = [string, number[], number | undefined];

function row([name, samples, target]: Timing): string[] {
  const best = median(samples);
  const verdict = target === undefined ? '' : best < target ? 'yes' : 'no';
  return [
    name,
    String(samples.length),
    ms(best),
    ms(min(samples)),
    target ? `< ${ms(target)}` : '',
    verdict,
  ];
}

async function measure(session: Session): Promise<Timing[]> {
  const csv = partnerCsv();
  const xlsx = await partnerXlsx();
  const timings: Timing[] = [];
  const creates: number[] = [];
  const dryRuns: number[] = [];
  for (let run = 0; run < runs; run++) {
    // Each create run needs an empty table: a fresh organisation.
    const fresh = run === 0 ? session : await newOrganization(session.url);
    dryRuns.push((await importFile(fresh, csv, 'partners.csv', '?dryRun=true')).elapsed);
    const created = await importFile(fresh, csv, 'partners.csv');
    if (created.result.created !== rowCount) throw new Error(JSON.stringify(created.result));
    creates.push(created.elapsed);
  }
  timings.push([`import csv, ${rowCount} new rows (dry run)`, dryRuns, TARGETS.import]);
  timings.push([`import csv, ${rowCount} new rows`, creates, TARGETS.import]);
  const same: number[] = [];
  const sameXlsx: number[] = [];
  for (let run = 0; run < runs; run++) {
    same.push((await importFile(session, csv, 'partners.csv')).elapsed);
    sameXlsx.push((await importFile(session, xlsx, 'partners.xlsx')).elapsed);
  }
  timings.push([`import csv, the same ${rowCount} rows again (unchanged)`, same, TARGETS.import]);
  timings.push([
    `import xlsx, the same ${rowCount} rows again (unchanged)`,
    sameXlsx,
    TARGETS.import,
  ]);
  const updates: number[] = [];
  for (let run = 0; run < runs; run++) {
    const changed = await importFile(session, partnerCsv(`v${run}`), 'partners.csv');
    if (changed.result.updated !== rowCount) throw new Error(JSON.stringify(changed.result));
    updates.push(changed.elapsed);
  }
  timings.push([`import csv, ${rowCount} changed rows (updates)`, updates, TARGETS.import]);
  for (const format of ['csv', 'xlsx'] as const) {
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) samples.push((await exportFile(session, format)).elapsed);
    timings.push([`export ${format}, ${rowCount} rows`, samples, TARGETS.export]);
  }
  return timings;
}

async function main() {
  const dataDir = tempDataDir('tables-io');
  const adminUrl = args['database-url'];
  const [databaseUrl, drop] = adminUrl ? await ownDatabase(adminUrl) : [undefined, undefined];
  let server: StartedServer | undefined;
  try {
    server = await startServer({
      dataDir,
      env: {
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    });
    const backend = databaseUrl ? 'PostgreSQL' : 'PGlite';
    console.log(
      `Table export and import, partner, ${rowCount} rows, on ${backend}\n${machine()}\n`,
    );
    const session = await newOrganization(server.url);
    const timings = await measure(session);
    console.log(
      markdownTable(
        ['call', 'runs', 'median', 'best', 'target', 'met'],
        timings.map((timing) => row(timing)),
      ),
    );
  } finally {
    await server?.stop();
    await drop?.();
    removeDir(dataDir);
  }
}

await main();
