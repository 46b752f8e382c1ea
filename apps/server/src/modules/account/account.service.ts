import type { AuthToken, LocaleSettings, Profile, RegisterBody, Session } from '@listina/contract';
import { LOCALE_DEFAULTS } from '@listina/forms';
import type { Db } from '../../db/create-db';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import {
  hashPassword,
  newSecret,
  sha256,
  spendVerifyTime,
  verifyPassword,
} from '../../lib/secrets';
import type { Authentication, AuthedUser, RequestContext } from '../../plugins/context';
import { resolveLocale, translate, type Locale } from '../../plugins/i18n';
import type { Mailer } from '../../plugins/mail';
import * as repo from './account.repository';

export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  sessionTtlMs: number;
  loginRate: { windowMs: number; maxPerUser: number; maxPerAddress: number };
}

// Organisation names sort as people read them (Č after C), not by code point.
const byName = new Intl.Collator('sl', { sensitivity: 'base' });

const CONFIRM_CODE_TTL_MS = 48 * 3_600_000;
const RESET_CODE_TTL_MS = 3_600_000;

/** spec §3 locale defaults, per language. */
export function localeSettings(lang: string): LocaleSettings {
  return { locale: resolveLocale(lang), ...LOCALE_DEFAULTS };
}

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService(deps: AccountDeps) {
  const { db } = deps;

  async function sessionOf(
    user: Pick<AuthedUser, 'id' | 'key' | 'username' | 'displayName' | 'email' | 'lang' | 'roles'>,
    expiresAt: Date,
  ): Promise<Session> {
    const memberships = (await repo.listMemberships(db, user.id)).sort((a, b) =>
      byName.compare(a.name_nick, b.name_nick),
    );
    const globalRoles = user.roles.map((r) => r.toLowerCase());
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
      roles: globalRoles,
      localeSettings: localeSettings(user.lang),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** Refuses while a username or an address has too many recent failures (429 says how long). */
  async function checkRate(subjects: { subject: string; max: number }[]) {
    const since = new Date(Date.now() - deps.loginRate.windowMs);
    for (const { subject, max } of subjects) {
      const { count, oldest } = await repo.countFailures(db, subject, since);
      if (count >= max) {
        const freeAt = (oldest?.getTime() ?? Date.now()) + deps.loginRate.windowMs;
        const seconds = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
        throw tooManyRequests('errors.tooManyAttempts', [seconds]);
      }
    }
  }

  async function mailCode(
    user: { id: string; email: string; lang: string },
    kind: 'confirmEmail' | 'resetPassword',
    executor: Db,
  ) {
    const code = newSecret();
    const ttl = kind === 'confirmEmail' ? CONFIRM_CODE_TTL_MS : RESET_CODE_TTL_MS;
    await repo.insertCode(executor, user.id, kind, sha256(code), new Date(Date.now() + ttl));
    const locale: Locale = resolveLocale(user.lang);
    const link = `${deps.publicUrl}/account/confirm/${code}`;
    await deps.mailer.enqueue(executor, {
      to: user.email,
      subject: translate(locale, `mail.${kind}.subject`),
      text: translate(locale, `mail.${kind}.body`, [link, Math.round(ttl / 3_600_000)]),
    });
  }

  const flushMail = () => {
    deps.mailer.flush().catch(() => undefined); // the timer retries; the outbox row is safe
  };

  return {
    async login(
      input: { username: string; password: string; lang?: string | undefined },
      ctx: RequestContext,
    ): Promise<AuthToken> {
      const userSubject = `user:${input.username}`;
      await checkRate([
        { subject: userSubject, max: deps.loginRate.maxPerUser },
        { subject: `addr:${ctx.ip}`, max: deps.loginRate.maxPerAddress },
      ]);
      const user = await repo.findUserByLogin(db, input.username);
      const isValid = user
        ? await verifyPassword(user.password_hash, input.password)
        : (await spendVerifyTime(input.password), false);
      if (!user || !isValid) {
        await repo.recordFailures(db, [userSubject, `addr:${ctx.ip}`]);
        throw unauthorized('errors.invalidCredentials');
      }
      // Only the holder of the password learns that the address is unconfirmed.
      if (!user.email_confirmed_at) throw unauthorized('errors.emailNotConfirmed');
      await repo.clearFailures(db, userSubject);
      const apikey = newSecret();
      const expiresAt = new Date(Date.now() + deps.sessionTtlMs);
      await repo.insertSession(db, user.id, sha256(apikey), expiresAt);
      const lang = input.lang ? resolveLocale(input.lang) : user.lang;
      const session = await sessionOf(
        {
          id: user.id,
          key: user.key,
          username: user.username,
          displayName: user.display_name,
          email: user.email,
          lang,
          roles: user.roles,
        },
        expiresAt,
      );
      return { ...session, apikey };
    },

    /**
     * The user of an apikey and, for an organisation key, the membership there (undefined
     * when not a member), read in one query.
     */
    async authenticate(apikey: string, organizationKey?: string): Promise<Authentication> {
      const row = await repo.findSessionByHash(db, sha256(apikey), organizationKey);
      if (!row || row.revoked_at) return undefined;
      if (row.expires_at.getTime() <= Date.now()) return 'expired';
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

    me: (user: AuthedUser) => sessionOf(user, user.expiresAt),

    logout: (user: AuthedUser) => repo.revokeSession(db, user.sessionId),

    async forgot(login: string): Promise<void> {
      const user = await repo.findUserByLogin(db, login);
      if (!user) return; // the answer is the same either way
      await mailCode(user, 'resetPassword', db);
      flushMail();
    },

    async register(input: RegisterBody) {
      const taken = await repo.isTaken(db, input.username, input.email);
      if (taken.username) throw conflict('errors.usernameTaken', [input.username], 'username');
      if (taken.email) throw conflict('errors.emailTaken', [], 'email');
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction().execute(async (trx) => {
        const created = await repo.insertUser(trx, {
          key: uuidv7(),
          username: input.username,
          email: input.email,
          display_name: input.displayName,
          password_hash: passwordHash,
          lang: resolveLocale(input.lang),
        });
        await mailCode(created, 'confirmEmail', trx);
        return created;
      });
      flushMail();
      return { username: user.username, email: user.email };
    },

    async confirm(code: string, password: string | undefined) {
      const row = await repo.findCode(db, sha256(code));
      if (!row || row.used_at || row.expires_at.getTime() <= Date.now()) {
        throw badRequest('errors.codeInvalid', [], 'code');
      }
      if (row.kind === 'confirmEmail') {
        await db.transaction().execute(async (trx) => {
          await repo.updateUser(trx, row.user_id, { email_confirmed_at: new Date() });
          await repo.useCode(trx, row.id);
        });
        return { result: 'emailConfirmed' as const };
      }
      if (!password) return { result: 'passwordRequired' as const };
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        // Reading the mail proves the address, so a reset also confirms it.
        await repo.updateUser(trx, row.user_id, {
          password_hash: passwordHash,
          email_confirmed_at: new Date(),
        });
        await repo.useCode(trx, row.id);
        await repo.revokeSessions(trx, row.user_id);
      });
      return { result: 'passwordReset' as const };
    },

    async changePassword(user: AuthedUser, oldPassword: string, newPassword: string) {
      const row = await repo.findUserById(db, user.id);
      if (!row || !(await verifyPassword(row.password_hash, oldPassword))) {
        throw badRequest('errors.wrongPassword', [], 'oldPassword');
      }
      if (oldPassword === newPassword) throw badRequest('errors.samePassword', [], 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        await repo.updateUser(trx, user.id, { password_hash: passwordHash });
        await repo.revokeSessions(trx, user.id, user.sessionId);
      });
    },

    async getProfile(user: AuthedUser): Promise<Profile> {
      const row = await repo.findUserById(db, user.id);
      if (!row) throw unauthorized();
      return {
        username: row.username,
        displayName: row.display_name,
        email: row.email,
        lang: row.lang,
      };
    },

    async updateProfile(
      user: AuthedUser,
      input: { displayName: string; lang: string },
    ): Promise<Profile> {
      const row = await repo.updateUser(db, user.id, {
        display_name: input.displayName,
        lang: resolveLocale(input.lang),
      });
      return {
        username: row.username,
        displayName: row.display_name,
        email: row.email,
        lang: row.lang,
      };
    },
  };
}
