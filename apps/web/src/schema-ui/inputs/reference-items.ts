import { getValue, type Filters, type Model, type References } from '@listina/forms';

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

/** How an item reads: its displayFields (default code, name) joined by a dash. */
export function itemText(item: LookupItem, references: References): string {
  const given = references.displayFields as string[] | undefined;
  const fields = given && given.length > 0 ? given : DEFAULT_DISPLAY_FIELDS;
  const parts = fields.map((name) => asText(item[name])).filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' – ') : asText(itemValue(item, references));
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

interface ShowOptions {
  /** Filtered here by the typed text (server lists arrive already searched). */
  search?: string;
  /** Sorted here by their text unless noSort (server lists keep the server's order). */
  sortLocale?: string;
}

/**
 * The items a lookup offers: spec §3, items with isActive false are hidden; hard and server
 * filters hold; noSort keeps the given order.
 */
export function shownItems(
  items: readonly LookupItem[],
  references: References,
  options: ShowOptions = {},
): LookupItem[] {
  const needle = options.search?.trim().toLocaleLowerCase() ?? '';
  const shown = items.filter(
    (item) =>
      item.isActive !== false &&
      matchesFilters(item, references.hardFilters) &&
      matchesFilters(item, references.serverFilters) &&
      (needle === '' || itemText(item, references).toLocaleLowerCase().includes(needle)),
  );
  if (options.sortLocale === undefined || references.noSort) return shown;
  const collator = new Intl.Collator(options.sortLocale);
  return shown.sort((a, b) => collator.compare(itemText(a, references), itemText(b, references)));
}
