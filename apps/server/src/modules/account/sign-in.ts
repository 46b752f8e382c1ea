import type { AuthToken, SignInEvent } from '@listina/contract';
import type { Db } from '../../db/create-db';
import type { SignInResult } from '../../db/schema';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../../lib/errors';
import { spendVerifyTime, verifyPassword } from '../../lib/secrets';
import type { AuthedUser, RequestContext } from '../../plugins/context';
import { resolveLocale } from '../../plugins/i18n';
import * as repo from './account.repository';
import type { createAddressUnlock } from './address-unlock';
import { sessionOf, type createSessions } from './sessions';
import * as signInRepo from './sign-in.repository';
import { userAgentNames } from './user-agent';

export interface SignInDeps {
  db: Db;
  sessions: ReturnType<typeof createSessions>;
  unlock: ReturnType<typeof createAddressUnlock>;
  loginRate: {
    /** Per address: failures with at most maxPerAddress different names within windowMs. */
    windowMs: number;
    maxPerAddress: number;
    /** Per account (any of its names): maxPerUser failures, then a lock of lockBaseMs that doubles. */
    maxPerUser: number;
    lockBaseMs: number;
    lockMaxMs: number;
    /** Failures of an account older than this are forgotten (a success forgets them all). */
    memoryMs: number;
    /** Registrations, and password-reset requests, per address within the hour. */
    mailMaxPerAddress: number;
    /** Password-reset mails per account within the hour. */
    resetMaxPerAccount: number;
  };
}

/** An address the account signed in from within this time is known to it. */
const TRUSTED_ADDRESS_MS = 30 * 24 * 3_600_000;

interface Subjects {
  /** The account's failures from every address. */
  account: string;
  /** The account's failures from this address (addr:<ip>|<account>). */
  pair: string;
}

/** Longest user agent kept in the sign-in log. */
const USER_AGENT_MAX = 300;

const secondsUntil = (time: number) => Math.max(1, Math.ceil((time - Date.now()) / 1000));

/** The 429 of a lock, with how many seconds it still lasts. */
const lockedError = (seconds: number) => tooManyRequests('errors.tooManyAttempts', [seconds]);

/**
 * The 429 of an address over its spraying limit: the same for every password, right or
 * wrong, and it tells the holder of a right one to look for the unlock mail.
 */
const addressLimitedError = (seconds: number) =>
  tooManyRequests('errors.tooManyFromNetwork', [seconds]);

/** How many seconds a lock still lasts, read from a 429 of lockedError. */
export const lockSeconds = (error: unknown) =>
  error instanceof AppError && error.statusCode === 429
    ? Number(error.errors[0]?.parameters?.[0] ?? 0)
    : undefined;

/**
 * Sign-in with its limits and its log (docs/security.md "Controls: sessions and sign-in").
 * Unknown usernames are limited and answered exactly as known ones.
 */
