import type { TableRecord } from '@listina/contract';
import { tablePath } from '@listina/contract';
import { getListedEntity } from '../src/modules/tables/registry';
import type { Principal } from './authorization-matrix';
import { TABLE_WRITERS } from './authorization-matrix';
import { demoTaxNumber } from '../src/modules/demo/tax-numbers';
import { createOrganization, createUser, PASSWORD } from './factories';
import { next, ok, SECRET, SUPPLIER_IBAN, type Req, type World } from './route-walk-world';

/**
 * One request per call of the matrix (route-walk.int.test.ts): valid for an allowed caller, on
 * records of organisation A made fresh where the call uses them up. `as` is who will send it.
 */
export type Example = (w: World, as: Principal) => Promise<Req>;

const get =
  (url: string): Example =>
  () =>
    Promise.resolve({ method: 'GET', url });
const postTo =
  (url: string, payload: object): Example =>
  () =>
    Promise.resolve({ method: 'POST', url, payload });

async function list(w: World, table: string, headers = w.boss): Promise<TableRecord[]> {
  const res = await w.t.app.inject({ url: `${tablePath(table)}?count=50`, headers });
  return ok(res, 200).json<{ items: TableRecord[] }>().items;
}

async function read(w: World, table: string, key: string): Promise<TableRecord> {
  const res = await w.t.app.inject({ url: `${tablePath(table)}/${key}`, headers: w.boss });
  return ok(res, 200).json<TableRecord>();
}

/** A member of A that a roles change may be tried on without changing any caller's rights. */
const spares = new WeakMap<World, string>();
async function spareMember(w: World): Promise<string> {
  // Kept per world: test files share this module when they share a worker (vitest.config.ts).
  let spare = spares.get(w);
  if (!spare) {
    const user = await createUser(w.t);
    await w.t.database.db
      .insertInto('organization_member')
      .values({ organization_id: w.a.id, user_id: user.id, roles: ['user'] })
      .execute();
    const members = await list(w, 'organizationMember');
    spare = members.find((m) => m.email === user.email)?.key;
    if (spare) spares.set(w, spare);
  }
  if (!spare) throw new Error('the spare member is not listed');
  return spare;
}

/** A fresh invitation of A's to an address no caller has: its key and the secret of its link. */
async function invitation(w: World): Promise<{ id: string; code: string }> {
  const email = `invited${next()}@example.test`;
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/organization/invitations',
    headers: w.boss,
    payload: { email, roles: ['user'] },
  });
  const mail = await w.t.database.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .executeTakeFirstOrThrow();
  const code = /\/account\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1] ?? '';
  return { id: ok(res, 201).json<{ id: string }>().id, code };
}

/**
 * A fresh record of the table, made by one who may (a sysadmin for the shared lists); a few
 * samples are tried, as small code lists soon run out of unused codes.
 */
async function fresh(w: World, table: string): Promise<TableRecord> {
  const entity = getListedEntity(table);
  const headers = entity.scope === 'global' ? w.headers.sysadmin : w.boss;
  for (let attempt = 0; ; attempt++) {
    const res = await w.t.app.inject({
      method: 'POST',
      url: `${tablePath(table)}?ignoreWarnings=true`,
      headers,
      payload: sampleOf(table),
    });
    if (res.statusCode === 201 || attempt === 20)
      return ok(res, 201).json<{ item: TableRecord }>().item;
  }
}

const sampleOf = (table: string) => getListedEntity(table).sample(next() + 5000);

/** A record of the table to read or change: one of its own for the tables that have none made. */
async function target(w: World, table: string): Promise<TableRecord> {
  if (table === 'organization') return (await list(w, table))[0] as TableRecord;
  if (table === 'organizationMember') return read(w, table, await spareMember(w));
  if (table === 'role') return (await list(w, table))[0] as TableRecord;
  return fresh(w, table);
}

async function csvOf(w: World, url: string) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: `${url}/export?format=csv`,
    headers: w.boss,
    payload: {},
  });
  return ok(res, 200).rawPayload;
}

