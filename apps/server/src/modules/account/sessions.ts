import type { LocaleSettings, Session, SessionEnd } from '@listina/contract';
import { LOCALE_DEFAULTS } from '@listina/forms';
import type { Db } from '../../db/create-db';
import { unauthorized } from '../../lib/errors';
import { newSecret, sha256 } from '../../lib/secrets';
import type { Authentication, AuthedUser } from '../../plugins/context';
import { resolveLocale } from '../../plugins/i18n';
import * as repo from './account.repository';
import * as signInRepo from './sign-in.repository';

export interface SessionDeps {
  db: Db;
  /** Absolute life of one apikey. */
  sessionTtlMs: number;
  /** A session unused this long ends. */
  sessionIdleMs: number;
  /** How long a rotated apikey still works. */
  sessionGraceMs: number;
}

/** The last use is written at most this often per session (and more often for short idle times). */
const TOUCH_INTERVAL_MS = 60_000;

// Organisation names sort as people read them (Č after C), not by code point.
const byName = new Intl.Collator('sl', { sensitivity: 'base' });

/** spec §3 locale defaults, per language. */
export function localeSettings(lang: string): LocaleSettings {
  return { locale: resolveLocale(lang), ...LOCALE_DEFAULTS };
}

type SessionUser = Pick<
  AuthedUser,
  'id' | 'key' | 'username' | 'displayName' | 'email' | 'lang' | 'roles'
>;

/** The user's session as the API answers it (without the apikey). */
export async function sessionOf(db: Db, user: SessionUser, expiresAt: Date): Promise<Session> {
  const memberships = (await repo.listMemberships(db, user.id)).sort((a, b) =>
    byName.compare(a.name_nick, b.name_nick),
  );
  return {
    displayName: user.displayName,
    userId: user.key,
    username: user.username,
    email: user.email,
    organizations: memberships.map((m) => ({
      id: m.key,
      nameNick: m.name_nick,
      roles: m.roles.map((r) => r.toLowerCase()),
    })),
    roles: user.roles.map((r) => r.toLowerCase()),
    localeSettings: localeSettings(user.lang),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Sessions (docs/security.md "Controls: sessions and sign-in"): an apikey lives at most
 * `sessionTtlMs` and ends when unused for `sessionIdleMs`; POST /api/account/refresh
 * exchanges it for a new one, the old one working `sessionGraceMs` longer.
 */
export function createSessions(deps: SessionDeps) {
  const { db } = deps;
  const touchEveryMs = Math.min(TOUCH_INTERVAL_MS, deps.sessionIdleMs / 4);

  return {
    /** Starts a session: answers its apikey and when it expires. */
    async start(userId: string) {
      const apikey = newSecret();
      const expiresAt = new Date(Date.now() + deps.sessionTtlMs);
      await repo.insertSession(db, userId, sha256(apikey), expiresAt);
      return { apikey, expiresAt };
    },

    /**
     * The user of an apikey and, for an organisation key, the membership there (undefined
     * when not a member), read in one query; 'expired' past its end or its idle time.
     */
    async authenticate(apikey: string, organizationKey?: string): Promise<Authentication> {
      const row = await repo.findSessionByHash(db, sha256(apikey), organizationKey);
      if (!row || row.revoked_at) return undefined;
      const now = Date.now();
      const idleEnd = row.last_used_at.getTime() + deps.sessionIdleMs;
      if (row.expires_at.getTime() <= now || idleEnd <= now) return 'expired';
      if (now - row.last_used_at.getTime() >= touchEveryMs) {
        await signInRepo.touchSession(db, row.sessionId);
      }
      const roles = row.roles.map((r) => r.toLowerCase());
      const user: AuthedUser = {
        id: row.id,
        key: row.key,
        username: row.username,
        displayName: row.display_name,
        email: row.email,
        lang: row.lang,
        roles,
        sessionId: row.sessionId,
        expiresAt: row.expires_at,
        lastUsedAt: row.last_used_at,
      };
      const membership =
        row.organizationId !== null && row.organizationKey !== null && row.memberRoles !== null
          ? {
              id: row.organizationId,
              key: row.organizationKey,
              roles: [...new Set([...row.memberRoles.map((r) => r.toLowerCase()), ...roles])],
            }
          : undefined;
      return { user, membership };
    },

    /**
     * A new apikey for the caller's session; the old one keeps working `sessionGraceMs` for
     * requests already sent. An apikey is exchanged once: a second exchange is refused.
     */
    async refresh(user: AuthedUser) {
      const apikey = newSecret();
      const expiresAt = new Date(Date.now() + deps.sessionTtlMs);
      const created = await signInRepo.rotateSession(
        db,
        { sessionId: user.sessionId, userId: user.id, lastUsedAt: user.lastUsedAt },
        { tokenHash: sha256(apikey), expiresAt },
        deps.sessionGraceMs,
      );
      if (!created) throw unauthorized('errors.invalidApikey');
      return { ...(await sessionOf(db, user, expiresAt)), apikey };
    },

    logout: (user: AuthedUser) => repo.revokeSession(db, user.sessionId),

    /** Ends every other session of the user; this one stays signed in. */
    async logoutOthers(user: AuthedUser): Promise<SessionEnd> {
      return { ended: await signInRepo.revokeOtherSessions(db, user.id, user.sessionId) };
    },
  };
}
