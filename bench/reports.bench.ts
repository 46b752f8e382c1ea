/**
 * Reports at scale (issue 27): every report of one organisation holding 1,000,000 documents
 * (or --docs), through the whole server over HTTP (client on its own
 * thread, the server's own time beside), 30 calls each after 5 rounds of warm-up.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres nice npx tsx bench/reports.bench.ts
 *   options: --docs 1000000 --suppliers 2000 --open 0.03 --runs 30 --keep reports1m
 *
 * The documents are those of the other document benches (bench/support/doc-load.ts: six years
 * of invoices, 60 % archived, 20 % active, 10 % drafts, 10 % rejected), each given one of
 * `--suppliers` suppliers, and settled as books are: everything fell due before the last
 * three months is paid except a share `--open` of it, and what falls due after is unpaid,
 * some of it ordered. The database is kept (`--keep`): a second run measures at once.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createTestApp, createUser, login } from '../apps/server/test/factories';
import { uuidv7 } from '../apps/server/src/lib/ids';
import { newConnectCode } from '../apps/server/src/modules/organizations/organizations.service';
import { openBenchDatabase } from './support/bench-db';
import { buildIndexes, dropIndexes, insertDocuments, supplierKey } from './support/doc-load';
import { serveForBench } from './support/served';
import { machine, markdownTable, median, percentile } from './support/stats';
import { rankedOrganizations, zipfSizes } from './support/tenants';

const { values: args } = parseArgs({
  options: {
    docs: { type: 'string', default: '1000000' },
    suppliers: { type: 'string', default: '2000' },
    open: { type: 'string', default: '0.03' },
    runs: { type: 'string', default: '30' },
    chunk: { type: 'string', default: '250000' },
    keep: { type: 'string', default: 'reports1m' },
    others: { type: 'string', default: '0' },
    'other-orgs': { type: 'string', default: '999' },
    across: { type: 'string', default: '50' },
  },
});
const docCount = Number(args.docs);
const supplierCount = Number(args.suppliers);
const openShare = Number(args.open);
const runs = Number(args.runs);
const chunk = Number(args.chunk);
const otherDocs = Number(args.others);
const otherSizes = otherDocs > 0 ? zipfSizes(otherDocs, Number(args['other-orgs'])) : [];
const acrossCount = Math.min(Number(args.across), 1 + otherSizes.length);
const WARM_UP = 5;
/** The generated documents fall due from 2020-01-31 to 2025-07-23: the reports' "today". */
const TODAY = '2025-06-30';

