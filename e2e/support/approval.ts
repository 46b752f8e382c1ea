import { expect, type APIRequestContext } from '@playwright/test';
import { tableApi, type FreshOrganization, type FreshUser } from './organization';

/**
 * An approval route for the browser specs of issue 26: a user joins an organisation as its
 * approver, the organisation routes its invoices through one approval step, and an invoice
 * activated there is a task for them.
 */

/** The member key of a user in the organisation. */
export async function memberKeyOf(
  request: APIRequestContext,
  org: FreshOrganization,
  username: string,
): Promise<string> {
  const headers = { authorization: org.apikey, 'organization-id': org.organizationId };
  const members = await request.get('/api/cl/organizationMember?count=100', { headers });
  const items = ((await members.json()) as { items: Record<string, unknown>[] }).items;
  const member = items.find((m) => m.userName === username);
  if (!member) throw new Error(`${username} is not a member`);
  return String(member.key);
}

/** The user joins the organisation with its connect code; its admin makes them an approver. */
export async function joinAsApprover(
  request: APIRequestContext,
  org: FreshOrganization,
  user: FreshUser,
): Promise<string> {
  const headers = { authorization: org.apikey, 'organization-id': org.organizationId };
  const current = await request.get('/api/organization/current', { headers });
  expect(current.status(), await current.text()).toBe(200);
  const { connectCode } = (await current.json()) as { connectCode: string };
  const joined = await request.post('/api/organization/connect', {
    headers: { authorization: user.apikey },
    data: { code: connectCode },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  const key = await memberKeyOf(request, org, user.username);
  await tableApi(request, org).update('organizationMember', key, { roles: ['approver'] });
  return key;
}

/** A one-step approval route for the organisation's invoices, the approver the given member. */
export async function approvalRoute(
  request: APIRequestContext,
  org: FreshOrganization,
  memberKey: string,
) {
  const headers = { authorization: org.apikey, 'organization-id': org.organizationId };
  const types = await request.get('/api/cl/documentType?count=100', { headers });
  const documentTypeId = ((await types.json()) as { items: { id: number }[] }).items[0]?.id;
  const api = tableApi(request, org);
  await api.create('workflow', {
    code: 'N26',
    name: 'Incoming invoices',
    documentTypeId,
    isActive: true,
    steps: [
      {
        id: -1,
        position: 1,
        systemTileCode: 'approval',
        name: 'Approval',
        memberKeys: [memberKey],
        roles: [],
        approvalRule: 'any',
        minApprovers: 1,
      },
    ],
  });
  const supplier = await api.create('partner', {
    code: 'DOB1',
    name: 'Dobavitelj d.o.o.',
    countryCode: 'SI',
    isActive: true,
    bankAccounts: [],
  });
  return { headers, documentTypeId, supplierKey: supplier.item.key };
}

/** An invoice created and activated by the organisation's admin: a task for the approver. */
export async function activatedInvoice(
  request: APIRequestContext,
  route: Awaited<ReturnType<typeof approvalRoute>>,
  number: string,
): Promise<string> {
  const created = await request.post('/api/doc', {
    headers: route.headers,
    data: {
      number,
      documentTypeId: route.documentTypeId,
      customerKey: route.supplierKey,
      issueDate: '2026-11-20',
      dueDate: '2026-12-20',
      netAmount: '100.00',
      vatAmount: '22.00',
      totalAmount: '122.00',
      currencyCode: 'EUR',
      costLines: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const key = ((await created.json()) as { item: { key: string } }).item.key;
  const activated = await request.post('/api/doc/activate?ignoreWarnings=true', {
    headers: route.headers,
    data: { keys: [key] },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  return key;
}
