import type { ConfirmResponse, InviteBody, Organization } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { ROLES } from '../../db/reference-data';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { newSecret, sha256 } from '../../lib/secrets';
import { isAdmin, type ActiveOrganization, type AuthedUser } from '../../plugins/context';
import { resolveLocale, translate } from '../../plugins/i18n';
import type { Mailer } from '../../plugins/mail';
import * as repo from './invitations.repository';
import * as organizations from './organizations.repository';

/** An invitation link works this long (issue 24). */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

const ORGANIZATION_ROLES = ROLES.map((r) => r.code);
/** The organisation's admin roles (orgadmin): above every admin who does not hold one. */
const ADMIN_ROLES = ROLES.filter((r) => r.isAdmin).map((r) => r.code);
/** Who holds one of these may give any of the organisation's roles. */
const GRANTS_ANY_ROLE = ['orgadmin', 'sysadmin'];

export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

interface Caller {
  user: AuthedUser;
  organization: ActiveOrganization;
}

const gone = (code: string) => new AppError(410, [{ code, parameters: [] }]);

/**
 * Members invited by e-mail with roles (issue 24). Only admins invite, and never with a role
 * above their own: an admin role they do not hold (orgadmin) needs orgadmin or sysadmin. The mail carries a
 * secret whose SHA-256 alone is stored (as the account's codes); the link works once, for
 * seven days, until revoked, and for the account with the address it was sent to.
 */
export type InvitationService = ReturnType<typeof createInvitationService>;

