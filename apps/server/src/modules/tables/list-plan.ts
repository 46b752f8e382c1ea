import { RANGE_SEPARATOR, type ListQuery } from '@listina/contract';
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/ids';
import { isKeyColumn, type ColumnDef, type EntityDef, type ValueType } from './entity';
import { isIsoDate, isIsoTimestamp } from './value-types';
import { searchNormalise } from '../../lib/search-normalise';
import type { CursorCodec } from './list-cursor';
import type * as repo from './tables.repository';

/**
 * What a list call reads, from its query alone (spec §3, §7): sort keys, filters (equality,
 * ranges, named filters), the keyset cursor and a full-text search's ranking.
 */

export function parseSort(entity: EntityDef, sort: string | undefined): repo.SortKey[] {
  const text = sort?.trim() ? sort : entity.defaultSort;
  const keys = text.split(',').map((part) => {
    const [name = '', direction = 'asc'] = part.trim().split(/\s+/);
    const column = entity.columns.find((c) => c.name === name && c.sort);
    if (!column)
      throw badRequest('errors.unknownSortKey', [name, sortKeysOf(entity).join(', ')], 'sort');
    return { column, desc: direction.toLowerCase() === 'desc' };
  });
  return [...keys, { column: 'id', desc: keys[keys.length - 1]?.desc ?? false }];
}

/** The declared sort keys, as the list call's sort parameter names them. */
export const sortKeysOf = (entity: EntityDef) =>
  entity.columns.filter((c) => c.sort).map((c) => c.name);

/** The declared filter fields, as the list call's filter parameter names them. */
export const filterFieldsOf = (entity: EntityDef) => [
  ...entity.columns.filter((c) => c.filter && !c.multiple).map((c) => c.name),
  ...Object.keys(entity.namedFilters ?? {}),
];

/**
 * The values each type of filter takes, checked whole before they reach SQL (issue 22: an
 * impossible date, 2026-02-30 or 0000-00-00, and a key that is no UUID were 500s there).
 */
const FILTER_VALUE_CHECKS: Record<
  Exclude<ValueType, 'text' | 'bool'>,
  (text: string) => boolean
> = {
  int: (text) => /^-?\d{1,15}$/.test(text),
  decimal: (text) => /^-?\d{1,20}(\.\d{1,10})?$/.test(text),
  date: isIsoDate,
  timestamp: isIsoTimestamp,
};

function filterValue(column: ColumnDef, text: string): unknown {
  switch (column.type) {
    case 'text':
      if (!isKeyColumn(column) || UUID_PATTERN.test(text.toLowerCase())) return text;
      break;
    case 'bool':
      if (text === 'true' || text === 'false') return text === 'true';
      break;
    default:
      if (FILTER_VALUE_CHECKS[column.type](text)) return text;
  }
  throw badRequest('errors.badFilterValue', [column.name, text], 'filter');
}

/** The column slot of a named filter's conditions (it has no column of its own). */
const NAMED_FILTER: ColumnDef = { name: '', column: '', type: 'text', field: {} };

/** A range filter's bound, or undefined for an open end. */
function rangeBound(column: ColumnDef, text: string): unknown {
  return text === '' ? undefined : filterValue(column, text);
}

/**
 * `field:value` filters as one condition per field, a repeated field matching any of its values;
 * `field:from..to` on a range field matches from to to, inclusive, either end open.
 */
