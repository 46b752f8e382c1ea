/**
 * Ten million documents (issue 10): 10,000,000 documents over 1,000 organisations of skewed
 * sizes (Zipf: the k-th largest holds 1/k of the largest, 1.34 million), then the document
 * list, full-text search and home tiles of a small, two medium and the largest organisation,
 * through the whole server over HTTP (client on its own thread, the server's own time beside).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres nice npx tsx bench/ten-million.bench.ts
 *   options: --docs 10000000 --orgs 1000 --runs 30 --keep tenmillion (the database, kept and
 *   resumed: an interrupted load goes on from the last whole chunk) --chunk 250000
 *
 * The load drops the document table's secondary indexes, inserts in chunks of one statement
 * each, then builds the indexes again and runs `vacuum analyze` (as autovacuum would have).
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createTestApp, createUser, login } from '../apps/server/test/factories';
import { openBenchDatabase } from './support/bench-db';
import { buildIndexes, dropIndexes, insertDocuments } from './support/doc-load';
import { serveForBench, timeListCalls } from './support/served';
import { machine, markdownTable } from './support/stats';
import { rankedOrganizations, zipfSizes } from './support/tenants';

const { values: args } = parseArgs({
  options: {
    docs: { type: 'string', default: '10000000' },
    orgs: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '30' },
    chunk: { type: 'string', default: '250000' },
    keep: { type: 'string', default: 'tenmillion' },
  },
});
const docCount = Number(args.docs);
const orgCount = Number(args.orgs);
const runs = Number(args.runs);
const chunk = Number(args.chunk);
const WARM_UP = 5;

const sizes = zipfSizes(docCount, orgCount);
const t = await createTestApp({}, { openDatabase: () => openBenchDatabase(args.keep) });
const db = t.database.db;
const log = (text: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${text}`);

/** Loads what is missing; returns the seconds spent (0 when everything was there). */
async function load(orgs: { id: string }[]): Promise<number> {
  const counts = await sql<{ organization_id: string; n: string }>`
    select organization_id, count(*) as n from doc group by organization_id
  `.execute(db);
  const have = new Map(counts.rows.map((r) => [r.organization_id, Number(r.n)]));
  const todo = orgs
    .map((org, i) => ({ org, size: sizes[i] ?? 0, have: have.get(org.id) ?? 0 }))
    .filter((o) => o.have !== o.size);
  const pending = await sql<{
    t: string | null;
  }>`select to_regclass('bench_doc_index')::text as t`.execute(db);
  if (todo.length === 0 && !pending.rows[0]?.t) return 0;
  const started = performance.now();
  await db.connection().execute(async (conn) => {
    await sql`set maintenance_work_mem = '1GB'`.execute(conn);
    await sql`set synchronous_commit = off`.execute(conn);
    if (todo.length > 0) await dropIndexes(conn);
    let done = 0;
    const missing = todo.reduce((a, o) => a + Math.max(0, o.size - o.have), 0);
    for (const { org, size, have: had } of todo) {
      let from = had + 1;
      if (had > size) {
        await sql`delete from doc where organization_id = ${org.id}`.execute(conn);
        from = 1;
      }
      for (; from <= size; from += chunk) {
        const to = Math.min(size, from + chunk - 1);
        await insertDocuments(conn, org.id, from, to);
        const before = done;
        done += to - from + 1;
        // A line per chunk's worth of documents, however small the organisations get.
        if (Math.floor(done / chunk) > Math.floor(before / chunk) || done === missing) {
          const seconds = (performance.now() - started) / 1000;
          log(
            `${done.toLocaleString('en')} of ${missing.toLocaleString('en')} documents, ${seconds.toFixed(0)} s`,
          );
        }
      }
    }
    log('building the indexes');
    await buildIndexes(conn, log);
    log('vacuum analyze');
    await sql`vacuum analyze doc`.execute(conn);
  });
  return (performance.now() - started) / 1000;
}

const orgs = await rankedOrganizations(db, 'Tenant', orgCount);
const loadSeconds = await load(orgs);
const size = await sql<{ table: string; total: string }>`
  select pg_size_pretty(pg_relation_size('doc')) as table,
         pg_size_pretty(pg_total_relation_size('doc')) as total
`.execute(db);

const user = await createUser(t);
const apikey = (await login(t, user.username)).apikey;
const measured = [1, 10, 100, orgCount].filter((r) => r <= orgCount);
await db
  .insertInto('organization_member')
  .values(
    measured.map((rank) => ({
      organization_id: orgs[rank - 1]?.id ?? '',
      user_id: user.id,
      roles: ['orgadmin'],
    })),
  )
  .execute();

const served = await serveForBench(t.app);

/** The cursor of the document half-way into the number order, and the number after it. */
async function deepCursor(organizationId: string, count: number) {
  const found = await sql<{ number_sort: string; id: string }>`
    select number_sort, id from doc where organization_id = ${organizationId}
    order by number_sort, id offset ${Math.floor(count / 2)} limit 2
  `.execute(db);
  const [at, next] = found.rows;
  if (!at) throw new Error('no documents');
  const cursor = Buffer.from(JSON.stringify([at.number_sort, at.id])).toString('base64url');
  return { cursor, first: next && `R-${next.number_sort.slice(2)}` };
}

const rows: string[][] = [];
for (const rank of measured) {
  const org = orgs[rank - 1];
  const count = sizes[rank - 1] ?? 0;
  if (!org) continue;
  const client = served.client({ authorization: apikey, 'organization-id': org.key });
  const deep = await deepCursor(org.id, count);
  const cases = [
    { name: 'list, first page (received desc)', url: '/api/doc' },
    { name: 'list, sorted by number', url: '/api/doc?sort=number%20asc' },
    { name: 'list, half-way cursor page', url: `/api/doc?sort=number%20asc&cursor=${deep.cursor}` },
    { name: 'list, drafts (tile filter)', url: '/api/doc?filter=status:draft' },
    { name: 'search, a number "0000042"', url: '/api/doc?search=0000042' },
    { name: 'search, "najemnina 42"', url: '/api/doc?search=najemnina%2042' },
    { name: 'search, "servis" (most documents)', url: '/api/doc?search=servis' },
    { name: 'home tiles', url: '/api/tile' },
  ];
  const page = await client.get(cases[2]?.url ?? '');
  const firstDeep = (JSON.parse(page.body) as { items: { number: string }[] }).items[0]?.number;
  if (firstDeep !== deep.first) throw new Error(`deep page: ${firstDeep} ≠ ${deep.first}`);
  const timed = await timeListCalls(client, served.lastInServer, cases, runs, WARM_UP);
  for (const row of timed) rows.push([`${rank} (${count.toLocaleString('en')})`, ...row]);
  await client.close();
}

console.log(`\n${machine()}`);
console.log(
  `database: ${t.database.kind}; ${docCount.toLocaleString('en')} documents over ${orgCount} organisations; doc table ${size.rows[0]?.table}, with indexes ${size.rows[0]?.total}; ${loadSeconds > 0 ? `loaded in ${loadSeconds.toFixed(0)} s` : 'kept from an earlier run'}; ${runs} runs each\n`,
);
console.log(
  markdownTable(
    [
      'organisation (documents)',
      'call',
      'rows',
      'client p50 ms',
      'client p95 ms',
      'in server p50 ms',
    ],
    rows,
  ),
);
await t.close();