/** The calls of /api/cl/{name} for one table, keyed as the matrix names them. */
export function tableExamples(table: string): Record<string, Example> {
  const url = tablePath(table);
  const at = (call: string) => `${call} [${table}]`;
  return {
    [at('GET /api/cl/{name}')]: get(`${url}?count=50`),
    [at('GET /api/cl/{name}/{key}')]: async (w) => ({
      method: 'GET',
      url: `${url}/${(await target(w, table)).key}`,
    }),
    [at('GET /api/cl/{name}/{key}/audit')]: async (w) => ({
      method: 'GET',
      url: `${url}/${(await target(w, table)).key}/audit`,
    }),
    [at('POST /api/cl/{name}')]: () =>
      Promise.resolve({
        method: 'POST',
        url: `${url}?ignoreWarnings=true`,
        payload: sampleOf(table),
      }),
    [at('PUT /api/cl/{name}/{key}')]: async (w) => {
      const item = await target(w, table);
      const { roles } = getListedEntity(table).sample(next());
      const payload =
        table === 'organizationMember'
          ? { roles, version: item.version }
          : table === 'organization'
            ? { name: `Alfa ${SECRET} ${next()} d.o.o.`, version: item.version }
            : { ...sampleOf(table), version: item.version };
      return { method: 'PUT', url: `${url}/${item.key}?ignoreWarnings=true`, payload };
    },
    [at('DELETE /api/cl/{name}')]: async (w) => ({
      method: 'DELETE',
      url: `${url}?ignoreWarnings=true`,
      payload: { keys: [(await target(w, table)).key] },
    }),
    [at('POST /api/cl/{name}/export')]: postTo(`${url}/export?format=csv`, {}),
    [at('POST /api/cl/{name}/import')]: async (w) => ({
      method: 'POST',
      url: `${url}/import?dryRun=true&ignoreWarnings=true`,
      parts: [
        { name: 'file', filename: `${table}.csv`, content: await csvOf(w, url), type: 'text/csv' },
      ],
    }),
  };
}

/** The calls of a root table (/api/doc, /api/payOrder, /api/payPackage). */
export function rootTableExamples(
  table: string,
  make: (w: World) => Promise<TableRecord>,
  sample: (w: World) => object,
  change: object,
): Record<string, Example> {
  const url = `/api/${table}`;
  return {
    [`GET ${url}`]: get(`${url}?count=50`),
    [`POST ${url}`]: (w) =>
      Promise.resolve({ method: 'POST', url: `${url}?ignoreWarnings=true`, payload: sample(w) }),
    [`DELETE ${url}`]: async (w) => ({
      method: 'DELETE',
      url: `${url}?ignoreWarnings=true`,
      payload: { keys: [(await make(w)).key] },
    }),
    [`GET ${url}/{key}`]: async (w) => ({ method: 'GET', url: `${url}/${(await make(w)).key}` }),
    [`PUT ${url}/{key}`]: async (w) => {
      const item = await make(w);
      return {
        method: 'PUT',
        url: `${url}/${item.key}?ignoreWarnings=true`,
        payload: { ...change, version: item.version },
      };
    },
    [`GET ${url}/{key}/audit`]: async (w) => ({
      method: 'GET',
      url: `${url}/${(await make(w)).key}/audit`,
    }),
    [`POST ${url}/export`]: postTo(`${url}/export?format=csv`, {}),
    [`POST ${url}/import`]: async (w) => {
      await make(w);
      return {
        method: 'POST',
        url: `${url}/import?dryRun=true&ignoreWarnings=true`,
        parts: [
          {
            name: 'file',
            filename: `${table}.csv`,
            content: await csvOf(w, url),
            type: 'text/csv',
          },
        ],
      };
    },
  };
}

const username = () => `walker${Date.now().toString(36)}${next()}`;

