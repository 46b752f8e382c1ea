import { randomBytes } from 'node:crypto';
import { textOf } from '../../apps/server/src/modules/tables/cell-values';
import { partner } from '../../apps/server/src/modules/tables/entities/partner';

/** The demo sign-in of the seed (README "Sign in to the demo"). */
export const DEMO_USER = { username: 'demo', password: 'listina-demo' };

/** A signed-in caller working in one organisation. */
export interface ApiSession {
  url: string;
  apikey: string;
  organizationId: string;
}

async function callJson<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Signs in as the demo user and creates a fresh, empty organisation to work in. */
export async function newOrganization(url: string, label: string): Promise<ApiSession> {
  const json = { 'content-type': 'application/json' };
  const { apikey } = await callJson<{ apikey: string }>(`${url}/api/account/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(DEMO_USER),
  });
  const { id } = await callJson<{ id: string }>(`${url}/api/organization`, {
    method: 'POST',
    headers: { ...json, authorization: apikey },
    body: JSON.stringify({ name: `${label} ${randomBytes(3).toString('hex')} d.o.o.` }),
  });
  return { url, apikey, organizationId: id };
}

const PARTNER_COLUMNS = ['code', 'name', 'vatId', 'town', 'countryCode', 'isActive'];

/** `count` partners from the entity's sample(), as a csv file of the import. */
export function partnerCsv(count: number): Buffer {
  const lines = [PARTNER_COLUMNS.join(';')];
  for (let n = 1; n <= count; n++) {
    const sample = partner.sample(n);
    lines.push(PARTNER_COLUMNS.map((c) => textOf(sample[c])).join(';'));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** POST /api/cl/partner/import of `count` new partners; resolves once they are committed. */
export async function importPartners(session: ApiSession, count: number): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([partnerCsv(count)]), 'partners.csv');
  const result = await callJson<{ created?: number }>(`${session.url}/api/cl/partner/import`, {
    method: 'POST',
    headers: { authorization: session.apikey, 'organization-id': session.organizationId },
    body: form,
  });
  if (result.created !== count) throw new Error(`import created ${JSON.stringify(result)}`);
}
