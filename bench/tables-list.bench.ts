/**
 * Listing 300 rows of the partner table holding 1,000,000 rows over 10 organisations: first
 * page, a deep cursor page, another sort, and a search — through the whole server over HTTP
 * on the loopback (route, auth, tenant scope, engine, JSON), timed at a client on its own
 * thread and inside the server (request in → answer handed to the socket), beside the
 * engine's own SQL run directly on the same connection pool (as the table owner, no row-level
 * security), and the same SQL as the server runs it in its tenant scope (readInScope: one
 * round trip with the transaction, scope settings and role; row-level security).
 *
 *   npx tsx bench/tables-list.bench.ts                      # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… npx tsx bench/tables-list.bench.ts   # PostgreSQL (a new database)
 *   options: --rows 1000000 --orgs 10 --runs 30
 *            --keep NAME   keep the loaded rows and reuse them next time: on PostgreSQL a
 *                          database of that name beside DATABASE_URL's, on PGlite a data
 *                          directory (loading 1,000,000 rows into PGlite takes many minutes)
 */
import type http from 'node:http';
import { parseArgs } from 'node:util';
import { sql, type RawBuilder } from 'kysely';
import { ListQuerySchema } from '@listina/contract';
import { readInScope } from '../apps/server/src/db/scope';
import { getListedEntity } from '../apps/server/src/modules/tables/registry';
import { listQuery } from '../apps/server/src/modules/tables/tables.repository';
import { listPlan } from '../apps/server/src/modules/tables/list-plan';
import {
  createOrganization,
  createTestApp,
  createUser,
  login,
} from '../apps/server/test/factories';
import { openBenchDatabase } from './support/bench-db';
import { httpClient } from './support/http-client';
import { timeDirect, withDirect, type OnDirect } from './support/direct-sql';
import { machine, markdownTable, median, percentile } from './support/stats';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    orgs: { type: 'string', default: '10' },
    runs: { type: 'string', default: '30' },
    keep: { type: 'string' },
  },
});
const rowCount = Number(args.rows);
const orgCount = Number(args.orgs);
const runs = Number(args.runs);
/**
 * Rounds of every case before the clock: the JIT and the connections warm up (they cost CPU).
 * With 20, the case timed first was ~0.1 ms slower than the same case timed later
 * (bench/README.md).
 */
const WARM_UP = 100;

const openDatabase = () => openBenchDatabase(args.keep);

const t = await createTestApp({}, { openDatabase, tmpPrefix: 'listina-bench-' });
const db = t.database.db;
const user = await createUser(t);
const perOrg = Math.ceil(rowCount / orgCount);

/** The organisation "Bench i" with its rows: reused when a kept database already holds them. */
async function benchOrganization(i: number) {
  const nick = `Bench ${i}`;
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
    select count(*) as n from partner where organization_id = ${org.id}
  `.execute(db);
  if (Number(count.rows[0]?.n) !== perOrg) await loadPartners(org.id);
  return org;
}

async function loadPartners(organizationId: string) {
  await sql`delete from partner where organization_id = ${organizationId}`.execute(db);
  for (let start = 1; start <= perOrg; start += 100_000) {
    const end = Math.min(perOrg, start + 99_999);
    await sql`
      insert into partner (organization_id, key, code, name, town, country_code, search_text,
                           code_sort, name_sort, town_sort, country_code_sort)
      select ${organizationId}::bigint, gen_random_uuid(), 'P' || lpad(g::text, 7, '0'),
             (array['Šumi','Čebela','Žito','Alpe','Lipa'])[1 + g % 5] || ' partner ' || g || ' d.o.o.',
             (array['Ljubljana','Maribor','Celje','Koper','Kranj'])[1 + g % 5], 'SI',
             lower((array['Sumi','Cebela','Zito','Alpe','Lipa'])[1 + g % 5] || ' partner ' || g || ' d.o.o. p' || lpad(g::text, 7, '0')),
             -- the engine's Slovenian sort keys (collation.ts) of the same values
             'p' || lpad(g::text, 7, '0'),
             (array['s{umi','c{ebela','z{ito','alpe','lipa'])[1 + g % 5] || ' partner ' || g || ' d.o.o.',
             (array['ljubljana','maribor','celje','koper','kranj'])[1 + g % 5], 'si'
      from generate_series(${start}::int, ${end}::int) g
    `.execute(db);
  }
}

const loadStarted = performance.now();
const orgs = [];
for (let i = 0; i < orgCount; i++) orgs.push(await benchOrganization(i));
await sql`analyze partner`.execute(db);
const loadSeconds = (performance.now() - loadStarted) / 1000;
const target = orgs[0];
if (!target) throw new Error('no organisation');

const headers = {
  authorization: (await login(t, user.username)).apikey,
  'organization-id': target.key,
};
const partner = getListedEntity('partner');

/** The statement the engine runs for this list query, built by the engine's own code. */
function engineSql(query: Record<string, string>): RawBuilder<unknown> {
  const { columns, ...plan } = listPlan(partner, ListQuerySchema.parse(query));
  return listQuery(partner, columns, { ...plan, organizationId: target?.id ?? null });
}

// Over HTTP on the loopback, one kept-alive connection, from a client in a worker thread: the
// server's thread does only the server's work, as with a browser for a client. The server
// writes the whole answer to the socket; the client only counts the bytes.
await t.app.listen({ host: '127.0.0.1', port: 0 });
const address = t.app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const client = httpClient(address.port, headers);

// In the server: from the request's arrival to the answer handed to the socket ('finish').
let inServer = 0;
t.app.server.prependListener('request', (_request: http.IncomingMessage, response) => {
  const started = performance.now();
  response.on('finish', () => (inServer = performance.now() - started));
});

/** The client's wall time and the server's own time of one call. */
async function timeServer(url: string) {
  const res = await client.get(url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body}`);
  return { elapsed: res.elapsed, inServer };
}

