import { z } from 'zod';
import { defineRoute } from './route';
import { requiredText, text } from './common';
import { OrganizationSchema } from './account';

export const ConnectBodySchema = z.object({ code: requiredText(64) });

export const CreateOrganizationBodySchema = z.object({
  name: requiredText(200),
  nameNick: requiredText(60).optional(),
  taxNumber: text(20).optional(),
});

export const OrganizationDetailsSchema = OrganizationSchema.extend({
  name: z.string(),
  taxNumber: z.string().nullable(),
  /** Only admins of the organisation see the code others use to connect. */
  connectCode: z.string().nullable(),
});
export type OrganizationDetails = z.infer<typeof OrganizationDetailsSchema>;

export const organizationRoutes = {
  connect: defineRoute({
    method: 'POST',
    path: '/api/organization/connect',
    summary: 'Join an organisation with the code its admin shared.',
    access: 'user',
    body: ConnectBodySchema,
    response: OrganizationSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/organization',
    summary: 'Create an organisation; the creator becomes its orgadmin.',
    access: 'user',
    body: CreateOrganizationBodySchema,
    response: OrganizationDetailsSchema,
    status: 201,
  }),
  current: defineRoute({
    method: 'GET',
    path: '/api/organization/current',
    summary: 'The organisation named by the organization-id header.',
    access: 'organization',
    response: OrganizationDetailsSchema,
  }),
};

/** A company of the local register (spec §7: organisation external check and search). */
export const RegisteredCompanySchema = z.object({
  taxNumber: z.string(),
  vatId: z.string().nullable(),
  registrationNumber: z.string(),
  name: z.string(),
  address: z.string(),
  postCode: z.string(),
  town: z.string(),
  countryCode: z.string(),
});
export const CompanyCheckQuerySchema = z.strictObject({ vatId: requiredText(20) });
export const CompanyCheckSchema = z.object({
  vatId: z.string(),
  /** The check digit is right (mod 11 for SI). */
  isValid: z.boolean(),
  company: RegisteredCompanySchema.nullable(),
});
export const CompanySearchQuerySchema = z.strictObject({ search: requiredText(100) });
export const CompanySearchSchema = z.object({ items: z.array(RegisteredCompanySchema) });

export const companyRegisterRoutes = {
  check: defineRoute({
    method: 'GET',
    path: '/api/cl/organization/external/check',
    summary: 'Check a VAT ID and find its company in the local register.',
    access: 'organization',
    query: CompanyCheckQuerySchema,
    response: CompanyCheckSchema,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/cl/organization/external/search',
    summary: 'Search the local company register by name, tax number or town.',
    access: 'organization',
    query: CompanySearchQuerySchema,
    response: CompanySearchSchema,
  }),
};