export function createInvitationService(deps: InvitationDeps) {
  const { db } = deps;

  function requireAdmin(caller: Caller) {
    if (!isAdmin(caller.organization.roles)) throw forbidden('errors.invitation.adminOnly');
  }

  function checkRoles(caller: Caller, roles: string[]) {
    const unknown = roles.filter((r) => !ORGANIZATION_ROLES.includes(r));
    if (unknown.length > 0) {
      throw badRequest(
        'validation.unknownRole',
        [unknown.join(', '), ORGANIZATION_ROLES.join(', ')],
        'roles',
      );
    }
    const own = caller.organization.roles;
    if (own.some((r) => GRANTS_ANY_ROLE.includes(r))) return;
    // Any admin stands above the roles that are no admin's; support does not make orgadmins.
    const above = roles.filter((r) => ADMIN_ROLES.includes(r) && !own.includes(r));
    if (above.length > 0) {
      throw new AppError(403, [
        { code: 'errors.invitation.roleAboveOwn', parameters: [above.join(', ')], field: 'roles' },
      ]);
    }
  }

  /** An invitation by the secret of its link, refused when it no longer works. */
  async function usable(executor: Db, code: string, forUpdate = false) {
    const found = await repo.findByTokenHash(executor, sha256(code), forUpdate);
    if (!found) throw notFound('errors.invitation.unknown');
    if (found.revoked_at) throw gone('errors.invitation.revoked');
    if (found.accepted_at) throw gone('errors.invitation.used');
    if (found.expires_at.getTime() <= Date.now()) throw gone('errors.invitation.expired');
    return found;
  }

  function requireAddressee(user: AuthedUser, email: string) {
    if (user.email.toLowerCase() !== email.toLowerCase()) {
      throw new AppError(403, [
        { code: 'errors.invitation.otherAddress', parameters: [email, user.email] },
      ]);
    }
  }

  const toPreview = (found: NonNullable<Awaited<ReturnType<typeof repo.findByTokenHash>>>) => ({
    organizationName: found.organization_name,
    email: found.email,
    roles: found.roles,
    expiresAt: found.expires_at.toISOString(),
  });

  const toInvitation = (row: {
    key: string;
    email: string;
    roles: string[];
    created_at: Date;
    expires_at: Date;
    display_name?: string | null;
  }) => ({
    id: row.key,
    email: row.email,
    roles: row.roles,
    invitedBy: row.display_name ?? null,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  });

  return {
    async create(caller: Caller, input: InviteBody) {
      requireAdmin(caller);
      const roles = [...new Set(input.roles)].sort();
      checkRoles(caller, roles);
      const orgId = caller.organization.id;
      if (await repo.isMemberByEmail(db, orgId, input.email)) {
        throw conflict('errors.invitation.alreadyMember', [input.email], 'email');
      }
      const code = newSecret();
      const created = await db.transaction().execute(async (trx) => {
        await repo.revokeOpenFor(trx, orgId, input.email);
        const row = await repo.insertInvitation(trx, {
          organization_id: orgId,
          key: uuidv7(),
          email: input.email,
          roles,
          token_hash: sha256(code),
          invited_by: caller.user.id,
          expires_at: new Date(Date.now() + INVITATION_TTL_MS),
        });
        const org = await repo.getOrganizationName(trx, orgId);
        // In the invitee's language when they have an account, else in the inviter's.
        const locale = resolveLocale(
          (await repo.findLangByEmail(trx, input.email)) ?? caller.user.lang,
        );
        const link = `${deps.publicUrl}/account/invitation/${code}`;
        await deps.mailer.enqueue(trx, {
          to: input.email,
          subject: translate(locale, 'mail.invitation.subject', [org.name]),
          text: translate(locale, 'mail.invitation.body', [
            caller.user.displayName,
            org.name,
            roles.join(', '),
            link,
            Math.round(INVITATION_TTL_MS / 86_400_000),
          ]),
        });
        return row;
      });
      deps.mailer.flush().catch(() => undefined); // the timer retries; the outbox row is safe
      return toInvitation({ ...created, display_name: caller.user.displayName });
    },

    async list(caller: Caller) {
      requireAdmin(caller);
      const rows = await repo.listOpen(db, caller.organization.id);
      return { items: rows.map(toInvitation) };
    },

    async revoke(caller: Caller, key: string) {
      requireAdmin(caller);
      const isKey = /^[0-9a-f-]{36}$/i.test(key);
      if (!isKey || !(await repo.revoke(db, caller.organization.id, key.toLowerCase()))) {
        throw notFound('errors.invitation.notOpen');
      }
      return { ok: true as const };
    },

    async preview(user: AuthedUser, code: string) {
      const found = await usable(db, code);
      requireAddressee(user, found.email);
      return toPreview(found);
    },

    /**
     * The link opened by a visitor who is not signed in: who invites, to whom and with which
     * roles, so that they can sign in or register with that address. Holding the link is what
     * the addressee holds; a signed-in account of another address still cannot accept it.
     */
    async lookup(code: string) {
      return toPreview(await usable(db, code));
    },

    /** A newcomer registers from the link: it must still work and name the address typed. */
    async checkForRegistration(code: string, email: string) {
      const found = await usable(db, code);
      if (found.email.toLowerCase() !== email.toLowerCase()) {
        throw badRequest('errors.invitation.registerOtherAddress', [found.email], 'email');
      }
    },

    /** Ties the invitation to the new account, in the registration's transaction. */
    async reserveForRegistration(executor: Db, code: string, userId: string) {
      await repo.reserveForUser(executor, sha256(code), userId);
    },

    /**
     * The new account's address is confirmed: the invitation it was registered from is
     * accepted, so that signing in lands in the organisation (issue 24). The addressee rule
     * of accept holds here too. Undefined when the account came from no invitation.
     */
    async acceptRegistered(
      executor: Db,
      user: { id: string; email: string },
    ): Promise<ConfirmResponse['invitation']> {
      const found = await repo.findReservedFor(executor, user.id);
      if (!found || found.email.toLowerCase() !== user.email.toLowerCase()) return undefined;
      const organizationName = found.organization_name;
      if (found.revoked_at) return { organizationName, result: 'revoked' };
      if (found.accepted_at) return { organizationName, result: 'used' };
      if (found.expires_at.getTime() <= Date.now()) return { organizationName, result: 'expired' };
      await organizations.addMember(executor, found.organization_id, user.id, found.roles);
      await repo.markAccepted(executor, found, user.id);
      return { organizationName, result: 'accepted' };
    },

    /** Joins once: the row is locked, so a link opened twice at once adds one membership. */
    async accept(user: AuthedUser, code: string): Promise<Organization> {
      return db.transaction().execute(async (trx) => {
        const found = await usable(trx, code, true);
        requireAddressee(user, found.email);
        if (!(await organizations.addMember(trx, found.organization_id, user.id, found.roles))) {
          throw conflict('errors.alreadyMember', [found.name_nick]);
        }
        await repo.markAccepted(trx, found, user.id);
        return { id: found.organization_key, nameNick: found.name_nick, roles: found.roles };
      });
    },
  };
}
