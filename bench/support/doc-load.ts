import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../apps/server/src/db/create-db';

const DESCRIPTIONS = [
  'Čiščenje prostorov',
  'Pisarniški material',
  'Vzdrževanje vozil',
  'Najemnina',
  'Storitve IT',
];
/** One status per g % 10: 60 % archived, 20 % active, 10 % draft, 10 % rejected. */
const STATUSES = [
  'draft',
  'active',
  'archived',
  'archived',
  'archived',
  'archived',
  'active',
  'archived',
  'rejected',
  'archived',
];
/** The words of the documents' file text: ~60 a document, ~20,000 distinct per organisation. */
const FILE_WORDS = [
  'racun',
  'dobavnica',
  'storitev',
  'material',
  'najem',
  'vozilo',
  'servis',
  'pogodba',
  'placilo',
  'rok',
  'znesek',
  'ddv',
  'osnova',
  'popust',
  'postavka',
  'kolicina',
  'cena',
  'skupaj',
  'opomba',
  'izvajalec',
];

/**
 * Documents number `from`..`to` of an organisation (R-0000001 …), generated in one statement
 * as the documents module writes them: search text, number sort key, and the search vector
 * (number and its compound as one word, amounts, folded description, ~60 words of file text,
 * each word tagged with the organisation, migration 0018).
 */
export async function insertDocuments(
  db: Db,
  organizationId: string,
  from: number,
  to: number,
  settle?: Settled,
) {
  const settled = settle ? sql`, customer_key, payment_state, capture_state, captured_at` : sql``;
  const settledValues = settle ? settledColumns(organizationId, settle) : sql``;
  const folded = DESCRIPTIONS.map((d) => d.normalize('NFD').replace(/\p{M}/gu, ''));
  await sql`
    insert into doc (organization_id, key, number, issue_date, due_date, received_date,
                     net_amount, vat_amount, total_amount, description, status, search_text,
                     number_sort, search_vector${settled})
    select ${organizationId}::bigint, gen_random_uuid(), 'R-' || n, date '2020-01-01' + (g % 2000),
           date '2020-01-31' + (g % 2000), date '2020-01-03' + (g % 2000),
           net, net * 0.22, net * 1.22, (${sql.val(DESCRIPTIONS)}::text[])[1 + g % 5] || ' ' || g,
           (${sql.val(STATUSES)}::text[])[1 + g % 10],
           lower('r-' || n || ' ' || net || ' ' || (${sql.val(folded)}::text[])[1 + g % 5] || ' ' || g),
           'r-' || n,
           listina_fts_vector(
             setweight(to_tsvector('simple', 'r-' || n || ' r ' || n || ' r' || n), 'A') ||
             setweight(to_tsvector('simple', net::text || ' ' || round(net * 1.22, 2)::text || ' ' ||
               lower((${sql.val(folded)}::text[])[1 + g % 5]) || ' ' || g), 'B') ||
             setweight(to_tsvector('simple', (
               select string_agg((${sql.val(FILE_WORDS)}::text[])[1 + (g * 7 + w * 13) % 20]
                      || (g * w) % 997, ' ')
               from generate_series(1, 60) w)), 'C'),
             ${organizationId}::bigint)${settledValues}
    from (select g, lpad(g::text, 7, '0') as n, ((g % 5000) + 0.5)::numeric(18, 2) as net
          from generate_series(${from}::int, ${to}::int) g) s
  `.execute(db);
}

/**
 * Books settled as the document is written (the reports' benches): each document has one of
 * `suppliers` suppliers (a skewed share: a few large ones; keys from `supplierKey`), is paid
 * when it fell due over 90 days before `today` but for a share `open` left unpaid, else
 * unpaid or (a third) ordered; three in five were captured the day after they were received.
 * Drafts and rejected documents are unpaid.
 */
export interface Settled {
  today: string;
  open: number;
  suppliers: number;
}

/** The key of an organisation's generated supplier n (1…): the same in every run. */
export function supplierKey(organizationId: string, n: RawBuilder<unknown>) {
  return sql`md5(${organizationId}::text || ':P' || ${n})::uuid`;
}

function settledColumns(organizationId: string, { today, open, suppliers }: Settled) {
  const hash = (salt: string) => sql`hashtext(${organizationId}::text || ':' || g || ${salt})`;
  const status = sql`(${sql.val(STATUSES)}::text[])[1 + g % 10]`;
  const due = sql`(date '2020-01-31' + (g % 2000))`;
  const received = sql`(date '2020-01-03' + (g % 2000))`;
  const rank = sql<unknown>`(1 + floor(${suppliers} * power((${hash('s')} & 65535) / 65536.0, 2))::int)::text`;
  return sql`,
           ${supplierKey(organizationId, rank)},
           case when ${status} not in ('active', 'archived') then 'unpaid'
                when ${due} < ${today}::date - 90
                  and (${hash('p')} & 1023) >= ${Math.round(open * 1024)} then 'paid'
                when ${hash('p')} % 3 = 0 then 'ordered'
                else 'unpaid' end,
           case when (${hash('c')} & 7) < 5 then 'done' else 'none' end,
           case when (${hash('c')} & 7) < 5
             then ${received} + time '10:00' + interval '1 day' end`;
}

/** The document table's secondary indexes are kept aside (bench_doc_index) while loading. */
export async function dropIndexes(conn: Db) {
  await sql`create table if not exists bench_doc_index (name text primary key, def text not null)`.execute(
    conn,
  );
  await sql`
    insert into bench_doc_index (name, def)
    select c.relname, pg_get_indexdef(i.indexrelid)
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'doc'::regclass
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    on conflict do nothing
  `.execute(conn);
  const kept = await sql<{ name: string }>`select name from bench_doc_index`.execute(conn);
  for (const { name } of kept.rows) await sql`drop index if exists ${sql.id(name)}`.execute(conn);
}

export async function buildIndexes(conn: Db, log: (text: string) => void) {
  const exists = await sql<{
    t: string | null;
  }>`select to_regclass('bench_doc_index')::text as t`.execute(conn);
  if (!exists.rows[0]?.t) return;
  const kept = await sql<{
    name: string;
    def: string;
  }>`select name, def from bench_doc_index`.execute(conn);
  for (const { name, def } of kept.rows) {
    const started = performance.now();
    await sql
      .raw(def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '))
      .execute(conn);
    await sql`delete from bench_doc_index where name = ${name}`.execute(conn);
    log(`index ${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await sql`drop table bench_doc_index`.execute(conn);
}