export function createSignIn(deps: SignInDeps) {
  const { db, loginRate: rate } = deps;

  /** Seconds a subject (an account, or an account from one address) must still wait, or 0. */
  async function lockOf(subject: string) {
    const since = new Date(Date.now() - rate.memoryMs);
    const { count, newest } = await signInRepo.failuresSince(db, subject, since);
    if (count < rate.maxPerUser || !newest) return 0;
    const wait = Math.min(rate.lockBaseMs * 2 ** (count - rate.maxPerUser), rate.lockMaxMs);
    const until = newest.getTime() + wait;
    return until > Date.now() ? secondsUntil(until) : 0;
  }

  /**
   * Seconds the address must still wait before trying accounts it is not known to, or 0:
   * a sliding window over the different accounts and names that failed from it.
   */
  async function addressLock(ip: string) {
    const since = new Date(Date.now() - rate.windowMs);
    const { count, oldest } = await signInRepo.distinctFailuresSince(db, `addr:${ip}|`, since);
    if (count < rate.maxPerAddress) return 0;
    return secondsUntil((oldest?.getTime() ?? Date.now()) + rate.windowMs);
  }

  /**
   * Which limit holds this attempt back (docs/security.md "Controls: sessions and sign-in").
   * From an address the account signed in from lately, only that pair's own failures count,
   * so someone elsewhere can neither lock the user out nor use up the address's allowance.
   * From any other address the account's failures from everywhere count, and the address's
   * own limit on how many different names it may fail with.
   */
  async function limitOf(user: { id: string } | undefined, subjects: Subjects, ip: string) {
    const trustedSince = new Date(Date.now() - TRUSTED_ADDRESS_MS);
    const known =
      user &&
      ((await signInRepo.hasSignedInFrom(db, user.id, ip, trustedSince)) ||
        (await deps.unlock.isUnlocked(user.id, ip)));
    if (known) {
      const seconds = await lockOf(subjects.pair);
      return { seconds, result: 'locked' as const };
    }
    const byAccount = await lockOf(subjects.account);
    if (byAccount > 0) return { seconds: byAccount, result: 'locked' as const };
    return { seconds: await addressLock(ip), result: 'addressLimited' as const };
  }

  return {
    async login(
      input: { username: string; password: string; lang?: string | undefined },
      ctx: RequestContext,
      userAgent: string | undefined,
    ): Promise<AuthToken> {
      const log = (userId: string | null, result: SignInResult) =>
        signInRepo.insertSignInEvent(db, {
          userId,
          username: input.username,
          result,
          ip: ctx.ip,
          userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        });

      const user = await repo.findUserByLogin(db, input.username);
      // The account, whichever of its names was typed; an unknown name stands for itself.
      const account = user ? `account:${user.id}` : `name:${input.username}`;
      const subjects = { account, pair: `addr:${ctx.ip}|${account}` };
      const limit = await limitOf(user, subjects, ctx.ip);
      if (limit.seconds > 0 && limit.result === 'locked') {
        await log(user?.id ?? null, limit.result);
        throw lockedError(limit.seconds);
      }
      if (limit.seconds > 0) {
        // Unlock by e-mail: the password is checked (every answer costs the same hash) and
        // only its holder gets a link, in a mail; the answer is the same either way.
        const right = user
          ? await verifyPassword(user.password_hash, input.password)
          : (await spendVerifyTime(input.password), false);
        if (user && right && user.email_confirmed_at) await deps.unlock.mailLink(user);
        await log(user?.id ?? null, limit.result);
        throw addressLimitedError(limit.seconds);
      }
      const isValid = user
        ? await verifyPassword(user.password_hash, input.password)
        : (await spendVerifyTime(input.password), false);
      if (!user || !isValid) {
        const forgetBefore = new Date(Date.now() - Math.max(rate.memoryMs, rate.windowMs));
        await signInRepo.recordFailures(db, [subjects.account, subjects.pair], forgetBefore);
        await log(user?.id ?? null, user ? 'badPassword' : 'unknownUser');
        throw unauthorized('errors.invalidCredentials');
      }
      // Only the holder of the password learns that the address is unconfirmed.
      if (!user.email_confirmed_at) {
        await log(user.id, 'unconfirmed');
        throw unauthorized('errors.emailNotConfirmed');
      }
      await signInRepo.clearFailures(db, [subjects.account, subjects.pair]);
      await log(user.id, 'success');
      const { apikey, expiresAt } = await deps.sessions.start(user.id);
      // spec §1 (issue 24): the saved profile language is the interface language after sign-in;
      // the page's language only fills in for a profile that never saved one.
      const lang = user.lang ? resolveLocale(user.lang) : resolveLocale(input.lang);
      const session = await sessionOf(
        db,
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

    /** The newest sign-ins of the user, or with `all` (sysadmin only) of everyone. */
    async listSignIns(
      user: AuthedUser,
      query: { all: boolean; count: number },
    ): Promise<{ items: SignInEvent[] }> {
      if (query.all && !user.roles.includes('sysadmin')) throw forbidden();
      const rows = await signInRepo.listSignInEvents(
        db,
        query.all ? undefined : user.id,
        query.count,
      );
      return {
        items: rows.map((r) => ({
          at: r.created_at.toISOString(),
          username: r.username,
          result: r.result,
          ip: r.ip,
          userAgent: r.user_agent,
          ...userAgentNames(r.user_agent),
        })),
      };
    },
  };
}