const t = await createTestApp({}, { openDatabase: () => openBenchDatabase(args.keep) });
const db = t.database.db;
const log = (text: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${text}`);

async function organization(): Promise<{ id: string; key: string }> {
  const found = await db
    .selectFrom('organization')
    .select(['id', 'key'])
    .where('name_nick', '=', 'Reports')
    .executeTakeFirst();
  if (found) return found;
  return db
    .insertInto('organization')
    .values({
      key: uuidv7(),
      name: 'Reports d.o.o.',
      name_nick: 'Reports',
      connect_code: newConnectCode(),
    })
    .returning(['id', 'key'])
    .executeTakeFirstOrThrow();
}

/**
 * Loads the documents and settles them, with the document table's secondary indexes set aside
 * meanwhile (an update of every row through 14 indexes, the search vectors' GIN among them,
 * took over 13 minutes; without them, seconds); the seconds spent (0 when all was there).
 */
async function load(organizationId: string): Promise<number> {
  const have = await sql<{ n: string; settled: string; captured: string }>`
    select count(*) as n, count(customer_key) as settled,
      count(*) filter (where capture_state = 'done') as captured
    from doc where organization_id = ${organizationId}
  `.execute(db);
  const loaded = Number(have.rows[0]?.n ?? 0) === docCount;
  const settled = Number(have.rows[0]?.settled ?? 0) > 0;
  const captured = Number(have.rows[0]?.captured ?? 0) > 0;
  const pending = await sql<{ t: string | null }>`
    select to_regclass('bench_doc_index')::text as t
  `.execute(db);
  if (loaded && settled && captured && !pending.rows[0]?.t) return 0;
  const started = performance.now();
  await db.connection().execute(async (conn) => {
    await sql`set synchronous_commit = off`.execute(conn);
    await sql`set maintenance_work_mem = '1GB'`.execute(conn);
    await dropIndexes(conn);
    if (!loaded) {
      await sql`delete from doc where organization_id = ${organizationId}`.execute(conn);
      await sql`delete from partner where organization_id = ${organizationId}`.execute(conn);
      await sql`
        insert into partner (organization_id, key, code, name, search_text)
        select ${organizationId}::bigint, gen_random_uuid(), 'P' || s,
          'Dobavitelj ' || s || ' d.o.o.', 'dobavitelj ' || s
        from generate_series(1, ${supplierCount}::int) s
      `.execute(conn);
      for (let from = 1; from <= docCount; from += chunk) {
        const to = Math.min(docCount, from + chunk - 1);
        await insertDocuments(conn, organizationId, from, to);
        log(`${to.toLocaleString('en')} of ${docCount.toLocaleString('en')} documents`);
      }
    }
    if (!loaded || !settled) {
      // Suppliers by a skewed share (a few large ones), and the books settled: paid when due
      // before the last three months, but for a share left open; what falls due later is
      // unpaid, a third of it ordered.
      await sql`
        with p as (
          select key, row_number() over (order by id) as n from partner
          where organization_id = ${organizationId}
        )
        update doc d set
          customer_key = p.key,
          payment_state = case
            when d.status not in ('active', 'archived') then 'unpaid'
            when d.due_date < ${TODAY}::date - 90
              and (hashtext(d.key::text) & 1023) >= ${Math.round(openShare * 1024)} then 'paid'
            when hashtext(d.key::text) % 3 = 0 then 'ordered'
            else 'unpaid' end
        from p
        where d.organization_id = ${organizationId}
          and p.n = 1 + floor(
            ${supplierCount} * power((hashtext(d.key::text || 's') & 65535) / 65536.0, 2))::int
      `.execute(conn);
      log('settled');
    }
    if (!loaded || !settled || !captured) {
      // Three documents in five were captured, the day after they were received.
      await sql`
        update doc d set capture_state = 'done',
          captured_at = coalesce(d.received_date, d.issue_date) + time '10:00' + interval '1 day'
        where d.organization_id = ${organizationId} and (hashtext(d.key::text || 'c') & 7) < 5
      `.execute(conn);
      log('captured');
    }
    await sql`vacuum full doc`.execute(conn);
    await buildIndexes(conn, log);
    log('vacuum analyze');
    await sql`vacuum analyze doc`.execute(conn);
    await sql`vacuum analyze partner`.execute(conn);
  });
  return (performance.now() - started) / 1000;
}

/**
 * Each paid document's order, paid 0–20 days after it fell due (so aging of a past day finds
 * what was paid since), and a draft order of each ordered one; made once.
 */
async function orders(organizationId: string): Promise<number> {
  const have = await sql<{ n: string }>`
    select count(*) as n from pay_order_doc where organization_id = ${organizationId}
  `.execute(db);
  if (Number(have.rows[0]?.n ?? 0) > 0) return 0;
  const started = performance.now();
  await db.connection().execute(async (conn) => {
    await sql`set synchronous_commit = off`.execute(conn);
    // The documents' payment states are set already (load): the triggers that derive them from
    // the orders would only rewrite a million rows through every index again.
    await sql`set session_replication_role = replica`.execute(conn);
    await sql`delete from pay_order where organization_id = ${organizationId}`.execute(conn);
    await sql`
      insert into pay_order (organization_id, key, amount, execution_date, state, paid_at,
                             document_key)
      select d.organization_id, gen_random_uuid(), coalesce(d.amount_due, d.total_amount, 0),
        coalesce(d.due_date, d.issue_date, date '2020-01-01'),
        case when d.payment_state = 'paid' then 'paid' else 'draft' end,
        case when d.payment_state = 'paid'
          then coalesce(d.due_date, d.issue_date) + (hashtext(d.key::text) & 15) end,
        d.key
      from doc d
      where d.organization_id = ${organizationId} and d.payment_state in ('paid', 'ordered')
    `.execute(conn);
    await sql`
      insert into pay_order_doc (organization_id, pay_order_id, doc_id)
      select o.organization_id, o.id, d.id from pay_order o
      join doc d on d.organization_id = o.organization_id and d.key = o.document_key
      where o.organization_id = ${organizationId}
    `.execute(conn);
    await sql`set session_replication_role = origin`.execute(conn);
    await sql`vacuum analyze pay_order`.execute(conn);
    await sql`vacuum analyze pay_order_doc`.execute(conn);
  });
  return (performance.now() - started) / 1000;
}

/**
 * What the reports of a period read besides documents and orders, made once: a workflow
 * decision on each activated document by one of five approvers (one in twenty rejected, one in
 * twenty forwarded; 0 to 3 days in the step), and the outcome of eight captured values on each
 * captured document (one in twenty corrected), from the four sources.
 */
async function activity(organizationId: string): Promise<number> {
  const have = await sql<{ n: string }>`
    select count(*) as n from workflow_log where organization_id = ${organizationId}
  `.execute(db);
  if (Number(have.rows[0]?.n ?? 0) > 0) return 0;
  const started = performance.now();
  const approvers = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t)));
  await db.connection().execute(async (conn) => {
    await sql`set synchronous_commit = off`.execute(conn);
    await sql`set session_replication_role = replica`.execute(conn);
    await sql`delete from workflow where organization_id = ${organizationId} and code = 'BENCH'`.execute(
      conn,
    );
    const workflow = await sql<{ id: string }>`
      insert into workflow (organization_id, key, code, name)
      values (${organizationId}, gen_random_uuid(), 'BENCH', 'Bench approval') returning id
    `.execute(conn);
    const step = await sql<{ id: string }>`
      insert into workflow_step (organization_id, key, workflow_id, system_tile_code, name)
      values (${organizationId}, gen_random_uuid(), ${workflow.rows[0]?.id}, 'approval',
        'Approval') returning id
    `.execute(conn);
    const users = approvers.map((a) => a.id);
    await sql`
      insert into workflow_log (organization_id, key, doc_id, user_id, result_code, from_step_id,
        from_tile, seconds_in_step, created_at)
      select d.organization_id, gen_random_uuid(), d.id,
        (${users}::bigint[])[1 + (hashtext(d.key::text || 'u') & 4)],
        case hashtext(d.key::text || 'r') & 31 when 0 then 'rejected' when 1 then 'forwarded'
          else 'confirmed' end,
        ${step.rows[0]?.id}::bigint, 'approval', (hashtext(d.key::text || 's') & 262143),
        coalesce(d.received_date, d.issue_date) + time '08:00'
          + make_interval(secs => hashtext(d.key::text || 's') & 262143)
      from doc d
      where d.organization_id = ${organizationId} and d.status in ('active', 'archived')
    `.execute(conn);
    log('workflow decisions');
    await sql`
      insert into capture_outcome (organization_id, doc_id, field, source, kept, captured_on)
      select d.organization_id, d.id, f.field,
        (array['einvoice', 'qr', 'text', 'ocr'])[1 + (hashtext(d.key::text || f.field) & 3)],
        (hashtext(d.key::text || f.field || 'k') & 31) > 0, (d.captured_at at time zone 'UTC')::date
      from doc d
      cross join unnest(array['invoiceNumber', 'issueDate', 'dueDate', 'netAmount',
        'vatAmount', 'totalAmount', 'iban', 'reference']) f (field)
      where d.organization_id = ${organizationId} and d.capture_state = 'done'
    `.execute(conn);
    // What the capture function and the statement triggers keep beside it (migration 0041),
    // made here at once: the triggers are off while the rows go in.
    await sql`
      insert into capture_doc (organization_id, doc_id, captured_on, partner_key, captured,
        corrected)
      select o.organization_id, o.doc_id, o.captured_on, d.customer_key, count(*),
        count(*) filter (where not o.kept)
      from capture_outcome o join doc d on d.organization_id = o.organization_id and d.id = o.doc_id
      where o.organization_id = ${organizationId}
      group by o.organization_id, o.doc_id, o.captured_on, d.customer_key
    `.execute(conn);
    await sql`
      insert into capture_stat (organization_id, day, field, source, captured, corrected)
      select organization_id, captured_on, field, source, count(*), count(*) filter (where not kept)
      from capture_outcome where organization_id = ${organizationId}
      group by 1, 2, 3, 4
    `.execute(conn);
    log('capture outcomes');
    await sql`set session_replication_role = origin`.execute(conn);
    for (const table of ['workflow_log', 'capture_outcome', 'capture_doc', 'capture_stat', 'doc'])
      await sql`vacuum analyze ${sql.table(table)}`.execute(conn);
  });
  return (performance.now() - started) / 1000;
}

/**
 * Cost lines, made once: 20 cost centres; of the activated documents, seven in ten have one
 * line of their total, two in ten two lines (60 % and 40 %, on two centres), the rest none.
 * The triggers are off while the lines go in; the documents' parts per cost centre (migration
 * 0042) are then written at once by the function the triggers call.
 */
async function costLines(organizationId: string): Promise<number> {
  const have = await sql<{ n: string }>`
    select count(*) as n from cost_center where organization_id = ${organizationId}
  `.execute(db);
  if (Number(have.rows[0]?.n ?? 0) > 0) return 0;
  const started = performance.now();
  await db.connection().execute(async (conn) => {
    await sql`set synchronous_commit = off`.execute(conn);
    await sql`
      insert into cost_center (organization_id, key, code, name)
      select ${organizationId}::bigint, gen_random_uuid(), 'C' || lpad(n::text, 2, '0'),
        'Stroškovno mesto ' || n
      from generate_series(1, 20) n
    `.execute(conn);
    await sql`set session_replication_role = replica`.execute(conn);
    await sql`
      insert into doc_cost_line (organization_id, key, doc_id, cost_center_code, account, amount)
      select d.organization_id, gen_random_uuid(), d.id,
        'C' || lpad((1 + ((hashtext(d.key::text || 'cc') & 1023) + part * 7) % 20)::text, 2, '0'),
        '4000',
        case when (hashtext(d.key::text || 'cl') & 15) < 11 then d.total_amount
          when part = 0 then round(d.total_amount * 0.6, 2)
          else d.total_amount - round(d.total_amount * 0.6, 2) end
      from doc d
      cross join generate_series(0, 1) part
      where d.organization_id = ${organizationId} and d.status in ('active', 'archived')
        and (hashtext(d.key::text || 'cl') & 15) < 14
        and (part = 0 or (hashtext(d.key::text || 'cl') & 15) >= 11)
    `.execute(conn);
    await sql`set session_replication_role = origin`.execute(conn);
    log('cost lines');
    await sql`delete from doc_spend_part where organization_id = ${organizationId}`.execute(conn);
    await sql`
      select listina_doc_spend_parts(${organizationId}::bigint,
        array(select id from doc where organization_id = ${organizationId}))
    `.execute(conn);
    log('spend parts per cost centre');
    for (const table of ['doc_cost_line', 'doc_spend_part', 'doc_spend_cost'])
      await sql`vacuum analyze ${sql.table(table)}`.execute(conn);
  });
  return (performance.now() - started) / 1000;
}

/**
 * The other organisations of the data set (`--others` documents over `--other-orgs`, Zipf
 * sizes, as bench/ten-million.bench.ts), their books settled as each document is written
 * (suppliers: one per 500 documents, 20 to 2,000); the seconds spent (0 when all was there).
 * Their orders, workflow decisions and capture outcomes are not made: a report of one
 * organisation reads only its own rows, through organisation-leading indexes.
 */
async function loadOthers(orgs: { id: string }[]): Promise<number> {
  const counts = await sql<{ organization_id: string; n: string }>`
    select organization_id, count(*) as n from doc group by organization_id
  `.execute(db);
  const have = new Map(counts.rows.map((r) => [r.organization_id, Number(r.n)]));
  const todo = orgs
    .map((o, i) => ({ org: o, size: otherSizes[i] ?? 0, have: have.get(o.id) ?? 0 }))
    .filter((o) => o.have !== o.size);
  const pending = await sql<{ t: string | null }>`
    select to_regclass('bench_doc_index')::text as t
  `.execute(db);
  if (todo.length === 0 && !pending.rows[0]?.t) return 0;
  const started = performance.now();
  await db.connection().execute(async (conn) => {
    await sql`set synchronous_commit = off`.execute(conn);
    await sql`set maintenance_work_mem = '1GB'`.execute(conn);
    await dropIndexes(conn);
    let done = 0;
    for (const { org: other, size, have: had } of todo) {
      const suppliers = Math.max(20, Math.min(2000, Math.ceil(size / 500)));
      if (had > 0) await sql`delete from doc where organization_id = ${other.id}`.execute(conn);
      await sql`delete from partner where organization_id = ${other.id}`.execute(conn);
      await sql`
        insert into partner (organization_id, key, code, name, search_text)
        select ${other.id}::bigint, ${supplierKey(other.id, sql`s::text`)}, 'P' || s,
          'Dobavitelj ' || s || ' d.o.o.', 'dobavitelj ' || s
        from generate_series(1, ${suppliers}::int) s
      `.execute(conn);
      for (let from = 1; from <= size; from += chunk) {
        const to = Math.min(size, from + chunk - 1);
        await insertDocuments(conn, other.id, from, to, {
          today: TODAY,
          open: openShare,
          suppliers,
        });
        const before = done;
        done += to - from + 1;
        if (Math.floor(done / chunk) > Math.floor(before / chunk))
          log(`${done.toLocaleString('en')} documents of the other organisations`);
      }
    }
    await buildIndexes(conn, log);
    log('vacuum analyze');
    await sql`vacuum analyze doc`.execute(conn);
    await sql`vacuum analyze partner`.execute(conn);
  });
  return (performance.now() - started) / 1000;
}

const org = await organization();
const otherOrgs = await rankedOrganizations(db, 'Other', otherSizes.length);
const loadSeconds =
  (await load(org.id)) +
  (await orders(org.id)) +
  (await activity(org.id)) +
  (await costLines(org.id)) +
  (await loadOthers(otherOrgs));
const counts = await sql<{ state: string; n: string }>`
  select case when status not in ('active', 'archived') then 'not activated'
              else payment_state end as state, count(*) as n
  from doc where organization_id = ${org.id} group by 1 order by 1
`.execute(db);

const user = await createUser(t);
// An accountant's view: the organisation and, with --others, the largest others up to --across.
await db
  .insertInto('organization_member')
  .values(
    [org, ...otherOrgs.slice(0, acrossCount - 1)].map((o) => ({
      organization_id: o.id,
      user_id: user.id,
      roles: ['orgadmin'],
    })),
  )
  .onConflict((c) => c.doNothing())
  .execute();
const apikey = (await login(t, user.username)).apikey;
const served = await serveForBench(t.app);
const client = served.client({ authorization: apikey, 'organization-id': org.key });

const calls = [
  { name: 'aging, today', url: `/api/report/aging?asOf=${TODAY}` },
  { name: 'aging, a year back', url: '/api/report/aging?asOf=2024-06-30' },
  { name: 'aging, one supplier', url: `/api/report/aging?asOf=${TODAY}&supplier=` },
  { name: 'cash needed, 12 weeks', url: `/api/report/cash?from=${TODAY}` },
  { name: 'aging, as of the real today', url: '/api/report/aging' },
  { name: 'spend, by supplier', url: '/api/report/spend?year=2025&by=supplier' },
  { name: 'spend, by document type', url: '/api/report/spend?year=2025&by=documentType' },
  { name: 'approval times, a year', url: `/api/report/approval?from=2024-07-01&to=${TODAY}` },
  { name: 'capture, a year', url: `/api/report/capture?from=2024-07-01&to=${TODAY}` },
  { name: 'payments, a year', url: `/api/report/payments?from=2024-07-01&to=${TODAY}` },
  { name: 'spend, by cost centre', url: '/api/report/spend?year=2025&by=costCenter' },
  { name: 'spend of one cost centre', url: '/api/report/spend?year=2025&costCenter=C07' },
  {
    name: 'aging, one workflow step',
    url: `/api/report/aging?asOf=${TODAY}&workflowStep=approval`,
  },
  {
    name: 'capture of one supplier',
    url: `/api/report/capture?from=2024-07-01&to=${TODAY}&supplier=`,
  },
  { name: `across ${acrossCount} organisations, aging`, url: `/api/reports/aging?asOf=${TODAY}` },
  { name: `across ${acrossCount} organisations, cash`, url: `/api/reports/cash?from=${TODAY}` },
];
const largest = await sql<{ key: string }>`
  select customer_key::text as key from doc where organization_id = ${org.id}
  group by 1 order by count(*) desc limit 1
`.execute(db);
// The calls of one supplier name the largest.
for (const c of calls) if (c.url.endsWith('supplier=')) c.url += largest.rows[0]?.key ?? '';

for (let i = 0; i < WARM_UP; i++) for (const c of calls) await client.get(c.url);
const rows: string[][] = [];
for (const c of calls) {
  const wall: number[] = [];
  const own: number[] = [];
  let lines = 0;
  for (let i = 0; i < runs; i++) {
    const res = await client.get(c.url);
    if (res.status !== 200) throw new Error(`${c.url}: ${res.status} ${res.body}`);
    wall.push(res.elapsed);
    own.push(served.lastInServer());
    // Lines of the answer: every array in it (rows, months, steps, sources, states...).
    const body = JSON.parse(res.body) as Record<string, unknown>;
    lines = Object.values(body).reduce<number>(
      (n, value) => n + (Array.isArray(value) ? value.length : 0),
      0,
    );
  }
  rows.push([
    c.name,
    String(lines),
    median(wall).toFixed(1),
    percentile(wall, 95).toFixed(1),
    median(own).toFixed(1),
  ]);
}

console.log(`\n${machine()}`);
console.log(
  `${docCount.toLocaleString('en')} documents, ${supplierCount} suppliers` +
    (otherDocs > 0
      ? `; ${otherDocs.toLocaleString('en')} more in ${otherSizes.length} other organisations (largest ${(otherSizes[0] ?? 0).toLocaleString('en')})`
      : '') +
    `; loaded in ${loadSeconds.toFixed(0)} s`,
);
console.log(counts.rows.map((r) => `${r.state}: ${Number(r.n).toLocaleString('en')}`).join(', '));
console.log(markdownTable(['call', 'lines', 'client p50', 'client p95', 'in server p50'], rows));
await t.app.close();
await t.database.close();
