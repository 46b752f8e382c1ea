import type { ConfirmResponse, RegisterBody } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { uuidv7 } from '../../lib/ids';
import { hashPassword } from '../../lib/secrets';
import type { RequestContext } from '../../plugins/context';
import { resolveLocale, translate } from '../../plugins/i18n';
import type { Mailer } from '../../plugins/mail';
import * as repo from './account.repository';
import { spendAllowance, trySpendAllowance } from './request-limits';

/** Mails about a name already in use, to one address within the hour. */
const NOTICE_MAX_PER_EMAIL = 3;

/**
 * What registration asks of invitations (modules/organizations/invitations.service.ts): a
 * newcomer who registers from an invitation link joins its organisation once the address is
 * confirmed (issue 24).
 */
export interface RegistrationInvitations {
  /** Throws when the link no longer works or was sent to another address. */
  checkForRegistration(code: string, email: string): Promise<void>;
  reserveForRegistration(executor: Db, code: string, userId: string): Promise<void>;
  acceptRegistered(
    executor: Db,
    user: { id: string; email: string },
  ): Promise<ConfirmResponse['invitation']>;
}

export interface RegistrationDeps {
  db: Db;
  /** Registrations from one address within the hour (docs/security.md). */
  loginRate: { mailMaxPerAddress: number };
  mailer: Mailer;
  publicUrl: string;
  invitations: RegistrationInvitations;
}

type NewUser = Awaited<ReturnType<typeof repo.insertUser>>;

/**
 * Registration that does not tell which usernames and e-mail addresses exist (docs/security.md
 * "Controls: sessions and sign-in"): every accepted request gets the same 201 and the same
 * body, and costs the same password hash. What happened is said only in a mail to the
 * address typed: to a new address its confirmation link; to the address of an existing account
 * that someone tried to register with it; to a new address with a username already in use that
 * the username is not available. So only the reader of that mailbox learns it, one mail a try.
 */
export function createRegistration(
  deps: RegistrationDeps,
  mailConfirmation: (user: NewUser, executor: Db) => Promise<void>,
) {
  const { db } = deps;

  async function mailNotice(
    trx: Db,
    to: { email: string; lang: string },
    kind: 'registerExisting' | 'registerUsernameTaken',
    parameters: string[],
  ) {
    const subject = `register:mail:${to.email.toLowerCase()}`;
    if (!(await trySpendAllowance(trx, { subject, max: NOTICE_MAX_PER_EMAIL }))) return;
    const locale = resolveLocale(to.lang);
    await deps.mailer.enqueue(trx, {
      to: to.email,
      subject: translate(locale, `mail.${kind}.subject`),
      text: translate(locale, `mail.${kind}.body`, parameters),
    });
  }

  /** Creates the account; undefined when a concurrent registration took a name first. */
  async function create(input: RegisterBody, passwordHash: string) {
    try {
      return await db.transaction().execute(async (trx) => {
        const created = await repo.insertUser(trx, {
          key: uuidv7(),
          username: input.username,
          email: input.email,
          display_name: input.displayName,
          password_hash: passwordHash,
          lang: resolveLocale(input.lang),
        });
        if (input.invitation) {
          await deps.invitations.reserveForRegistration(trx, input.invitation, created.id);
        }
        await mailConfirmation(created, trx);
        return created;
      });
    } catch (error) {
      if (repo.isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** Tells the mailbox typed why no account was made; nothing else is written. */
  async function refuse(input: RegisterBody) {
    await db.transaction().execute(async (trx) => {
      const holders = await repo.findHolders(trx, input.username, input.email);
      if (holders.byEmail) {
        // From an invitation (sent to this same address): signing in returns to it.
        const back = input.invitation
          ? `?${new URLSearchParams({ returnUrl: `/account/invitation/${input.invitation}` }).toString()}`
          : '';
        await mailNotice(trx, holders.byEmail, 'registerExisting', [
          holders.byEmail.username,
          `${deps.publicUrl}/account/login${back}`,
        ]);
      } else {
        await mailNotice(
          trx,
          { email: input.email, lang: input.lang ?? '' },
          'registerUsernameTaken',
          [input.username, `${deps.publicUrl}/account/newuser`],
        );
      }
    });
  }

  return async function register(input: RegisterBody, ctx: RequestContext) {
    await db
      .transaction()
      .execute((trx) =>
        spendAllowance(
          trx,
          [{ subject: `register:addr:${ctx.ip}`, max: deps.loginRate.mailMaxPerAddress }],
          'errors.tooManyRegistrations',
        ),
      );
    // An invitation's state says nothing about which accounts exist, so it may answer first.
    if (input.invitation) {
      await deps.invitations.checkForRegistration(input.invitation, input.email);
    }
    // Hashed first, whatever follows: a taken name must not answer sooner.
    const passwordHash = await hashPassword(input.password);
    const holders = await repo.findHolders(db, input.username, input.email);
    const created =
      holders.byEmail || holders.byUsername ? undefined : await create(input, passwordHash);
    if (!created) await refuse(input);
    return { username: input.username, email: input.email };
  };
}