/**
 * The same statement as the server runs it: with its tenant scope in one round trip
 * (readInScope, ADR 0008), under row-level security; like "direct", right after a call.
 */
async function timeScoped(statement: RawBuilder<unknown>) {
  const started = performance.now();
  await readInScope(db, { userId: String(user.id), organizationId: target?.id }, statement);
  return performance.now() - started;
}

// A deep page: the cursor of the row half-way into the default order (name_sort asc, id).
const deepOffset = Math.floor(perOrg / 2);
const deep = await sql<{ name_sort: string; id: string }>`
  select name_sort, id from partner where organization_id = ${target.id} order by name_sort, id offset ${deepOffset} limit 1
`.execute(db);
const deepRow = deep.rows[0];
if (!deepRow) throw new Error('not enough rows for a deep page');
const deepCursor = Buffer.from(JSON.stringify([deepRow.name_sort, deepRow.id])).toString(
  'base64url',
);

const cases: { name: string; query: Record<string, string> }[] = [
  { name: 'first page (name asc)', query: {} },
  {
    name: `deep cursor page (row ${deepOffset.toLocaleString('en')})`,
    query: { cursor: deepCursor },
  },
  { name: 'sorted by code desc', query: { sort: 'code desc' } },
  { name: 'search "4242"', query: { search: '4242' } },
  { name: 'search "partner 4242"', query: { search: 'partner 4242' } },
  { name: 'first page, 1 row (count=1)', query: { count: '1' } },
];

/** One round of a case: each database timing follows a call to the server, as its read does. */
async function round(on: OnDirect, url: string, statement: RawBuilder<unknown>) {
  const first = await timeServer(url);
  const direct = await timeDirect(on, statement, false);
  const warm = await timeDirect(on, statement, true);
  const second = await timeServer(url);
  const scoped = await timeScoped(statement);
  return { servers: [first, second], direct: direct.elapsed, warm: warm.elapsed, scoped };
}

/**
 * Each side in a loop of its own, as a client calling again and again would meet it: the server
 * called back to back (its time inside, as above), then the statement sent back to back on the
 * direct connection (each one warm, right after the previous answer).
 */
async function backToBack(on: OnDirect, url: string, statement: RawBuilder<unknown>) {
  const server: number[] = [];
  for (let i = 0; i < runs; i++) server.push((await timeServer(url)).inServer);
  const direct = await on(async (conn) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await statement.execute(conn);
      times.push(performance.now() - started);
    }
    return times;
  });
  return { server, direct };
}

const rows: string[][] = [];
await withDirect(t.database, target.id, async (on) => {
  // All cases WARM_UP times round before any is timed, so that the first does not pay for it.
  for (let i = 0; i < WARM_UP; i++) {
    for (const c of cases) {
      await round(
        on,
        `/api/cl/partner?${new URLSearchParams(c.query).toString()}`,
        engineSql(c.query),
      );
    }
  }
  for (const c of cases) {
    const url = `/api/cl/partner?${new URLSearchParams(c.query).toString()}`;
    const statement = engineSql(c.query);
    const clientTimes: number[] = [];
    const own: number[] = [];
    const direct: number[] = [];
    const warm: number[] = [];
    const scoped: number[] = [];
    // The server answers the rows the statement reads (one more tells that a next page exists).
    const answered = JSON.parse((await client.get(url)).body) as { items: unknown[] };
    const read = (await timeDirect(on, statement, false)).rows;
    if (answered.items.length !== Math.min(read, Number(c.query.count ?? 300)))
      throw new Error(
        `${c.name}: the server answered ${answered.items.length} rows, the SQL read ${read}`,
      );
    // Interleaved, so a change in the machine's load touches all kinds alike.
    for (let i = 0; i < runs; i++) {
      const r = await round(on, url, statement);
      for (const s of r.servers) {
        clientTimes.push(s.elapsed);
        own.push(s.inServer);
      }
      direct.push(r.direct);
      warm.push(r.warm);
      scoped.push(r.scoped);
    }
    const steady = await backToBack(on, url, statement);
    rows.push([
      c.name,
      median(clientTimes).toFixed(2),
      percentile(clientTimes, 95).toFixed(2),
      median(own).toFixed(2),
      median(direct).toFixed(2),
      median(warm).toFixed(2),
      median(scoped).toFixed(2),
      (median(clientTimes) / median(direct)).toFixed(2),
      (median(own) / median(direct)).toFixed(2),
      (median(own) / median(warm)).toFixed(2),
      median(steady.server).toFixed(2),
      median(steady.direct).toFixed(2),
      (median(steady.server) / median(steady.direct)).toFixed(2),
    ]);
  }
});

console.log(`\n${machine()}`);
console.log(
  `database: ${t.database.kind}; ${rowCount.toLocaleString('en')} partners over ${orgCount} organisations (loaded in ${loadSeconds.toFixed(1)} s); ${runs} runs each\n`,
);
await client.close();
console.log(
  markdownTable(
    [
      'list call',
      'client p50 ms',
      'client p95 ms',
      'in server p50 ms',
      'direct SQL p50 ms',
      'direct SQL, warm p50 ms',
      'scoped SQL p50 ms',
      'client / direct',
      'in server / direct',
      'in server / direct warm',
      'in server, back to back p50 ms',
      'direct, back to back p50 ms',
      'back to back: in server / direct',
    ],
    rows,
  ),
);
await t.close();
