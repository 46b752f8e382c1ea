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
