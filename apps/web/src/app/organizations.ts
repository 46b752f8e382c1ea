import type { Organization } from '@listina/contract';

/** Organisation names sorted the way people read them (spec §2: names are sorted). */
export function sortOrganizations(
  organizations: readonly Organization[],
  locale: string,
): Organization[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...organizations].sort((a, b) => collator.compare(a.nameNick, b.nameNick));
}

/** spec §4: the active organisation is the stored one when the user still belongs to it, else the first. */
export function pickActiveOrganization(
  sorted: readonly Organization[],
  storedId: string | null,
): Organization | null {
  return sorted.find((organization) => organization.id === storedId) ?? sorted[0] ?? null;
}
