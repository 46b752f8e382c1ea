import type { Profile, RegisterBody } from '@listina/contract';
import { passwordProblem } from '@listina/forms/password-strength';
import type { Db } from '../../db/create-db';
import { badRequest, unauthorized } from '../../lib/errors';
import { hashPassword, newSecret, sha256, verifyPassword } from '../../lib/secrets';
import type { AuthedUser, RequestContext } from '../../plugins/context';
import { resolveLocale, translate, type Locale } from '../../plugins/i18n';
import type { Mailer } from '../../plugins/mail';
import * as repo from './account.repository';
import { createAddressUnlock } from './address-unlock';
import { createRegistration, type RegistrationInvitations } from './registration';
import { spendAllowance } from './request-limits';
import { createSessions, sessionOf, type SessionDeps } from './sessions';
import { createSignIn, type SignInDeps } from './sign-in';

export { localeSettings } from './sessions';

export interface AccountDeps extends SessionDeps, Omit<SignInDeps, 'sessions' | 'unlock'> {
  mailer: Mailer;
  publicUrl: string;
  invitations: RegistrationInvitations;
}

const CONFIRM_CODE_TTL_MS = 48 * 3_600_000;
const RESET_CODE_TTL_MS = 3_600_000;

/**
 * Refuses a new password that is easy to guess (zxcvbn-ts, with the estimator's warning as the
 * message) or the account's own name (packages/forms/src/password-strength.ts).
 */
function checkNewPassword(
  password: string,
  account: { username: string; email: string },
  field: string,
) {
  const problem = passwordProblem(password, account);
  if (problem) throw badRequest(problem, [], field);
}

const codeInvalid = () => badRequest('errors.codeInvalid', [], 'code');

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService(deps: AccountDeps) {
  const { db } = deps;
  const sessions = createSessions(deps);
  const unlock = createAddressUnlock(deps);
  const signIn = createSignIn({ ...deps, sessions, unlock });

  async function mailCode(
    user: { id: string; email: string; lang: string },
    kind: 'confirmEmail' | 'resetPassword',
    executor: Db,
  ) {
    // A new code ends the user's other codes of its kind (issue 22): only the newest works.
    await repo.lockUser(executor, user.id);
    await repo.endCodes(executor, user.id, kind);
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

  const register = createRegistration(deps, (user, trx) => mailCode(user, 'confirmEmail', trx));

  return {
    ...signIn, // login, listSignIns
    ...sessions, // start, authenticate, refresh, logout, logoutOthers
    me: (user: AuthedUser) => sessionOf(db, user, user.expiresAt),
    /** Opens a mailed unlock link from the caller's address (address-unlock.ts). */
    unlock: (code: string, ctx: RequestContext) => unlock.unlock(code, ctx.ip),
    /**
     * Mails a reset code, limited per account and per address; an unknown name is counted and
     * answered exactly as a known one (the 429 included), and gets no mail.
     */
    async forgot(login: string, ctx: RequestContext): Promise<void> {
      const user = await repo.findUserByLogin(db, login);
      const account = user ? `reset:account:${user.id}` : `reset:name:${login}`;
      await db.transaction().execute(async (trx) => {
        await spendAllowance(
          trx,
          [
            { subject: account, max: deps.loginRate.resetMaxPerAccount },
            { subject: `reset:addr:${ctx.ip}`, max: deps.loginRate.mailMaxPerAddress },
          ],
          'errors.tooManyResets',
        );
        if (user) await mailCode(user, 'resetPassword', trx);
      });
      if (user) flushMail();
    },

    async register(input: RegisterBody, ctx: RequestContext) {
      checkNewPassword(input.password, input, 'password');
      const answer = await register(input, ctx);
      flushMail();
      return answer;
    },

    async confirm(code: string, password: string | undefined) {
      const row = await repo.findCode(db, sha256(code));
      if (!row || row.used_at || row.expires_at.getTime() <= Date.now()) {
        throw codeInvalid();
      }
      if (row.kind === 'confirmEmail') {
        const invitation = await db.transaction().execute(async (trx) => {
          if (!(await repo.useCode(trx, row.id))) throw codeInvalid();
          const user = await repo.updateUser(trx, row.user_id, { email_confirmed_at: new Date() });
          // Registered from an invitation: the confirmed address joins its organisation.
          return deps.invitations.acceptRegistered(trx, { id: row.user_id, email: user.email });
        });
        return { result: 'emailConfirmed' as const, ...(invitation ? { invitation } : {}) };
      }
      if (!password) return { result: 'passwordRequired' as const };
      const owner = await repo.findUserById(db, row.user_id);
      if (owner) checkNewPassword(password, owner, 'password');
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, row.user_id);
        if (!(await repo.useCode(trx, row.id))) throw codeInvalid();
        // Reading the mail proves the address, so a reset also confirms it.
        await repo.updateUser(trx, row.user_id, {
          password_hash: passwordHash,
          email_confirmed_at: new Date(),
        });
        await repo.endCodes(trx, row.user_id, 'resetPassword');
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
        await repo.lockUser(trx, user.id);
        await repo.updateUser(trx, user.id, { password_hash: passwordHash });
        // A mailed reset code must not undo the change.
        await repo.endCodes(trx, user.id, 'resetPassword');
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