function parseFilters(
  entity: EntityDef,
  filter: ListQuery['filter'],
  context: NamedFilterContext,
): repo.ListFilter[] {
  const byField = new Map<string, repo.ListFilter>();
  for (const part of filter === undefined ? [] : [filter].flat()) {
    const colon = part.indexOf(':');
    const name = part.slice(0, colon);
    // Own names only: `constructor` or `toString` is no filter of any table.
    const named =
      entity.namedFilters && Object.hasOwn(entity.namedFilters, name)
        ? entity.namedFilters[name]
        : undefined;
    if (named) {
      const condition = named(part.slice(colon + 1), context);
      if (!condition)
        throw badRequest('errors.badFilterValue', [name, part.slice(colon + 1)], 'filter');
      const found = byField.get(name) ?? { column: NAMED_FILTER, values: [], ranges: [] };
      found.conditions = [...(found.conditions ?? []), condition];
      byField.set(name, found);
      continue;
    }
    const column = entity.columns.find((c) => c.name === name && c.filter && !c.multiple);
    if (!column) {
      const known = filterFieldsOf(entity).join(', ');
      throw badRequest('errors.unknownFilterField', [name, known], 'filter');
    }
    const found = byField.get(name) ?? { column, values: [], ranges: [] };
    const text = part.slice(colon + 1);
    const separator = column.range ? text.indexOf(RANGE_SEPARATOR) : -1;
    if (separator >= 0) {
      const from = rangeBound(column, text.slice(0, separator));
      const to = rangeBound(column, text.slice(separator + RANGE_SEPARATOR.length));
      if (from === undefined && to === undefined)
        throw badRequest('errors.badFilterValue', [column.name, text], 'filter');
      found.ranges.push({ from, to });
    } else {
      found.values.push(filterValue(column, text));
    }
    byField.set(name, found);
  }
  return [...byField.values()];
}

/** Throws the list call's 400 when a list of filters would not be taken by the table's list. */
export function checkFilters(entity: EntityDef, filter: string[]): void {
  parseFilters(entity, filter, { timeZone: 'UTC' });
}

/** A cursor where no codec can read it (a plan made outside the service). */
const badCursorOf = (): never => {
  throw badRequest('errors.badCursor', [], 'cursor');
};

/** A LIKE pattern of text that starts with the word, its wildcards escaped. */
const startsWith = (word: string) => `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The relevance of a row to a search of the search text (no full text): how many of its words
 * start a word of the row's text ("elektro" ranks Elektro d.o.o. above Hidroelektro d.o.o.).
 */
function wordStartRank(search: string): RawBuilder<number> | undefined {
  const words = [...new Set(search.split(/\s+/).filter((word) => word !== ''))];
  if (words.length === 0) return undefined;
  const hits = words.map(
    (word) =>
      sql`(case when search_text like ${startsWith(word)} or search_text like ${`% ${startsWith(word)}`} then 1 else 0 end)`,
  );
  return sql<number>`(${sql.join(hits, sql` + `)})`;
}

/**
 * A search without a sort of its own (issue 24): the most relevant rows first (the full-text
 * rank of EntityDef.fullText, else how many words start a word of the row), then in the
 * table's default order, which for documents and payments is by date, newest first.
 */
function rankedSort(entity: EntityDef, query: ListQuery): repo.SortKey[] | undefined {
  const search = query.search?.trim();
  if (!search || query.sort?.trim()) return undefined;
  const normalised = searchNormalise(search);
  let rank: RawBuilder<number> | undefined;
  if (entity.fullText) {
    const tsquery = entity.fullText.query(normalised);
    if (tsquery) rank = entity.fullText.rank('search_vector', tsquery);
  } else if (entity.columns.some((column) => column.search)) {
    rank = wordStartRank(normalised);
  }
  if (!rank) return undefined;
  return [{ column: { expression: rank }, desc: true }, ...parseSort(entity, undefined)];
}

/** The columns of a list's rows: lean rows (mode cache or dropdown) or grid rows, and the title's. */
export const listColumns = (entity: EntityDef, lean: boolean): ColumnDef[] =>
  entity.columns.filter((c) => (lean ? c.lean : c.list) || entity.titleColumns.includes(c.name));

/** The call's own circumstances a list reads by: the time zone of the user's days. */
export interface NamedFilterContext {
  timeZone: string;
}

/** What a list call reads (columns, sort keys, cursor values, search), from its query alone. */
export function listPlan(
  entity: EntityDef,
  query: ListQuery,
  cursors?: CursorCodec,
  context: NamedFilterContext = { timeZone: 'UTC' },
) {
  const sort = rankedSort(entity, query) ?? parseSort(entity, query.sort);
  const lean = query.mode !== undefined;
  const after = query.cursor
    ? (cursors?.decode(entity, sort, query.cursor) ?? badCursorOf())
    : undefined;
  return {
    columns: listColumns(entity, lean),
    sort,
    after,
    count: query.count,
    search: query.search?.trim() ? searchNormalise(query.search.trim()) : undefined,
    activeOnly: lean,
    filters: parseFilters(entity, query.filter, context),
  };
}
