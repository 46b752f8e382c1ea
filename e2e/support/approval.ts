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

/**
 * A one-step approval route for the organisation's invoices, the approver the given member (or
 * members, any of whom approves and to whom one may forward).
 */
export async function approvalRoute(
  request: APIRequestContext,
  org: FreshOrganization,
  memberKey: string | readonly string[],
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
        memberKeys: typeof memberKey === 'string' ? [memberKey] : [...memberKey],
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

/** What an activated invoice may differ in; the rest is a 100 + 22 % EUR invoice. */
export interface InvoiceSpec {
  number: string;
  netAmount?: string;
  vatAmount?: string;
  totalAmount?: string;
  issueDate?: string;
  dueDate?: string;
  /** Its main file (a PDF or an image), uploaded with it; without one the invoice has none. */
  main?: { name: string; mimeType: string; buffer: Buffer };
}

/**
 * An invoice created and activated by the organisation's admin: a task for the approver. Given
 * only a number, the usual 122,00 EUR invoice without a file.
 */
export async function activatedInvoice(
  request: APIRequestContext,
  route: Awaited<ReturnType<typeof approvalRoute>>,
  invoice: string | InvoiceSpec,
): Promise<string> {
  const spec = typeof invoice === 'string' ? { number: invoice } : invoice;
  const data = {
    number: spec.number,
    documentTypeId: route.documentTypeId,
    customerKey: route.supplierKey,
    issueDate: spec.issueDate ?? '2026-11-20',
    dueDate: spec.dueDate ?? '2026-12-20',
    netAmount: spec.netAmount ?? '100.00',
    vatAmount: spec.vatAmount ?? '22.00',
    totalAmount: spec.totalAmount ?? '122.00',
    currencyCode: 'EUR',
  };
  // A file goes up with the document in one multipart request, as the capture page sends it.
  const created = spec.main
    ? await request.post('/api/uploadDoc', {
        headers: route.headers,
        multipart: { json: JSON.stringify(data), main: spec.main },
      })
    : await request.post('/api/doc', {
        headers: route.headers,
        data: { ...data, costLines: [] },
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
