import type { Organization } from '@listina/contract';

export const ADMIN_ROLES = ['orgadmin', 'sysadmin', 'support'] as const;
export const DATA_ENTRY_EXTENDED_ROLE = 'dataentryextended';

/** spec §6: lower-cased roles of the active organisation together with the token's roles. */
export function effectiveRoles(
  tokenRoles: readonly string[],
  organization: Organization | null,
): string[] {
  const all = [...(organization?.roles ?? []), ...tokenRoles].map((role) => role.toLowerCase());
  return [...new Set(all)];
}

export function isAdmin(roles: readonly string[]): boolean {
  return roles.some((role) => (ADMIN_ROLES as readonly string[]).includes(role));
}
