import { expect, type APIRequestContext } from '@playwright/test';
import { signInByApi } from './app';
import { linkIn, readMailTo } from './mailbox';

/** A user of its own with one new organisation, whose data no other spec touches. */
export interface FreshOrganization {
  username: string;
  password: string;
  apikey: string;
  organizationId: string;
  name: string;
}

const PASSWORD = 'fresh-organisation-password';

/**
 * Registers a user through the API, confirms the mailed link and creates an organisation for
 * it (the creator is its orgadmin, so it may write every tenant table). Specs that change
 * records use one each, so that they neither see nor disturb the demo seed or each other.
 */
/** A user registered through the API with a confirmed e-mail, signed in. */
export interface FreshUser {
  username: string;
  password: string;
  apikey: string;
}

/** Registers a user through the API and confirms the mailed link, as a newcomer does. */
export async function registerUser(request: APIRequestContext, label: string): Promise<FreshUser> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const username = `${label}${suffix}`.toLowerCase().replace(/[^a-z0-9]/g, '');
  const email = `${username}@example.test`;
  const registered = await request.post('/api/account/register', {
    data: { username, email, displayName: `E2E ${label}`, password: PASSWORD, lang: 'en-gb' },
  });
  expect(registered.ok(), `registering ${username}: ${await registered.text()}`).toBe(true);

  const code = linkIn(await readMailTo(email), '/account/confirm/')
    .pathname.split('/')
    .at(-1);
  const confirmed = await request.post('/api/account/confirm', { data: { code } });
  expect(confirmed.ok(), `confirming ${email}: ${await confirmed.text()}`).toBe(true);
  const token = await signInByApi(request, username, PASSWORD);
  return { username, password: PASSWORD, apikey: token.apikey };
}

/**
 * Registers a user through the API, confirms the mailed link and creates an organisation for
 * it (the creator is its orgadmin, so it may write every tenant table). Specs that change
 * records use one each, so that they neither see nor disturb the demo seed or each other.
 */
export async function createFreshOrganization(
  request: APIRequestContext,
  label: string,
): Promise<FreshOrganization> {
  const { username, apikey } = await registerUser(request, label);
  const suffix = username.slice(label.length);
  const name = `E2E ${label} ${suffix} d.o.o.`;
  const created = await request.post('/api/organization', {
    headers: { authorization: apikey },
    data: { name },
  });
  expect(created.ok(), `creating ${name}: ${await created.text()}`).toBe(true);
  const organization = (await created.json()) as { id: string };
  return {
    username,
    password: PASSWORD,
    apikey,
    organizationId: organization.id,
    name,
  };
}

/** Calls a table route of the fresh organisation as its user, for test data and checks. */
export function tableApi(request: APIRequestContext, organization: FreshOrganization) {
  const headers = {
    authorization: organization.apikey,
    'organization-id': organization.organizationId,
  };
  const read = async (table: string, key: string) => {
    const response = await request.get(`/api/cl/${table}/${key}`, { headers });
    expect(response.status(), `reading a ${table}: ${await response.text()}`).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    read,
    async create(table: string, model: Record<string, unknown>) {
      const response = await request.post(`/api/cl/${table}`, { headers, data: model });
      expect(response.status(), `creating a ${table}: ${await response.text()}`).toBe(201);
      return (await response.json()) as { item: { key: string } };
    },
    /** PUT of the record as read now, with these changes laid over. */
    async update(table: string, key: string, changes: Record<string, unknown>) {
      const record = await read(table, key);
      const response = await request.put(`/api/cl/${table}/${key}`, {
        headers,
        data: { ...record, ...changes },
      });
      expect(response.status(), `updating a ${table}: ${await response.text()}`).toBe(200);
    },
    async remove(table: string, keys: string[]) {
      const response = await request.delete(`/api/cl/${table}`, { headers, data: { keys } });
      expect(response.status(), `deleting from ${table}: ${await response.text()}`).toBe(200);
    },
  };
}
