import { z } from 'zod';
import { defineRoute } from './route';
import { OkSchema, requiredText } from './common';
import { OrganizationSchema } from './account';

/** The steps of a new organisation's checklist on its home page (issue 24), in order. */
export const ONBOARDING_STEPS = [
  'company',
  'bankAccount',
  'members',
  'documentTypes',
  'firstUpload',
] as const;
export const OnboardingStepSchema = z.enum(ONBOARDING_STEPS);
export type OnboardingStep = z.infer<typeof OnboardingStepSchema>;

export const OnboardingStepStateSchema = z.enum(['open', 'done', 'skipped']);
export type OnboardingStepState = z.infer<typeof OnboardingStepStateSchema>;

export const OnboardingSchema = z.object({
  steps: z.array(z.object({ step: OnboardingStepSchema, state: OnboardingStepStateSchema })),
  /** Steps done or skipped, of all. */
  finished: z.number().int(),
  total: z.number().int(),
  /** Put away by a member; shown again from the home page. */
  isDismissed: z.boolean(),
  /** Only admins change the organisation's data, so only they walk the checklist. */
  canChange: z.boolean(),
});
export type Onboarding = z.infer<typeof OnboardingSchema>;

export const OnboardingStepBodySchema = z.strictObject({ state: OnboardingStepStateSchema });
export const OnboardingDismissBodySchema = z.strictObject({ isDismissed: z.boolean() });

export const CompanyLookupQuerySchema = z.strictObject({ vatId: requiredText(20) });
export const CompanyLookupSchema = z.object({
  vatId: z.string(),
  /** found: the register knows it; invalid: it does not; unavailable: it could not be asked. */
  status: z.enum(['found', 'invalid', 'unavailable']),
  /** vies: the EU's VAT register; local: the server's own copy (ADR 0019). */
  source: z.enum(['vies', 'local']).nullable(),
  company: z
    .object({
      name: z.string(),
      address: z.string(),
      postCode: z.string(),
      town: z.string(),
      countryCode: z.string(),
    })
    .nullable(),
});
export type CompanyLookup = z.infer<typeof CompanyLookupSchema>;

export const BankOfIbanQuerySchema = z.strictObject({ iban: requiredText(50) });
export const BankOfIbanSchema = z.object({
  iban: z.string(),
  /** The IBAN's problem as a message code (validation.iban.*), or null when it is right. */
  problem: z.string().nullable(),
  bic: z.string().nullable(),
  bankName: z.string().nullable(),
});

export const onboardingRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/organization/onboarding',
    summary: "The organisation's first-day checklist with each step's state.",
    access: 'organization',
    response: OnboardingSchema,
  }),
  setStep: defineRoute({
    method: 'PUT',
    path: '/api/organization/onboarding/:step',
    summary: 'Mark a checklist step done, skipped or open again (admins).',
    access: 'organization',
    body: OnboardingStepBodySchema,
    response: OnboardingSchema,
  }),
  dismiss: defineRoute({
    method: 'PUT',
    path: '/api/organization/onboarding',
    summary: 'Put the checklist away, or bring it back (admins).',
    access: 'organization',
    body: OnboardingDismissBodySchema,
    response: OnboardingSchema,
  }),
  lookUpCompany: defineRoute({
    method: 'GET',
    path: '/api/organization/company-lookup',
    summary: 'Company data by VAT ID from the company register (VIES, else the local register).',
    access: 'organization',
    query: CompanyLookupQuerySchema,
    response: CompanyLookupSchema,
  }),
  bankOfIban: defineRoute({
    method: 'GET',
    path: '/api/organization/bank-of-iban',
    summary: 'Checks an IBAN and names its bank and BIC from the bank list.',
    access: 'organization',
    query: BankOfIbanQuerySchema,
    response: BankOfIbanSchema,
  }),
};

/** Roles an invitation gives (the organisation's own roles, spec §6). */
export const InviteBodySchema = z.strictObject({
  email: z.email({ message: 'validation.email' }).max(320),
  roles: z.array(z.string().trim().toLowerCase().min(1).max(40)).min(1).max(10),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const InvitationListSchema = z.object({ items: z.array(InvitationSchema) });

/** What the invitation link shows before it is accepted. */
export const InvitationPreviewSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const invitationRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/organization/invitations',
    summary: 'Invite an e-mail address with roles (admins, never above their own roles).',
    access: 'organization',
    body: InviteBodySchema,
    response: InvitationSchema,
    status: 201,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/organization/invitations',
    summary: "The organisation's open invitations (admins).",
    access: 'organization',
    response: InvitationListSchema,
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/organization/invitations/:id',
    summary: 'Revoke an open invitation (admins).',
    access: 'organization',
    response: OkSchema,
  }),
  lookup: defineRoute({
    method: 'GET',
    path: '/api/invitation/:code/public',
    summary:
      'The organisation, address and roles of an invitation link, for a visitor who is not signed in (to sign in or register from it).',
    access: 'anonymous',
    response: InvitationPreviewSchema,
  }),
  preview: defineRoute({
    method: 'GET',
    path: '/api/invitation/:code',
    summary: 'The organisation and roles of an invitation link, before it is accepted.',
    access: 'user',
    response: InvitationPreviewSchema,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/invitation/:code/accept',
    summary: 'Join the organisation of an invitation link (once; it then stops working).',
    access: 'user',
    response: OrganizationSchema,
  }),
};
