import { sql, type Kysely } from 'kysely';
import { uuidv7 } from '../../lib/ids';
import { searchNormalise } from '../../lib/search-normalise';
import {
  BANKS,
  COUNTRIES,
  CURRENCIES,
  DEFAULT_DOCUMENT_TYPES,
  DEFAULT_VAT_RATES,
  PAYMENT_PURPOSES,
  PAYMENT_TYPES,
  REFERENCE_MODELS,
} from '../reference-data';

/**
 * The code lists of issue 3. Global reference data (country, currency, bank, payment type,
 * payment purpose, reference model) is shared by every organisation, readable by every
 * member and written only by sysadmins (the engine checks that), so it has no
 * organization_id and no row-level security. Per-organisation lists (VAT rate, document
 * type, cost centre) are tenant tables with the usual key, policy and grants.
 *
 * The rows are written here from db/reference-data with an explicit column mapping (not
 * through the entity definitions, which may change after this migration has landed), with
 * search_text as the engine writes it: the searched fields joined by spaces, lower-cased,
 * accents removed. Organisations that already exist get the default VAT rates and document
 * types that organisations created from now on get from seedOrganizationDefaults.
 */

type Value = string | number | boolean | null;
type Row = Record<string, Value>;

/** As the engine's searchTextOf: the searched values joined by spaces, normalised. */
const searchText = (values: (string | null)[]) =>
  searchNormalise(values.filter((v) => v !== null).join(' '));

function rowsOf<T>(
  data: readonly T[],
  columns: (item: T) => Row,
  search: (item: T) => (string | null)[],
  extra: Row = {},
): Row[] {
  return data.map((item) => ({
    ...extra,
    key: uuidv7(),
    ...columns(item),
    search_text: searchText(search(item)),
  }));
}

/** One statement per table: the rows travel as one JSON parameter, typed by the table's row type. */
async function insertRows(db: Kysely<unknown>, table: string, rows: readonly Row[]) {
  const first = rows[0];
  if (!first) return;
  const columns = sql.join(Object.keys(first).map((n) => sql.ref(n)));
  await sql`
    insert into ${sql.table(table)} (${columns})
    select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)
  `.execute(db);
}

