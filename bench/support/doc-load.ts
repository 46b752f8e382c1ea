import { sql } from 'kysely';
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
export async function insertDocuments(db: Db, organizationId: string, from: number, to: number) {
  const folded = DESCRIPTIONS.map((d) => d.normalize('NFD').replace(/\p{M}/gu, ''));
  await sql`
    insert into doc (organization_id, key, number, issue_date, due_date, received_date,
                     net_amount, vat_amount, total_amount, description, status, search_text,
                     number_sort, search_vector)
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
             ${organizationId}::bigint)
    from (select g, lpad(g::text, 7, '0') as n, ((g % 5000) + 0.5)::numeric(18, 2) as net
          from generate_series(${from}::int, ${to}::int) g) s
  `.execute(db);
}
