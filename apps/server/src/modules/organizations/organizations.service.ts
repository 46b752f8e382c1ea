import { randomInt } from 'node:crypto';
import type { OrganizationDetails, Organization } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { isAdmin, type ActiveOrganization, type AuthedUser } from '../../plugins/context';
import { seedOrganizationDefaults } from '../tables/defaults';
import { organizationVatIdProblem } from '../tables/entities/organization';
import * as repo from './organizations.repository';
import { isValidSlovenianVatId } from '@listina/forms';
import { searchNormalise } from '../../lib/search-normalise';

// No 0/O or 1/I/L, so a code read aloud or typed from paper arrives intact.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

export function newConnectCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Codes are shown in groups of four; spaces, dashes and case do not matter when typed. */
export const normaliseConnectCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

const toCompany = (row: NonNullable<Awaited<ReturnType<typeof repo.findCompanyByTaxNumber>>>) => ({
  taxNumber: row.tax_number,
  vatId: row.vat_id,
  registrationNumber: row.registration_number,
  name: row.name,
  address: row.address,
  postCode: row.post_code,
  town: row.town,
  countryCode: row.country_code,
});

const COMPANY_SEARCH_LIMIT = 20;

export type OrganizationService = ReturnType<typeof createOrganizationService>;

export function createOrganizationService(db: Db) {
  return {
    async create(
      user: AuthedUser,
      input: { name: string; nameNick?: string | undefined; taxNumber?: string | undefined },
    ): Promise<OrganizationDetails> {
      // Checked as the organisation's record checks it when changed (issue 24).
      const taxNumber = input.taxNumber?.replace(/\s+/g, '').toUpperCase() || null;
      const problem = taxNumber === null ? undefined : organizationVatIdProblem(taxNumber);
      if (problem) throw badRequest(problem, [], 'taxNumber');
      const org = await db.transaction().execute(async (trx) => {
        const created = await repo.insertOrganization(trx, {
          key: uuidv7(),
          name: input.name,
          name_nick: input.nameNick ?? input.name.slice(0, 60),
          tax_number: taxNumber,
          connect_code: newConnectCode(),
        });
        await repo.addMember(trx, created.id, user.id, ['orgadmin']);
        await seedOrganizationDefaults(trx, created.id);
        return created;
      });
      return {
        id: org.key,
        nameNick: org.name_nick,
        name: org.name,
        taxNumber: org.tax_number,
        roles: ['orgadmin'],
        connectCode: org.connect_code,
      };
    },

    async connect(user: AuthedUser, code: string): Promise<Organization> {
      const org = await repo.findByConnectCode(db, normaliseConnectCode(code));
      if (!org) throw notFound('errors.connectCodeUnknown');
      // Checked again by the insert itself: two connects at once add one membership (issue 22).
      if (
        (await repo.isMember(db, org.id, user.id)) ||
        !(await repo.addMember(db, org.id, user.id, ['user']))
      ) {
        throw conflict('errors.alreadyMember', [org.name_nick], 'code');
      }
      return { id: org.key, nameNick: org.name_nick, roles: ['user'] };
    },

    /** spec §7 external check, answered from the local register (no outside calls). */
    async checkCompany(vatId: string) {
      const compact = vatId.replace(/\s+/g, '').toUpperCase();
      const taxNumber = compact.replace(/^SI/, '');
      const isValid = isValidSlovenianVatId(compact);
      const row = isValid ? await repo.findCompanyByTaxNumber(db, taxNumber) : undefined;
      return { vatId: compact, isValid, company: row ? toCompany(row) : null };
    },

    async searchCompanies(search: string) {
      const words = searchNormalise(search).split(/\s+/).filter(Boolean).slice(0, 5);
      const rows = await repo.searchCompanies(db, words, COMPANY_SEARCH_LIMIT);
      return { items: rows.map(toCompany) };
    },

    async current(
      user: AuthedUser,
      organization: ActiveOrganization,
    ): Promise<OrganizationDetails> {
      const org = await repo.getOrganization(db, {
        userId: user.id,
        organizationId: organization.id,
      });
      return {
        id: org.key,
        nameNick: org.name_nick,
        name: org.name,
        taxNumber: org.tax_number,
        roles: organization.roles,
        connectCode: isAdmin(organization.roles) ? org.connect_code : null,
      };
    },
  };
}