const ENGINE_COLUMNS = sql`
  search_text text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table country (
      id bigint generated always as identity primary key,
      key uuid not null unique,
      code text not null unique,
      name_en text not null,
      name_sl text not null,
      is_sepa boolean not null default false,
      ${ENGINE_COLUMNS}
    );
    create table currency (
      id bigint generated always as identity primary key,
      key uuid not null unique,
      code text not null unique,
      name_en text not null,
      name_sl text not null,
      numeric_code text,
      minor_units integer,
      is_active boolean not null default true,
      ${ENGINE_COLUMNS}
    );
    create table bank (
      id bigint generated always as identity primary key,
      key uuid not null unique,
      code text not null unique,
      bic text not null,
      name text not null,
      is_active boolean not null default true,
      ${ENGINE_COLUMNS}
    );
    create index bank_bic_idx on bank (bic);
    create table payment_type (
      id bigint generated always as identity primary key,
      key uuid not null unique,
      code text not null unique,
      name_en text not null,
      name_sl text not null,
      charge_bearer text not null,
      reference_type text not null,
      ${ENGINE_COLUMNS}
    );
    create table payment_purpose (
      id bigint generated always as identity primary key,
      key uuid not null unique,
      code text not null unique,
      name_en text not null,
      name_sl text not null,
      is_active boolean not null default true,
      ${ENGINE_COLUMNS}
    );
    create table reference_model (
      id bigint generated always as identity primary key,
      key uuid not null unique,
      code text not null unique,
      reference_type text not null,
      structure text,
      name_en text not null,
      name_sl text not null,
      is_active boolean not null default true,
      ${ENGINE_COLUMNS}
    );

    create table vat_rate (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      code text not null,
      name_en text not null,
      name_sl text not null,
      rate numeric(5, 2) not null,
      category text not null,
      valid_from date not null,
      valid_to date,
      is_active boolean not null default true,
      ${ENGINE_COLUMNS},
      primary key (organization_id, id),
      unique (organization_id, key),
      unique (organization_id, code)
    );
    create table document_type (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      code text not null,
      name_en text not null,
      name_sl text not null,
      einvoice_type_code text,
      is_active boolean not null default true,
      ${ENGINE_COLUMNS},
      primary key (organization_id, id),
      unique (organization_id, key),
      unique (organization_id, code)
    );
    create table cost_center (
      organization_id bigint not null references organization (id) on delete cascade,
      id bigint generated always as identity,
      key uuid not null,
      code text not null,
      name text not null,
      is_active boolean not null default true,
      ${ENGINE_COLUMNS},
      primary key (organization_id, id),
      unique (organization_id, key),
      unique (organization_id, code)
    );
  `.execute(db);

  await sql`
    grant select, insert, update, delete
      on country, currency, bank, payment_type, payment_purpose, reference_model,
         vat_rate, document_type, cost_center
      to listina_tenant;
    grant usage on all sequences in schema public to listina_tenant;

    alter table vat_rate enable row level security;
    create policy tenant_only on vat_rate
      using (organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint);
    alter table document_type enable row level security;
    create policy tenant_only on document_type
      using (organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint);
    alter table cost_center enable row level security;
    create policy tenant_only on cost_center
      using (organization_id = nullif(current_setting('listina.organization_id', true), '')::bigint);
  `.execute(db);

  await insertRows(
    db,
    'country',
    rowsOf(
      COUNTRIES,
      (c) => ({ code: c.code, name_en: c.name, name_sl: c.nameSl, is_sepa: c.isSepa }),
      (c) => [c.code, c.name, c.nameSl],
    ),
  );
  await insertRows(
    db,
    'currency',
    rowsOf(
      CURRENCIES,
      (c) => ({
        code: c.code,
        name_en: c.name,
        name_sl: c.nameSl,
        numeric_code: c.numericCode,
        minor_units: c.minorUnits,
        is_active: c.isActive,
      }),
      (c) => [c.code, c.name, c.nameSl, c.numericCode],
    ),
  );
  await insertRows(
    db,
    'bank',
    rowsOf(
      BANKS,
      (b) => ({ code: b.code, bic: b.bic, name: b.name, is_active: true }),
      (b) => [b.code, b.bic, b.name],
    ),
  );
  await insertRows(
    db,
    'payment_type',
    rowsOf(
      PAYMENT_TYPES,
      (p) => ({
        code: p.code,
        name_en: p.name,
        name_sl: p.nameSl,
        charge_bearer: p.chargeBearer,
        reference_type: p.referenceType,
      }),
      (p) => [p.code, p.name, p.nameSl],
    ),
  );
  await insertRows(
    db,
    'payment_purpose',
    rowsOf(
      PAYMENT_PURPOSES,
      (p) => ({ code: p.code, name_en: p.name, name_sl: p.nameSl, is_active: p.isActive }),
      (p) => [p.code, p.name, p.nameSl],
    ),
  );
  await insertRows(
    db,
    'reference_model',
    rowsOf(
      REFERENCE_MODELS,
      (m) => ({
        code: m.code,
        reference_type: m.referenceType,
        structure: m.structure,
        name_en: m.name,
        name_sl: m.nameSl,
        is_active: m.isActive,
      }),
      (m) => [m.code, m.name, m.nameSl],
    ),
  );

  const organizations = await sql<{ id: string }>`select id from organization order by id`.execute(
    db,
  );
  for (const { id } of organizations.rows) {
    await insertRows(
      db,
      'vat_rate',
      rowsOf(
        DEFAULT_VAT_RATES,
        (v) => ({
          code: v.code,
          name_en: v.name,
          name_sl: v.nameSl,
          rate: v.rate,
          category: v.category,
          valid_from: v.validFrom,
          valid_to: v.validTo,
          is_active: v.isActive,
        }),
        (v) => [v.code, v.name, v.nameSl],
        { organization_id: id },
      ),
    );
    await insertRows(
      db,
      'document_type',
      rowsOf(
        DEFAULT_DOCUMENT_TYPES,
        (d) => ({
          code: d.code,
          name_en: d.name,
          name_sl: d.nameSl,
          einvoice_type_code: d.einvoiceTypeCode,
          is_active: d.isActive,
        }),
        (d) => [d.code, d.name, d.nameSl, d.einvoiceTypeCode],
        { organization_id: id },
      ),
    );
  }
}
