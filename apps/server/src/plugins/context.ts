import type { Locale } from './i18n';

/** What every request brings (spec §7 headers), read once by the route layer. */
export interface RequestContext {
  requestId: string;
  locale: Locale;
  timeZone: string | undefined;
  /** Minutes, as the browser's Date#getTimezoneOffset reports them. */
  timeZoneOffset: number | undefined;
  ip: string;
}

export interface AuthedUser {
  id: string;
  key: string;
  username: string;
  displayName: string;
  email: string;
  lang: string;
  /** Roles of the user everywhere (sysadmin, support), lower-cased. */
  roles: string[];
  sessionId: string;
  expiresAt: Date;
  /** When the apikey was last used before this request (the idle expiry counts from it). */
  lastUsedAt: Date;
}

export interface ActiveOrganization {
  id: string;
  key: string;
  /** spec §6: the organisation's roles and the user's own, lower-cased. */
  roles: string[];
}

/**
 * What an apikey (and an organization-id header) resolve to: the user and, when a header was
 * given and the user is a member there, the organisation; 'expired' or undefined otherwise.
 */
export type Authentication =
  { user: AuthedUser; membership: ActiveOrganization | undefined } | 'expired' | undefined;

export const ADMIN_ROLES = ['orgadmin', 'sysadmin', 'support'] as const;

/** spec §6: admin is any of orgadmin, sysadmin or support. */
export const isAdmin = (roles: readonly string[]) =>
  roles.some((r) => (ADMIN_ROLES as readonly string[]).includes(r));
