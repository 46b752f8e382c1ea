import { getValue, type Filters, type Model, type References } from '@listina/forms';
import type { TFunction } from '../../app/i18n';

/** One row a select or combo offers: a code-list record or a fixed item. */
export type LookupItem = Record<string, unknown>;

// spec §3 defaults, also for a schema written by hand that never went through the zod parse.
const DEFAULT_FIELD = 'code';
const DEFAULT_DISPLAY_FIELDS = ['code', 'name'];

export function storedField(references: References): string {
  return references.field || DEFAULT_FIELD;
}

/** The value the model stores for an item (spec §3: references.field, default code). */
export function itemValue(item: LookupItem, references: References): unknown {
  return item[storedField(references)];
}

const asText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';

/**
 * A display field in the user's language (issue 24): a code list keeps its name in English
 * (name) and Slovenian (nameSl), so in Slovenian `name` reads nameSl when the item has one.
 */
export function displayValue(item: LookupItem, field: string, locale?: string): unknown {
  if (locale === 'sl') {
    const own = item[`${field}Sl`];
    if (typeof own === 'string' && own.trim() !== '') return own;
  }
  return item[field];
}

/** How an item reads: its displayFields (default code, name) joined by a dash. */
export function itemText(item: LookupItem, references: References, locale?: string): string {
  const given = references.displayFields as string[] | undefined;
  const fields = given && given.length > 0 ? given : DEFAULT_DISPLAY_FIELDS;
  const parts = fields
    .map((name) => asText(displayValue(item, name, locale)))
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' – ') : asText(itemValue(item, references));
}

/**
 * How an item reads in the user's language: a fixed item with a labelId (spec §3 items of
 * codes, e.g. a document's status) by its translation, any other by its displayFields.
 */
export function itemLabel(
  item: LookupItem,
  references: References,
  t: TFunction,
  locale?: string,
): string {
  return typeof item.labelId === 'string' ? t(item.labelId) : itemText(item, references, locale);
}

/** The same stored value, with 5 and '5' equal (keys and ids travel as either). */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  return asText(a) === asText(b) && asText(a) !== '';
}

/** Choosing `next` leaves the model as it is: the same value, or nothing for nothing. */
export function isUnchanged(next: unknown, current: unknown): boolean {
  const isEmpty = (value: unknown) => value === null || value === undefined || value === '';
  return isEmpty(next) ? isEmpty(current) : isSameValue(next, current);
}

function matchesFilters(item: LookupItem, filters: Filters | undefined): boolean {
  if (!filters) return true;
  return Object.entries(filters).every(([name, wanted]) => {
    const actual = item[name];
    if (Array.isArray(wanted)) return wanted.some((one) => isSameValue(one, actual));
    if (wanted === null) return actual === null || actual === undefined;
    return isSameValue(wanted, actual);
  });
}

/** The fixed items of a reference (items, else the model's itemsProp), or undefined. */
export function fixedItems(references: References, model: Model): LookupItem[] | undefined {
  if (references.items) return references.items;
  if (!references.itemsProp) return undefined;
  const found = getValue(model, references.itemsProp);
  return Array.isArray(found)
    ? found.filter((item): item is LookupItem => typeof item === 'object' && item !== null)
    : [];
}

/** Where a lookup's items come from (spec §3 references). */
export type LookupSource = 'fixed' | 'table' | 'api';

/**
 * The list query parameters of GET /api/cl/{table} besides filter (packages/contract
 * ListQuerySchema): customerKey, the parent of a nested array's rows.
 */
const TABLE_FILTER_PARAMS: ReadonlySet<string> = new Set(['customerKey']);

export interface ServerFilterPlan {
  /** serverFilters sent as query parameters of the lookup call. */
  query: Record<string, string>;
  /**
   * serverFilters a table takes as its filter parameter, `field:value` each; a field with a
   * list of values is repeated (any of). The table must declare the field filterable.
   */
  filter: string[];
  /**
   * serverFilters the call cannot take, applied in the browser instead: to fixed items, null
   * (no value) and lists of another call's parameters.
   */
  inBrowser: Filters | undefined;
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** `field:value` of each value a table filter can take, or undefined when one cannot go. */
function tableFilter(name: string, wanted: unknown): string[] | undefined {
  const values = Array.isArray(wanted) ? wanted : [wanted];
  if (values.length === 0 || !values.every(isScalar)) return undefined;
  return values.map((value) => `${name}:${String(value)}`);
}

/**
 * spec §3 serverFilters ("sent with every lookup call") as far as the call allows: a table
 * takes customerKey and equality filters (one value or any of a list); another call
 * (references.api) takes any single value as a query parameter; everything else is filtered
 * in the browser.
 */
export function serverFilterPlan(references: References, source: LookupSource): ServerFilterPlan {
  const query: Record<string, string> = {};
  const filter: string[] = [];
  const inBrowser: Filters = {};
  for (const [name, wanted] of Object.entries(references.serverFilters ?? {})) {
    if (source === 'table' && TABLE_FILTER_PARAMS.has(name) && isScalar(wanted)) {
      query[name] = String(wanted);
      continue;
    }
    const asFilter = source === 'table' ? tableFilter(name, wanted) : undefined;
    if (asFilter) filter.push(...asFilter);
    else if (source === 'api' && isScalar(wanted)) query[name] = String(wanted);
    else inBrowser[name] = wanted;
  }
  return { query, filter, inBrowser: Object.keys(inBrowser).length > 0 ? inBrowser : undefined };
}

interface ShowOptions {
  /** Filtered here by the typed text (server lists arrive already searched). */
  search?: string;
  /** Sorted here by their text unless noSort (server lists keep the server's order). */
  sortLocale?: string;
  /** serverFilters that the call could not take (serverFilterPlan). */
  browserFilters?: Filters;
  /** spec §3 softFilters while the user keeps them on. */
  softFilters?: Filters;
  /** The language items read in (their names); default the sort locale. */
  locale?: string;
}

/**
 * The items a lookup offers: spec §3, items with isActive false are hidden; hard filters
 * always hold, the serverFilters the call did not apply and the soft filters while on;
 * noSort keeps the given order.
 */
export function shownItems(
  items: readonly LookupItem[],
  references: References,
  options: ShowOptions = {},
): LookupItem[] {
  const needle = options.search?.trim().toLocaleLowerCase() ?? '';
  const locale = options.locale ?? options.sortLocale;
  const textOf = (item: LookupItem) => itemText(item, references, locale);
  const shown = items.filter(
    (item) =>
      item.isActive !== false &&
      matchesFilters(item, references.hardFilters) &&
      matchesFilters(item, options.browserFilters) &&
      matchesFilters(item, options.softFilters) &&
      (needle === '' || textOf(item).toLocaleLowerCase().includes(needle)),
  );
  if (options.sortLocale === undefined || references.noSort) return shown;
  const collator = new Intl.Collator(options.sortLocale);
  return shown.sort((a, b) => collator.compare(textOf(a), textOf(b)));
}
