/** One column of a multi-column sort (spec §3 list query: "name asc,code desc"). */
export interface SortKey {
  field: string;
  desc: boolean;
}

/** asc → desc → off for one column; the next state of a header click. */
function cycle(key: SortKey | undefined, field: string): SortKey | undefined {
  if (!key) return { field, desc: false };
  return key.desc ? undefined : { field, desc: true };
}

/**
 * A header click: a plain click sorts by that column alone (cycling it if it already was the
 * only key); shift-click adds the column after the others, or cycles it in place.
 */
export function nextSort(sort: readonly SortKey[], field: string, additive: boolean): SortKey[] {
  const index = sort.findIndex((key) => key.field === field);
  if (!additive) {
    const current = sort.length === 1 ? sort[0] : undefined;
    const next = cycle(current?.field === field ? current : undefined, field);
    return next ? [next] : [];
  }
  if (index < 0) return [...sort, { field, desc: false }];
  const next = cycle(sort[index], field);
  return next
    ? sort.map((key, i) => (i === index ? next : key))
    : sort.filter((_, i) => i !== index);
}

/** The sort query parameter; undefined leaves the server's default order. */
export function sortParam(sort: readonly SortKey[]): string | undefined {
  if (sort.length === 0) return undefined;
  return sort.map((key) => `${key.field} ${key.desc ? 'desc' : 'asc'}`).join(',');
}
