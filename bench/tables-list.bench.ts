/**
 * Listing 300 rows of the partner table holding 1,000,000 rows over 10 organisations: first
 * page, a deep cursor page, another sort, and a search — through the whole server
 * (app.inject: route, auth, tenant scope, engine, JSON) beside the same SQL run directly.
 *
 *   npx tsx bench/tables-list.bench.ts                      # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/tables-list.bench.ts   # PostgreSQL (a new database)
 *   options: --rows 1000000 --orgs 10 --runs 30
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import {
  createTestApp,
  createOrganization,
  createUser,
  login,
} from '../apps/server/test/factories';
import { machine, markdownTable, median, percentile } from './support/stats';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    orgs: { type: 'string', default: '10' },
    runs: { type: 'string', default: '30' },
  },
});
const rowCount = Number(args.rows);
const orgCount = Number(args.orgs);
const runs = Number(args.runs);

const t = await createTestApp();
const db = t.database.db;
const user = await createUser(t);
const orgs = [];
for (let i = 0; i < orgCount; i++)
  orgs.push(await createOrganization(t, { [user.id]: ['orgadmin'] }, `Bench ${i}`));
const target = orgs[0];
if (!target) throw new Error('no organisation');

const loadStarted = performance.now();
const perOrg = Math.ceil(rowCount / orgCount);
for (const org of orgs) {
  for (let start = 1; start <= perOrg; start += 100_000) {
    const end = Math.min(perOrg, start + 99_999);
    await sql`
      insert into partner (organization_id, key, code, name, town, country_code, search_text,
                           code_sort, name_sort, town_sort, country_code_sort)
      select ${org.id}::bigint, gen_random_uuid(), 'P' || lpad(g::text, 7, '0'),
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
await sql`analyze partner`.execute(db);
const loadSeconds = (performance.now() - loadStarted) / 1000;

const headers = {
  authorization: (await login(t, user.username)).apikey,
  'organization-id': target.key,
};

async function timeCall(url: string) {
  const samples: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    const res = await t.app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (i >= 3) samples.push(performance.now() - started); // the first three warm up
  }
  return samples;
}

async function timeSql(query: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    await query();
    if (i >= 3) samples.push(performance.now() - started);
  }
  return samples;
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

const cases: { name: string; url: string; direct: () => Promise<unknown> }[] = [
  {
    name: 'first page (name asc)',
    url: '/api/cl/partner',
    direct: () =>
      sql`select id, key, version, code, name, vat_id, town, country_code, is_active from partner where organization_id = ${target.id} order by name_sort, id limit 301`.execute(
        db,
      ),
  },
  {
    name: `deep cursor page (row ${deepOffset.toLocaleString('en')})`,
    url: `/api/cl/partner?cursor=${deepCursor}`,
    direct: () =>
      sql`select id, key, version, code, name, vat_id, town, country_code, is_active from partner where organization_id = ${target.id} and (name_sort, id) > (${deepRow.name_sort}, ${deepRow.id}) order by name_sort, id limit 301`.execute(
        db,
      ),
  },
  {
    name: 'sorted by code desc',
    url: '/api/cl/partner?sort=code%20desc',
    direct: () =>
      sql`select id, key, version, code, name, vat_id, town, country_code, is_active from partner where organization_id = ${target.id} order by code_sort desc, id desc limit 301`.execute(
        db,
      ),
  },
  {
    name: 'search "4242"',
    url: '/api/cl/partner?search=4242',
    direct: () =>
      sql`select id, key, version, code, name, vat_id, town, country_code, is_active from partner where organization_id = ${target.id} and search_text like ${'%4242%'} order by name_sort, id limit 301`.execute(
        db,
      ),
  },
  {
    name: 'search "partner 4242"',
    url: '/api/cl/partner?search=partner%204242',
    direct: () =>
      sql`select id, key, version, code, name, vat_id, town, country_code, is_active from partner where organization_id = ${target.id} and search_text like ${'%partner 4242%'} order by name_sort, id limit 301`.execute(
        db,
      ),
  },
];

const rows: string[][] = [];
for (const c of cases) {
  const server = await timeCall(c.url);
  const direct = await timeSql(c.direct);
  const ratio = median(server) / median(direct);
  rows.push([
    c.name,
    median(server).toFixed(1),
    percentile(server, 95).toFixed(1),
    median(direct).toFixed(1),
    ratio.toFixed(2),
  ]);
}

console.log(`\n${machine()}`);
console.log(
  `database: ${t.database.kind}; ${rowCount.toLocaleString('en')} partners over ${orgCount} organisations (loaded in ${loadSeconds.toFixed(1)} s); ${runs} runs each\n`,
);
console.log(
  markdownTable(
    [
      'list call (300 rows)',
      'server p50 ms',
      'server p95 ms',
      'direct SQL p50 ms',
      'server / direct',
    ],
    rows,
  ),
);
await t.close();
