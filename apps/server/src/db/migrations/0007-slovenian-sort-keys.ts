import { sql, type Kysely } from 'kysely';
import { slovenianSortKey } from '../../lib/collation';

/**
 * Text sort keys in Slovenian alphabetical order (ADR 0007). Every text sort key of a table
 * gets an engine-written `<column>_sort` column holding slovenianSortKey of the value,
 * compared bytewise (collation "C" on any server default), which lists and keyset cursors
 * order by. The tables and columns are named here (not taken from the entity definitions,
 * which may change after this migration has landed). Existing rows — the code lists of
 * migration 0003 among them — are backfilled in TypeScript, since the key is not SQL.
 */

interface SortedTable {
  table: string;
  /** Tenant tables: (organization_id, id) is the primary key. */
  isTenant: boolean;
  columns: string[];
}

const SORTED_TABLES: SortedTable[] = [
  { table: 'organization', isTenant: false, columns: ['name'] },
  { table: 'organization_bank_account', isTenant: true, columns: ['code'] },
  {
    table: 'partner',
    isTenant: true,
    columns: ['code', 'name', 'vat_id', 'town', 'country_code'],
  },
  { table: 'partner_bank_account', isTenant: true, columns: ['code'] },
  { table: 'country', isTenant: false, columns: ['code', 'name_en', 'name_sl'] },
  { table: 'currency', isTenant: false, columns: ['code', 'name_en', 'name_sl'] },
  { table: 'bank', isTenant: false, columns: ['code', 'bic', 'name'] },
  { table: 'payment_type', isTenant: false, columns: ['code', 'name_en', 'name_sl'] },
  { table: 'payment_purpose', isTenant: false, columns: ['code', 'name_en', 'name_sl'] },
  { table: 'reference_model', isTenant: false, columns: ['code', 'name_en', 'name_sl'] },
  { table: 'vat_rate', isTenant: true, columns: ['code', 'name_en', 'name_sl'] },
  { table: 'document_type', isTenant: true, columns: ['code', 'name_en', 'name_sl'] },
  { table: 'cost_center', isTenant: true, columns: ['code', 'name'] },
];

/** Rows read and rewritten per statement while backfilling. */
const BACKFILL_PAGE = 5000;

const sortColumn = (column: string) => `${column}_sort`;

async function addColumns(db: Kysely<unknown>, { table, columns }: SortedTable) {
  const additions = columns.map(
    (c) => sql`add column ${sql.ref(sortColumn(c))} text collate "C" not null default ''`,
  );
  await sql`alter table ${sql.table(table)} ${sql.join(additions)}`.execute(db);
}

type SourceRow = Record<string, string | null>;

/** Reads the table a page at a time along its primary key and writes each row's sort keys. */
async function backfill(db: Kysely<unknown>, { table, isTenant, columns }: SortedTable) {
  const keys = isTenant ? ['organization_id', 'id'] : ['id'];
  const keyList = sql.join(keys.map((k) => sql.ref(k)));
  let after: SourceRow | undefined;
  for (;;) {
    const from: SourceRow | undefined = after;
    const page = await sql<SourceRow>`
      select ${keyList}, ${sql.join(columns.map((c) => sql.ref(c)))}
      from ${sql.table(table)}
      ${from ? sql`where (${keyList}) > (${sql.join(keys.map((k) => from[k]))})` : sql``}
      order by ${keyList}
      limit ${BACKFILL_PAGE}
    `.execute(db);
    if (page.rows.length === 0) return;
    const values = page.rows.map((row) => ({
      ...Object.fromEntries(keys.map((k) => [k, row[k]])),
      ...Object.fromEntries(columns.map((c) => [sortColumn(c), slovenianSortKey(row[c] ?? '')])),
    }));
    const types = [
      ...keys.map((k) => sql`${sql.ref(k)} bigint`),
      ...columns.map((c) => sql`${sql.ref(sortColumn(c))} text`),
    ];
    await sql`
      update ${sql.table(table)} as t
      set ${sql.join(columns.map((c) => sql`${sql.ref(sortColumn(c))} = v.${sql.ref(sortColumn(c))}`))}
      from json_to_recordset(${JSON.stringify(values)}::json) as v (${sql.join(types)})
      where ${sql.join(
        keys.map((k) => sql`t.${sql.ref(k)} = v.${sql.ref(k)}`),
        sql` and `,
      )}
    `.execute(db);
    after = page.rows[page.rows.length - 1];
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const sorted of SORTED_TABLES) {
    await addColumns(db, sorted);
    await backfill(db, sorted);
  }
  await sql`
    drop index partner_name_idx;
    create index partner_name_sort_idx on partner (organization_id, name_sort, id);
    create index partner_code_sort_idx on partner (organization_id, code_sort, id);
    grant update (name_sort) on organization to listina_tenant;
  `.execute(db);
}
