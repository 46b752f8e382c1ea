import type { Profile, RegisterBody } from '@listina/contract';
import { passwordProblem } from '@listina/forms';
import type { Db } from '../../db/create-db';
import { badRequest, conflict, unauthorized } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { hashPassword, newSecret, sha256, verifyPassword } from '../../lib/secrets';
import type { AuthedUser } from '../../plugins/context';
import { resolveLocale, translate, type Locale } from '../../plugins/i18n';
import type { Mailer } from '../../plugins/mail';
import * as repo from './account.repository';
import { createSessions, sessionOf, type SessionDeps } from './sessions';
import { createSignIn, type SignInDeps } from './sign-in';

export { localeSettings } from './sessions';

export interface AccountDeps extends SessionDeps, Omit<SignInDeps, 'sessions'> {
  mailer: Mailer;
  publicUrl: string;
}

const CONFIRM_CODE_TTL_MS = 48 * 3_600_000;
const RESET_CODE_TTL_MS = 3_600_000;

/** Refuses a new password that is too common or the account's own name (packages/forms). */
function checkNewPassword(
  password: string,
  account: { username: string; email: string },
  field: string,
) {
  const problem = passwordProblem(password, account);
  if (problem) throw badRequest(problem, [], field);
}

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService(deps: AccountDeps) {
  const { db } = deps;
  const sessions = createSessions(deps);
  const signIn = createSignIn({ ...deps, sessions });

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
    ...signIn, // login, listSignIns
    ...sessions, // start, authenticate, refresh, logout, logoutOthers
    me: (user: AuthedUser) => sessionOf(db, user, user.expiresAt),
    async forgot(login: string): Promise<void> {
      const user = await repo.findUserByLogin(db, login);
      if (!user) return; // the answer is the same either way
      await mailCode(user, 'resetPassword', db);
      flushMail();
    },

    async register(input: RegisterBody) {
      checkNewPassword(input.password, input, 'password');
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
      const owner = await repo.findUserById(db, row.user_id);
      if (owner) checkNewPassword(password, owner, 'password');
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
      checkNewPassword(newPassword, row, 'newPassword');
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
