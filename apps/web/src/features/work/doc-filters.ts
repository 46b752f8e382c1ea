import { RANGE_SEPARATOR } from '@listina/contract';
import { isIsoDate, type Model } from '@listina/forms';

/**
 * The document list's own filters (issue 5) as the filter bar edits them, and their `filter`
 * values of GET /api/doc and /api/savedFilter/doc: `field:value`, or `field:from..to` on a
 * range field with an open end left empty.
 */
export type DocFilterValues = {
  /** A documentType's id. */
  documentTypeId: number | null;
  /** A partner's key. */
  customerKey: string | null;
  /** yyyy-mm-dd, inclusive. */
  issueDateFrom: string | null;
  issueDateTo: string | null;
  /** Decimals with a dot ("250.50"), inclusive. */
  totalAmountFrom: string | null;
  totalAmountTo: string | null;
};

export const EMPTY_DOC_FILTER: DocFilterValues = {
  documentTypeId: null,
  customerKey: null,
  issueDateFrom: null,
  issueDateTo: null,
  totalAmountFrom: null,
  totalAmountTo: null,
};

/**
 * Saved filters read back: what the bar shows, and the rest it has no field for (another
 * field, a second value of one of its own), kept so that they still apply and are saved again.
 */
export interface ParsedDocFilter {
  values: DocFilterValues;
  others: readonly string[];
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const ID = /^\d+$/;

const isDecimal = (text: string) => DECIMAL.test(text);

function rangeFilter(field: string, from: string | null, to: string | null): string[] {
  if (from === null && to === null) return [];
  return [`${field}:${from ?? ''}${RANGE_SEPARATOR}${to ?? ''}`];
}

/** The bar's values as filter strings, in the bar's order; an empty field adds none. */
export function docFilterStrings(values: DocFilterValues): string[] {
  return [
    ...(values.documentTypeId === null ? [] : [`documentTypeId:${values.documentTypeId}`]),
    ...(values.customerKey === null ? [] : [`customerKey:${values.customerKey}`]),
    ...rangeFilter('issueDate', values.issueDateFrom, values.issueDateTo),
    ...rangeFilter('totalAmount', values.totalAmountFrom, values.totalAmountTo),
  ];
}

/** Every filter of a parsed saved filter: the bar's, then the others. */
export function allDocFilters({ values, others }: ParsedDocFilter): string[] {
  return [...docFilterStrings(values), ...others];
}

/**
 * The bounds of a range filter's value, or undefined when a given bound is not valid. A single
 * value (`issueDate:2026-03-01`) is the range of that one value.
 */
function parseRange(
  text: string,
  isBound: (bound: string) => boolean,
): [string | null, string | null] | undefined {
  const at = text.indexOf(RANGE_SEPARATOR);
  const [from, to] =
    at < 0 ? [text, text] : [text.slice(0, at), text.slice(at + RANGE_SEPARATOR.length)];
  if (from === '' && to === '') return undefined;
  if ((from !== '' && !isBound(from)) || (to !== '' && !isBound(to))) return undefined;
  return [from === '' ? null : from, to === '' ? null : to];
}

/** The bar's values one filter string sets, or undefined when the bar has no place for it. */
function readFilter(field: string, text: string): Partial<DocFilterValues> | undefined {
  switch (field) {
    case 'documentTypeId':
      return ID.test(text) ? { documentTypeId: Number(text) } : undefined;
    case 'customerKey':
      return text === '' ? undefined : { customerKey: text };
    case 'issueDate': {
      const range = parseRange(text, isIsoDate);
      return range && { issueDateFrom: range[0], issueDateTo: range[1] };
    }
    case 'totalAmount': {
      const range = parseRange(text, isDecimal);
      return range && { totalAmountFrom: range[0], totalAmountTo: range[1] };
    }
    default:
      return undefined;
  }
}

/** Saved filter strings as the bar's values; the first of each of its fields fills it. */
export function parseDocFilter(filter: readonly string[]): ParsedDocFilter {
  let values = EMPTY_DOC_FILTER;
  const others: string[] = [];
  const filled = new Set<string>();
  for (const item of filter) {
    const colon = item.indexOf(':');
    const field = item.slice(0, colon);
    const read = colon > 0 && !filled.has(field) ? readFilter(field, item.slice(colon + 1)) : null;
    if (read) {
      values = { ...values, ...read };
      filled.add(field);
    } else {
      others.push(item);
    }
  }
  return { values, others };
}

const textOrNull = (value: unknown): string | null =>
  (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : null;

/** The filter form's model as the bar's values (a lookup may hand an id over as text). */
export function docFilterValuesOf(model: Model): DocFilterValues {
  const typeId = textOrNull(model.documentTypeId);
  const issueDateFrom = textOrNull(model.issueDateFrom);
  const issueDateTo = textOrNull(model.issueDateTo);
  const totalAmountFrom = textOrNull(model.totalAmountFrom);
  const totalAmountTo = textOrNull(model.totalAmountTo);
  return {
    documentTypeId: typeId !== null && ID.test(typeId) ? Number(typeId) : null,
    customerKey: textOrNull(model.customerKey),
    issueDateFrom: issueDateFrom !== null && isIsoDate(issueDateFrom) ? issueDateFrom : null,
    issueDateTo: issueDateTo !== null && isIsoDate(issueDateTo) ? issueDateTo : null,
    totalAmountFrom:
      totalAmountFrom !== null && isDecimal(totalAmountFrom) ? totalAmountFrom : null,
    totalAmountTo: totalAmountTo !== null && isDecimal(totalAmountTo) ? totalAmountTo : null,
  };
}

const fieldOf = (filter: string) => filter.slice(0, filter.indexOf(':'));

/**
 * The list's filters: the tile's, then the user's on fields the tile leaves alone. A field given
 * twice matches either value (GET /api/doc), so a saved filter must not widen the tile's.
 */
export function combineFilters(tile: readonly string[], own: readonly string[]): string[] {
  const tileFields = new Set(tile.map(fieldOf));
  return [...tile, ...own.filter((filter) => !tileFields.has(fieldOf(filter)))];
}

export const isSameFilter = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item, index) => item === b[index]);
