/**
 * Documents at scale (issue 5): the document list and the home tiles at 1,000,000 documents
 * over 10 organisations, and uploads and preview.info on a fresh organisation — through the
 * whole server over HTTP on the loopback, from a client on its own thread, with the server's
 * own time beside it.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/documents.bench.ts --keep docbench   # PostgreSQL
 *   npx tsx bench/documents.bench.ts --rows 100000                                # embedded PGlite
 *   options: --rows 1000000 --orgs 10 --runs 50 --uploads 200 --keep NAME (reuse the loaded rows)
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import {
  createOrganization,
  createTestApp,
  createUser,
  login,
  multipartBody,
} from '../apps/server/test/factories';
import { insertDocuments } from './support/doc-load';
import { openBenchDatabase } from './support/bench-db';
import { serveForBench, timeListCalls } from './support/served';
import { machine, markdownTable, median, percentile } from './support/stats';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    orgs: { type: 'string', default: '10' },
    runs: { type: 'string', default: '50' },
    uploads: { type: 'string', default: '200' },
    keep: { type: 'string' },
  },
});
const rowCount = Number(args.rows);
const orgCount = Number(args.orgs);
const runs = Number(args.runs);
const perOrg = Math.ceil(rowCount / orgCount);
const WARM_UP = 10;

const openDatabase = () => openBenchDatabase(args.keep);

const t = await createTestApp({}, { openDatabase, tmpPrefix: 'listina-bench-' });
const db = t.database.db;
const user = await createUser(t);

/** The organisation's documents, generated in SQL as the engine writes them. */
async function loadDocuments(organizationId: string) {
  await sql`delete from doc where organization_id = ${organizationId}`.execute(db);
  for (let start = 1; start <= perOrg; start += 100_000) {
    await insertDocuments(db, organizationId, start, Math.min(perOrg, start + 99_999));
  }
}

async function benchOrganization(i: number) {
  const nick = `Docs ${i}`;
  const existing = await db
    .selectFrom('organization')
    .select(['id', 'key'])
    .where('name_nick', '=', nick)
    .executeTakeFirst();
  const org = existing ?? (await createOrganization(t, {}, nick));
  await db
    .insertInto('organization_member')
    .values({ organization_id: org.id, user_id: user.id, roles: ['orgadmin'] })
    .execute();
  const count = await sql<{ n: string }>`
    select count(*) as n from doc where organization_id = ${org.id}
  `.execute(db);
  if (Number(count.rows[0]?.n) !== perOrg) await loadDocuments(org.id);
  return org;
}

const loadStarted = performance.now();
const orgs = [];
for (let i = 0; i < orgCount; i++) orgs.push(await benchOrganization(i));
// As autovacuum would have by then: statistics, and a visibility map for index-only counts.
await sql`vacuum analyze doc`.execute(db);
const loadSeconds = (performance.now() - loadStarted) / 1000;
const target = orgs[0];
if (!target) throw new Error('no organisation');
const apikey = (await login(t, user.username)).apikey;
const headers = { authorization: apikey, 'organization-id': target.key };

const served = await serveForBench(t.app);
const client = served.client(headers);

const cases = [
  { name: 'document list, first page (received desc)', url: '/api/doc' },
  { name: 'document list, sorted by number', url: '/api/doc?sort=number%20asc' },
  { name: 'document list, drafts (tile filter)', url: '/api/doc?filter=status:draft' },
  { name: 'full-text search, a number "0000042"', url: '/api/doc?search=0000042' },
  { name: 'full-text search, two words "najemnina 42"', url: '/api/doc?search=najemnina%2042' },
  { name: 'full-text search, a word of the files "servis"', url: '/api/doc?search=servis' },
  { name: 'home tiles (GET /api/tile)', url: '/api/tile' },
];
const rows = await timeListCalls(client, served.lastInServer, cases, runs, WARM_UP);

// Uploads into an organisation of its own: one-page PDFs of ~30 KB, one at a time.
const uploadOrg = await createOrganization(t, { [user.id]: ['orgadmin'] }, 'Uploads');
const uploadHeaders = { authorization: apikey, 'organization-id': uploadOrg.key };
const pdf = (n: number) =>
  Buffer.from(`%PDF-1.4\n% upload ${n}\n${'0123456789abcdef'.repeat(2000)}\n%%EOF\n`);
const uploads = Number(args.uploads);
const uploadTimes: number[] = [];
const previewTimes: number[] = [];
let bytes = 0;
const uploadStarted = performance.now();
for (let n = 0; n < uploads; n++) {
  const content = pdf(n);
  const { payload, contentType } = multipartBody([
    { name: 'main', filename: `r-${n}.pdf`, content },
    { name: 'json', value: JSON.stringify({ number: `UP-${n}` }) },
  ]);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${served.port}/api/uploadDoc`, {
    method: 'POST',
    headers: { ...uploadHeaders, 'content-type': contentType },
    body: payload,
  });
  uploadTimes.push(performance.now() - started);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const { item } = (await res.json()) as { item: { key: string } };
  bytes += content.length;
  const infoStarted = performance.now();
  const info = await fetch(`http://127.0.0.1:${served.port}/api/doc/${item.key}/preview.info`, {
    method: 'POST',
    headers: uploadHeaders,
  });
  await info.arrayBuffer();
  previewTimes.push(performance.now() - infoStarted);
}
const uploadSeconds = (performance.now() - uploadStarted) / 1000;

console.log(`\n${machine()}`);
console.log(
  `database: ${t.database.kind}; ${rowCount.toLocaleString('en')} documents over ${orgCount} organisations (loaded in ${loadSeconds.toFixed(1)} s); ${runs} runs each\n`,
);
console.log(
  markdownTable(['call', 'rows', 'client p50 ms', 'client p95 ms', 'in server p50 ms'], rows),
);
console.log(
  `\n${markdownTable(
    [
      'uploads (one at a time)',
      'files/s',
      'MB/s',
      'upload p50 ms',
      'upload p95 ms',
      'preview.info p50 ms',
      'preview.info p95 ms',
    ],
    [
      [
        `${uploads} PDFs of ${(pdf(0).length / 1024).toFixed(0)} KB`,
        (uploads / uploadSeconds).toFixed(1),
        (bytes / 2 ** 20 / uploadSeconds).toFixed(2),
        median(uploadTimes).toFixed(1),
        percentile(uploadTimes, 95).toFixed(1),
        median(previewTimes).toFixed(1),
        percentile(previewTimes, 95).toFixed(1),
      ],
    ],
  )}`,
);
await client.close();
await t.close();
