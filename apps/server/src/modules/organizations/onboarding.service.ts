import {
  ONBOARDING_STEPS,
  type CompanyLookup,
  type Onboarding,
  type OnboardingStep,
  type OnboardingStepState,
} from '@listina/contract';
import { checkIban } from '@listina/forms';
import type { Db } from '../../db/create-db';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { isAdmin, type ActiveOrganization, type AuthedUser } from '../../plugins/context';
import { passesCheckDigit, splitVatId, type CompanyRegisterConnector } from './company-register';
import * as repo from './onboarding.repository';
import * as organizations from './organizations.repository';

export type OnboardingService = ReturnType<typeof createOnboardingService>;

interface Caller {
  user: AuthedUser;
  organization: ActiveOrganization;
}

const scopeOf = ({ user, organization }: Caller) => ({
  userId: user.id,
  organizationId: organization.id,
});

function requireAdmin(caller: Caller) {
  if (!isAdmin(caller.organization.roles)) throw forbidden('errors.onboarding.adminOnly');
}

/**
 * A new organisation's first-day checklist (issue 24): each step is done when the
 * organisation has done it (its company data, a bank account, a second member or an
 * invitation, a document), or when an admin marks it done or skips it. The state is the
 * organisation's, so every member sees the same progress.
 */
export function createOnboardingService(db: Db, register: CompanyRegisterConnector | undefined) {
  async function read(caller: Caller): Promise<Onboarding> {
    return inScope(db, scopeOf(caller), async (trx) => {
      const saved = await repo.findOnboarding(trx, caller.organization.id);
      const progress = await repo.findProgress(trx, caller.organization.id);
      const marked: Record<string, string> = saved?.steps ?? {};
      const steps = ONBOARDING_STEPS.map((step) => {
        const mark = marked[step];
        const state: OnboardingStepState =
          mark === 'done' || mark === 'skipped' ? mark : progress[step] ? 'done' : 'open';
        return { step, state };
      });
      return {
        steps,
        finished: steps.filter((s) => s.state !== 'open').length,
        total: steps.length,
        isDismissed: Boolean(saved?.dismissed_at),
        canChange: isAdmin(caller.organization.roles),
      };
    });
  }

  /** The local register (the server's own copy) for a Slovenian VAT ID. */
  async function lookUpLocally(vatNumber: string): Promise<CompanyLookup['company']> {
    const row = await organizations.findCompanyByTaxNumber(db, vatNumber);
    if (!row) return null;
    return {
      name: row.name,
      address: row.address,
      postCode: row.post_code,
      town: row.town,
      countryCode: row.country_code,
    };
  }

  return {
    read,

    async setStep(caller: Caller, step: string, state: OnboardingStepState) {
      requireAdmin(caller);
      if (!(ONBOARDING_STEPS as readonly string[]).includes(step)) {
        throw notFound('errors.onboarding.unknownStep', [step]);
      }
      await inScope(db, scopeOf(caller), (trx) =>
        repo.saveStep(trx, caller.organization.id, step as OnboardingStep, state),
      );
      return read(caller);
    },

    async dismiss(caller: Caller, isDismissed: boolean) {
      requireAdmin(caller);
      await inScope(db, scopeOf(caller), (trx) =>
        repo.saveDismissed(trx, caller.organization.id, isDismissed),
      );
      return read(caller);
    },

    /**
     * Company data by VAT ID (ADR 0019): a Slovenian number with a wrong check digit is refused
     * before anyone is asked; then VIES when configured; when VIES is off or cannot be asked,
     * the local register answers for Slovenian companies it holds.
     */
    async lookUpCompany(vatId: string): Promise<CompanyLookup> {
      const parts = splitVatId(vatId);
      if (!parts || !passesCheckDigit(parts.countryCode, parts.vatNumber)) {
        throw badRequest('validation.vatId', [], 'vatId');
      }
      const compact = `${parts.countryCode}${parts.vatNumber}`;
      const answer = register
        ? await register.lookUp(parts.countryCode, parts.vatNumber)
        : ({ status: 'unavailable' } as const);
      if (answer.status === 'found') {
        return { vatId: compact, status: 'found', source: 'vies', company: answer.company };
      }
      const local = parts.countryCode === 'SI' ? await lookUpLocally(parts.vatNumber) : null;
      if (local) return { vatId: compact, status: 'found', source: 'local', company: local };
      return {
        vatId: compact,
        status: answer.status,
        source: answer.status === 'invalid' ? 'vies' : null,
        company: null,
      };
    },

    /** An IBAN's check and, for a Slovenian one, its bank and BIC from the bank list. */
    async bankOfIban(input: string) {
      const iban = input.replace(/\s+/g, '').toUpperCase();
      const problem = checkIban(iban);
      if (problem)
        return { iban, problem: `validation.iban.${problem}`, bic: null, bankName: null };
      // spec §3 bank: digits 5–9 of an SI IBAN name the bank (SI56 02010 … → 02010).
      const bank = iban.startsWith('SI')
        ? await repo.findBankByCode(db, iban.slice(4, 9))
        : undefined;
      return { iban, problem: null, bic: bank?.bic ?? null, bankName: bank?.name ?? null };
    },
  };
}