/** Account, organisation and system calls. */
export const accountExamples: Record<string, Example> = {
  'POST /api/account/login': (w) =>
    postTo('/api/account/login', { username: w.users.user.username, password: PASSWORD })(
      w,
      'user',
    ),
  'POST /api/account/forgot': postTo('/api/account/forgot', { username: 'nobody-here' }),
  'POST /api/account/register': () => {
    const name = username();
    return postTo('/api/account/register', {
      username: name,
      email: `${name}@example.test`,
      displayName: 'Walker',
      password: 'another-horse-battery',
      lang: 'en-gb',
    })({} as World, 'anonymous');
  },
  'POST /api/account/confirm': postTo('/api/account/confirm', { code: '12345678' }),
  'POST /api/account/unlock': postTo('/api/account/unlock', { code: '12345678' }),
  'POST /api/account/logout': () =>
    Promise.resolve({ method: 'POST', url: '/api/account/logout', freshSession: true }),
  'GET /api/account/me': get('/api/account/me'),
  'POST /api/account/chgpwd': () =>
    Promise.resolve({
      method: 'POST',
      url: '/api/account/chgpwd',
      payload: { oldPassword: PASSWORD, newPassword: PASSWORD },
      freshSession: true,
    }),
  'POST /api/account/refresh': () =>
    Promise.resolve({ method: 'POST', url: '/api/account/refresh', freshSession: true }),
  'POST /api/account/logout-others': () =>
    Promise.resolve({ method: 'POST', url: '/api/account/logout-others', freshUser: true }),
  'GET /api/account/signins': get('/api/account/signins'),
  'GET /api/account/signins [all]': get('/api/account/signins?all=true'),
  'GET /api/account/profile': get('/api/account/profile'),
  'PUT /api/account/profile': (w, as) =>
    Promise.resolve({
      method: 'PUT',
      url: '/api/account/profile',
      payload: { displayName: `User ${as}`, lang: 'en-gb' },
    }),
  'POST /api/organization/connect': async (w) => {
    const joinable = await createOrganization(w.t, {});
    return {
      method: 'POST',
      url: '/api/organization/connect',
      payload: { code: joinable.connect_code },
    };
  },
  'POST /api/organization': () =>
    Promise.resolve({
      method: 'POST',
      url: '/api/organization',
      payload: { name: `Gama ${next()} d.o.o.` },
    }),
  'GET /api/organization/current': get('/api/organization/current'),
  'GET /api/cl/organization/external/check': get(
    '/api/cl/organization/external/check?vatId=SI12345678',
  ),
  'GET /api/cl/organization/external/search': get(
    '/api/cl/organization/external/search?search=Alfa',
  ),
  'GET /api/organization/onboarding': get('/api/organization/onboarding'),
  'PUT /api/organization/onboarding': () =>
    Promise.resolve({
      method: 'PUT',
      url: '/api/organization/onboarding',
      payload: { isDismissed: false },
    }),
  'PUT /api/organization/onboarding/{step}': () =>
    Promise.resolve({
      method: 'PUT',
      url: '/api/organization/onboarding/documentTypes',
      payload: { state: 'done' },
    }),
  // The test app's register is off (test/factories.ts): the local register answers.
  'GET /api/organization/company-lookup': get(
    `/api/organization/company-lookup?vatId=SI${demoTaxNumber(1)}`,
  ),
  'GET /api/organization/bank-of-iban': get(`/api/organization/bank-of-iban?iban=${SUPPLIER_IBAN}`),
  'POST /api/organization/invitations': () =>
    postTo('/api/organization/invitations', {
      email: `invited${next()}@example.test`,
      roles: ['user'],
    })({} as World, 'orgadmin'),
  'GET /api/organization/invitations': get('/api/organization/invitations'),
  'DELETE /api/organization/invitations/{id}': async (w) => {
    const id = (await invitation(w)).id;
    return { method: 'DELETE', url: `/api/organization/invitations/${id}` };
  },
  'GET /api/invitation/{code}/public': async (w) =>
    get(`/api/invitation/${(await invitation(w)).code}/public`)(w, 'orgadmin'),
  'GET /api/invitation/{code}': async (w) =>
    get(`/api/invitation/${(await invitation(w)).code}`)(w, 'orgadmin'),
  'POST /api/invitation/{code}/accept': async (w) => ({
    method: 'POST',
    url: `/api/invitation/${(await invitation(w)).code}/accept`,
  }),
  'GET /api/translation/{locale}': get('/api/translation/en-gb'),
  'GET /api/health': get('/api/health'),
  'GET /api/ready': get('/api/ready'),
  'GET /api/metrics': get('/api/metrics'),
  'GET /api/client-config': get('/api/client-config'),
  'POST /api/client-error': postTo('/api/client-error', { message: 'walk' }),
  'GET /api/cl': get('/api/cl'),
  'GET /api/cl/schema/{name}': get('/api/cl/schema/partner'),
  'GET /api/cl/default.model/{name}': get('/api/cl/default.model/partner'),
  'POST /api/undo/{id}': async (w) => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/cl/costCenter',
      headers: w.boss,
      payload: sampleOf('costCenter'),
    });
    return { method: 'POST', url: `/api/undo/${ok(res, 201).json<{ undoId: string }>().undoId}` };
  },
  'GET /api/cl/partner/{vatId}/{iban}/{name}': get(
    `/api/cl/partner/SI00000000/${SUPPLIER_IBAN}/Dobavitelj`,
  ),
  ...Object.keys(TABLE_WRITERS).reduce<Record<string, Example>>(
    (all, table) => ({ ...all, ...tableExamples(table) }),
    {},
  ),
};
