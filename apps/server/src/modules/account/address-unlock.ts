import type { Db } from '../../db/create-db';
import { badRequest } from '../../lib/errors';
import { newSecret, sha256 } from '../../lib/secrets';
import { resolveLocale, translate } from '../../plugins/i18n';
import type { Mailer } from '../../plugins/mail';
import { trySpendAllowance } from './request-limits';
import * as signInRepo from './sign-in.repository';

/**
 * Unlock by e-mail (docs/security.md "Controls: sessions and sign-in"): while an address is
 * over its spraying limit, the correct password of an account not known from it gets the same
 * 429 as a wrong one, and a mail to the account with a one-time link. Opening the link lets
 * the account in from the address it was opened from. Everything is kept in login_failure
 * under its own subject prefixes (pruned by the retention runs with the failed sign-ins):
 * - unlock:code:<sha256 of the code>|<user id>: the live link, written when it was mailed;
 * - unlock:mail:<user id>: one per mail, for the hourly limit;
 * - unlock:known:<user id>|<address>: the link was opened from this address.
 */

/** How long a mailed link works, and how long an opened one lets the account in. */
export const UNLOCK_TTL_MS = 30 * 60_000;
/** Unlock mails per account within the hour. */
const UNLOCK_MAILS_PER_HOUR = 3;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
const knownSubject = (userId: string, ip: string) => `unlock:known:${userId}|${ip}`;

export interface AddressUnlockDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

export function createAddressUnlock(deps: AddressUnlockDeps) {
  const { db } = deps;

  return {
    /** Whether a link of the user was opened from this address within the last 30 minutes. */
    async isUnlocked(userId: string, ip: string) {
      const since = new Date(Date.now() - UNLOCK_TTL_MS);
      const { count } = await signInRepo.failuresSince(db, knownSubject(userId, ip), since);
      return count > 0;
    },

    /**
     * Mails the user a link that ends any earlier one; quietly nothing past the hourly limit
     * (the caller's answer must not change). Answers whether a mail was queued.
     */
    async mailLink(user: { id: string; email: string; lang: string }) {
      const queued = await db.transaction().execute(async (trx) => {
        const allowed = await trySpendAllowance(trx, {
          subject: `unlock:mail:${user.id}`,
          max: UNLOCK_MAILS_PER_HOUR,
        });
        if (!allowed) return false;
        await trx
          .deleteFrom('login_failure')
          .where('subject', 'like', `unlock:code:%|${escapeLike(user.id)}`)
          .execute();
        const code = newSecret();
        await trx
          .insertInto('login_failure')
          .values({ subject: `unlock:code:${sha256(code)}|${user.id}` })
          .execute();
        const locale = resolveLocale(user.lang);
        const link = `${deps.publicUrl}/account/unlock?code=${code}`;
        await deps.mailer.enqueue(trx, {
          to: user.email,
          subject: translate(locale, 'mail.unlockAddress.subject'),
          text: translate(locale, 'mail.unlockAddress.body', [link, UNLOCK_TTL_MS / 60_000]),
        });
        return true;
      });
      if (queued) deps.mailer.flush().catch(() => undefined); // the timer retries
      return queued;
    },

    /**
     * Uses a mailed code up: its account is let in from `ip` for the next 30 minutes, where a
     * successful sign-in makes the address known to it as any sign-in does. A wrong, used or
     * expired code is a 400.
     */
    async unlock(code: string, ip: string) {
      await db.transaction().execute(async (trx) => {
        const since = new Date(Date.now() - UNLOCK_TTL_MS);
        const used = await trx
          .deleteFrom('login_failure')
          .where('subject', 'like', `unlock:code:${escapeLike(sha256(code))}|%`)
          .where('failed_at', '>', since)
          .returning('subject')
          .executeTakeFirst();
        if (!used) throw badRequest('errors.codeInvalid', [], 'code');
        const userId = used.subject.slice(used.subject.lastIndexOf('|') + 1);
        await trx
          .insertInto('login_failure')
          .values({ subject: knownSubject(userId, ip) })
          .execute();
      });
    },
  };
}
