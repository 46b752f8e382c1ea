import { sql, type RawBuilder } from 'kysely';
import type { Trx } from '../../db/scope';
import type { DisplayColumn } from './display-columns';
import type { ColumnDef, EntityDef } from './entity';
import { engineColumnsOf, sortColumnOf, type Row } from './model';

/**
 * Generic SQL of the table engine. Table and column names come only from entity definitions
 * (never from a request); values are always bound parameters. Every query names the owner
 * (organization_id for tenant tables) even though row-level security would also hide others.
 */

const SYSTEM_COLUMNS = ['id', 'key', 'version'];

export interface SortKey {
  /** A column, the id, or a computed value such as a search's relevance. */
  column: ColumnDef | 'id' | { expression: RawBuilder<unknown> };
  desc: boolean;
}

export interface ListFilter {
  column: ColumnDef;
  /** A named filter of the entity that is no column's value (EntityDef.namedFilters). */
  conditions?: RawBuilder<unknown>[];
  /** Rows whose column holds one of these... */
  values: unknown[];
  /** ...or lies in one of these ranges (inclusive; an undefined bound is open). */
  ranges: { from?: unknown; to?: unknown }[];
}

function filterCondition(filter: ListFilter): RawBuilder<unknown> {
  const column = sql.ref(filter.column.column);
  const any: RawBuilder<unknown>[] = [...(filter.conditions ?? [])];
  if (filter.values.length > 0) any.push(sql`${column} in (${sql.join(filter.values)})`);
  for (const { from, to } of filter.ranges) {
    const bounds = [
      ...(from === undefined ? [] : [sql`${column} >= ${from}`]),
      ...(to === undefined ? [] : [sql`${column} <= ${to}`]),
    ];
    any.push(sql`(${sql.join(bounds, sql` and `)})`);
  }
  return sql`(${sql.join(any, sql` or `)})`;
}

export interface ListOptions {
  organizationId: string | null;
  sort: SortKey[];
  /** Values of the sort keys of the last row of the previous page. */
  after: unknown[] | undefined;
  count: number;
  search: string | undefined;
  activeOnly: boolean;
  /** Rows whose column holds one of the values, for each filter. */
  filters?: ListFilter[];
  parent?: { column: string; id: string };
  /** Texts of the rows' references by id or key (display-columns.ts). */
  displays?: DisplayColumn[];
}

function ownerFilter(entity: EntityDef, organizationId: string | null): RawBuilder<unknown>[] {
  switch (entity.scope) {
    case 'tenant':
      return [sql`organization_id = ${organizationId}`];
    case 'organization':
      return [sql`id = ${organizationId}`];
    case 'global':
      return [];
  }
}

/**
 * Sort expressions never yield null, so keyset comparisons stay simple and stable. Text sorts
 * by the engine's sort column (Slovenian order, never null), which an index can serve.
 */
function sortExpression(key: SortKey): RawBuilder<unknown> {
  if (key.column === 'id') return sql.ref('id');
  if ('expression' in key.column) return key.column.expression;
  const sortColumn = sortColumnOf(key.column);
  if (sortColumn) return sql.ref(sortColumn);
  const ref = sql.ref(key.column.column);
  if (key.column.notNull) return ref;
  switch (key.column.type) {
    case 'int':
    case 'decimal':
      return sql`coalesce(${ref}, 0)`;
    case 'bool':
      return sql`coalesce(${ref}, false)`;
    case 'date':
      return sql`coalesce(${ref}, '0001-01-01'::date)`;
    case 'timestamp':
      return sql`coalesce(${ref}, '0001-01-01'::timestamptz)`;
    case 'text':
      return sql`coalesce(${ref}, '')`;
  }
}

/**
 * (a, b, id) after (va, vb, vid). With one direction throughout it is a row comparison, which
 * an index on (organization_id, a, b, id) serves; mixed directions need an OR of prefixes.
 */
