import type { Field, Schema, Tab } from '@listina/forms';

type Lookup = (key: string) => string;
type Has = (key: string) => boolean;

/**
 * spec §3 labels: labelText as written; else labelId translated, looked up with the schema's
 * labelPrefix first (a prefix lets one schema reuse short ids like 'name'); else the name,
 * itself translated under the prefix when the catalogue has it.
 */
export function labelOf(
  item: Pick<Field, 'labelId' | 'labelText'> & { name?: string },
  schema: Pick<Schema, 'options'> | undefined,
  t: Lookup,
  has: Has,
): string {
  if (item.labelText !== undefined && item.labelText !== '') return item.labelText;
  const prefix = schema?.options?.labelPrefix ?? '';
  if (item.labelId !== undefined) {
    if (prefix !== '' && has(prefix + item.labelId)) return t(prefix + item.labelId);
    return t(item.labelId);
  }
  const name = item.name ?? '';
  if (prefix !== '' && has(prefix + name)) return t(prefix + name);
  return name;
}

export function tabLabelOf(tab: Tab, schema: Schema, t: Lookup, has: Has): string {
  return labelOf({ ...tab, name: tab.value }, schema, t, has);
}

/** A DOM id made of a form prefix and a field path ('bankAccounts.0.code'). */
export function fieldDomId(prefix: string, path: string): string {
  return `${prefix}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