function keysetCondition(sort: SortKey[], after: unknown[]): RawBuilder<unknown> {
  const descending = sort[0]?.desc ?? false;
  if (sort.every((key) => key.desc === descending)) {
    const left = sql.join(sort.map(sortExpression));
    const right = sql.join(sort.map((_, i) => after[i]));
    return descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const alternatives = sort.map((key, index) => {
    const equal = sort.slice(0, index).map((k, i) => sql`${sortExpression(k)} = ${after[i]}`);
    const beyond = key.desc
      ? sql`${sortExpression(key)} < ${after[index]}`
      : sql`${sortExpression(key)} > ${after[index]}`;
    return sql`(${sql.join([...equal, beyond], sql` and `)})`;
  });
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * The engine's columns (search text, sort keys) come with every row read to be changed: an
 * update journals their old values for undo. A list leaves them out.
 */
function selectList(
  entity: EntityDef,
  columns: ColumnDef[],
  withEngineColumns = true,
): RawBuilder<unknown> {
  const engine = withEngineColumns ? engineColumnsOf(entity) : [];
  return sql.join(
    [...SYSTEM_COLUMNS, ...engine, ...columns.map((c) => c.column)].map((c) => sql.ref(c)),
  );
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The word of a search that the trigram index looks up: the one likely to match the fewest
 * rows. A word in most rows ("partner", "d.o.o.") makes the index read long lists (18 ms at
 * 1,000,000 partners, against 1 ms for a number: bench/README.md), so numbers (codes, tax
 * numbers, IBANs, invoice numbers) go first, then longer words, whose trigrams must all
 * match. A word under three characters has no trigram to look up.
 */
function indexWord(words: string[]): string | undefined {
  let best: string | undefined;
  let bestScore = 0;
  for (const word of words) {
    if (word.length < 3) continue;
    const score = (/\d/.test(word) ? 1000 : 0) + word.length;
    if (score > bestScore) [best, bestScore] = [word, score];
  }
  return best;
}

/**
 * Search (spec §7): every word of the (normalised) search somewhere in the row's search text,
 * in any order. Under row-level security `like` cannot use the trigram index (it is not
 * leakproof): an indexed table finds the rows of one word through listina_search_ids, in the
 * scope's organisation only, and checks the other words on those rows.
 */
function searchConditions(
  entity: EntityDef,
  search: string,
  organizationId: string | null,
): RawBuilder<unknown>[] {
  if (entity.fullText) {
    const query = entity.fullText.query(search);
    return [query ? entity.fullText.matches('search_vector', query) : sql`false`];
  }
  const words = [...new Set(search.split(/\s+/).filter((w) => w !== ''))];
  const indexed = entity.searchIndex && organizationId !== null ? indexWord(words) : undefined;
  return [
    ...(indexed
      ? [sql`id in (select listina_search_ids(${entity.table}, ${likePattern(indexed)}))`]
      : []),
    ...words.filter((w) => w !== indexed).map((w) => sql`search_text like ${likePattern(w)}`),
  ];
}

/** The list statement: one page (count + 1 rows, to tell whether another follows). */
export function listQuery(
  entity: EntityDef,
  columns: ColumnDef[],
  options: ListOptions,
): RawBuilder<Row> {
  const where = [...ownerFilter(entity, options.organizationId)];
  if (options.parent) where.push(sql`${sql.ref(options.parent.column)} = ${options.parent.id}`);
  if (options.search)
    where.push(...searchConditions(entity, options.search, options.organizationId));
  if (options.activeOnly && entity.columns.some((c) => c.name === 'isActive')) {
    where.push(sql`is_active`);
  }
  for (const filter of options.filters ?? []) where.push(filterCondition(filter));
  if (options.after) where.push(keysetCondition(options.sort, options.after));
  const order = options.sort.map(
    (key) => sql`${sortExpression(key)} ${key.desc ? sql`desc` : sql`asc`}`,
  );
  const sortValues = options.sort.map(
    (key, i) => sql`${sortExpression(key)} as ${sql.ref(`sort_${i}`)}`,
  );
  const displays = (options.displays ?? []).map((d) => sql`${d.text} as ${sql.ref(d.alias)}`);
  return sql<Row>`
    select ${selectList(entity, columns, false)}, ${sql.join([...displays, ...sortValues])}
    from ${sql.table(entity.table)}
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ${sql.join(order)}
    limit ${options.count + 1}
  `;
}

export async function listRows(
  trx: Trx,
  entity: EntityDef,
  columns: ColumnDef[],
  options: ListOptions,
) {
  return (await listQuery(entity, columns, options).execute(trx)).rows;
}

export async function findRows(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  by: { column: string; values: unknown[] },
  forUpdate = false,
) {
  if (by.values.length === 0) return [];
  // One array parameter for keys and ids: a list of 10,000 parameters takes seconds to plan.
  const arrayType = { key: 'uuid', id: 'bigint' }[by.column];
  const matches = arrayType
    ? sql`${sql.ref(by.column)} = any(${by.values.map(String)}::${sql.raw(arrayType)}[])`
    : sql`${sql.ref(by.column)} in (${sql.join(by.values)})`;
  const where = [...ownerFilter(entity, organizationId), matches];
  return selectWhereById(trx, entity, selectList(entity, entity.columns), where, forUpdate);
}

/** The rows of the entity's table that match every condition, by id, locked if asked. */
export async function selectWhereById(
  trx: Trx,
  entity: EntityDef,
  select: RawBuilder<unknown>,
  where: RawBuilder<unknown>[],
  forUpdate: boolean,
): Promise<Row[]> {
  const result = await sql<Row>`
    select ${select}
    from ${sql.table(entity.table)}
    where ${sql.join(where, sql` and `)}
    order by id
    ${forUpdate ? sql`for update` : sql``}
  `.execute(trx);
  return result.rows;
}

export async function insertRow(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  values: Row,
  id?: string,
) {
  const all: Row = {
    ...values,
    ...(entity.scope === 'tenant' ? { organization_id: organizationId } : {}),
  };
  if (id !== undefined) all.id = id;
  const names = Object.keys(all);
  const result = await sql<Row>`
    insert into ${sql.table(entity.table)} (${sql.join(names.map((n) => sql.ref(n)))})
    ${id !== undefined ? sql`overriding system value` : sql``}
    values (${sql.join(names.map((n) => all[n]))})
    returning ${selectList(entity, entity.columns)}
  `.execute(trx);
  const row = result.rows[0];
  if (!row) throw new Error(`insert into ${entity.table} returned nothing`);
  return row;
}

/**
 * Many rows in one statement (bulk import). Columns a row lacks get their SQL default; rows
 * come back in the order given.
 */
export async function insertRows(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  rows: Row[],
) {
  if (rows.length === 0) return [];
  const owner: Row = entity.scope === 'tenant' ? { organization_id: organizationId } : {};
  const all: Row[] = rows.map((values) => ({ ...values, ...owner }));
  const names = [...new Set(all.flatMap((values) => Object.keys(values)))];
  const tuples = all.map(
    (values) =>
      sql`(${sql.join(names.map((n) => (n in values ? sql`${values[n]}` : sql`default`)))})`,
  );
  const result = await sql<Row>`
    insert into ${sql.table(entity.table)} (${sql.join(names.map((n) => sql.ref(n)))})
    values ${sql.join(tuples)}
    returning ${selectList(entity, entity.columns)}
  `.execute(trx);
  const byKey = new Map(result.rows.map((row) => [String(row.key), row]));
  return all.map((values) => {
    const row = byKey.get(String(values.key));
    if (!row) throw new Error(`insert into ${entity.table} lost a row`);
    return row;
  });
}

/** Updates a row only at the expected version; undefined when it changed meanwhile. */
export async function updateRow(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  id: string,
  expectedVersion: number,
  values: Row,
) {
  const sets = Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  sets.push(sql`version = version + 1`, sql`updated_at = now()`);
  const where = [
    ...ownerFilter(entity, organizationId),
    sql`id = ${id}`,
    sql`version = ${expectedVersion}`,
  ];
  const result = await sql<Row>`
    update ${sql.table(entity.table)} set ${sql.join(sets)}
    where ${sql.join(where, sql` and `)}
    returning ${selectList(entity, entity.columns)}
  `.execute(trx);
  return result.rows[0];
}

/**
 * Writes the engine's own columns (search text, sort keys) of a row inserted outside the
 * engine; not a change of the record, so its version stays.
 */
export async function setEngineValues(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  id: string,
  values: Row,
) {
  const sets = Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const where = [...ownerFilter(entity, organizationId), sql`id = ${id}`];
  await sql`
    update ${sql.table(entity.table)} set ${sql.join(sets)}
    where ${sql.join(where, sql` and `)}
  `.execute(trx);
}

export async function deleteRow(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  id: string,
  expectedVersion?: number,
) {
  const where = [...ownerFilter(entity, organizationId), sql`id = ${id}`];
  if (expectedVersion !== undefined) where.push(sql`version = ${expectedVersion}`);
  const result =
    await sql`delete from ${sql.table(entity.table)} where ${sql.join(where, sql` and `)}`.execute(
      trx,
    );
  return Number(result.numAffectedRows ?? 0);
}

/** Other rows of the owner (or parent) holding the same value in a unique column. */
export async function findDuplicates(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  column: string,
  value: unknown,
  exceptId: string | undefined,
  parent?: { column: string; id: string },
) {
  const where = [...ownerFilter(entity, organizationId), sql`${sql.ref(column)} = ${value}`];
  if (exceptId) where.push(sql`id <> ${exceptId}`);
  if (parent) where.push(sql`${sql.ref(parent.column)} = ${parent.id}`);
  const result = await sql<{ key: string }>`
    select key from ${sql.table(entity.table)} where ${sql.join(where, sql` and `)} limit 1
  `.execute(trx);
  return result.rows[0];
}

/** Every column of a row but the owner, to re-insert it exactly (undo of a delete). */
export async function snapshotRow(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  id: string,
) {
  const where = [...ownerFilter(entity, organizationId), sql`id = ${id}`];
  const result =
    await sql<Row>`select * from ${sql.table(entity.table)} where ${sql.join(where, sql` and `)}`.execute(
      trx,
    );
  const row = result.rows[0];
  if (!row) throw new Error(`${entity.table} ${id} vanished`);
  const { organization_id: _owner, ...rest } = row;
  return Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
}
