import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { PreviewInfo, TableRecord } from '@listina/contract';
import { doc } from '../src/modules/tables/entities/doc';
import { partner } from '../src/modules/tables/entities/partner';
import { payOrder } from '../src/modules/tables/entities/pay-order';
import { ROLES, type Principal } from './authorization-matrix';
import {
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  createWorkflow,
  injectMultipart,
  login,
  type FormPart,
  type TestApp,
} from './factories';
import { uploadRequest } from './upload';

/**
 * The route walk's world (issue 9): one app, organisation A with one member per role (sysadmin
 * and support by their user roles), a signed-in user who belongs nowhere, and organisation B
 * whose orgadmin tries A's keys. A's names carry SECRET, so an answer to B that holds any of
 * A's data is easy to spot. Records the calls consume are made fresh for each request.
 */
export const SECRET = 'Tajnost';
export const PAYER_IBAN = 'SI56020170014356205';
export const SUPPLIER_IBAN = 'SI56192001234567892';
const FIXTURES = path.join(import.meta.dirname, '../src/modules/files/fixtures');
export const PDF = fs.readFileSync(path.join(FIXTURES, 'sample.pdf'));
export const PNG = fs.readFileSync(path.join(FIXTURES, 'sample.png'));

export interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  /** A multipart body instead of JSON. */
  parts?: FormPart[];
  /** A session of its own (for calls that end or change the caller's session). */
  freshSession?: boolean;
  /** A new user's session (for calls that would end the walk's other sessions). */
  freshUser?: boolean;
  /** An event stream: only its status is read, over a real connection. */
  stream?: boolean;
}

export interface World {
  t: TestApp;
  a: { id: string; key: string };
  b: { id: string; key: string };
  users: Record<Exclude<Principal, 'anonymous'>, { id: string; username: string }>;
  /** Signed in and acting in A (anonymous: nothing; nonMember: A's header all the same). */
  headers: Record<Principal, Record<string, string>>;
  /** B's orgadmin in B. */
  foreign: Record<string, string>;
  boss: Record<string, string>;
  accountant: Record<string, string>;
  typeId: number;
  supplier: TableRecord;
  payingAccountId: number;
}

export async function createWorld(): Promise<World> {
  const t = await createTestApp({
    CAPTURE_WORKERS: '0',
    LOGIN_RATE_MAX_PER_USER: '1000',
    LOGIN_RATE_MAX_PER_ADDRESS: '100000',
    // Every role asks for password resets and registers, all from one address.
    RESET_MAX_PER_ACCOUNT: '100000',
    ACCOUNT_MAIL_MAX_PER_ADDRESS: '100000',
  });
  const users = {} as World['users'];
  const members: Record<string, string[]> = {};
  for (const role of ROLES) {
    const staff = role === 'sysadmin' || role === 'support';
    const user = await createUser(t, { roles: staff ? [role] : [] });
    users[role] = user;
    members[user.id] = staff ? [] : [role];
  }
  users.nonMember = await createUser(t);
  const a = await createOrganization(t, members, `Alfa ${SECRET}`);
  const eve = await createUser(t);
  const b = await createOrganization(t, { [eve.id]: ['orgadmin'] }, 'Beta');
  const headers = { anonymous: {} } as World['headers'];
  for (const [who, user] of Object.entries(users))
    headers[who as Principal] = {
      authorization: (await login(t, user.username)).apikey,
      'organization-id': a.key,
    };
  const boss = headers.orgadmin;
  const foreign = {
    authorization: (await login(t, eve.username)).apikey,
    'organization-id': b.key,
  };
  const typeId = await createDocumentType(t, boss);
  await createWorkflow(t, boss, typeId, [{ systemTileCode: 'approval', roles: ['approver'] }]);
  const own = (await t.app.inject({ url: '/api/cl/organization', headers: boss })).json<{
    items: TableRecord[];
  }>().items[0];
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/cl/organization/${String(own?.key)}`,
    headers: boss,
    payload: {
      version: own?.version,
      organizationBankAccounts: [
        { id: -1, code: PAYER_IBAN, bic: 'LJBASI2X', isDefault: true, isActive: true },
      ],
    },
  });
  const account = ok(saved, 200).json<{ item: { organizationBankAccounts: { id: number }[] } }>()
    .item.organizationBankAccounts[0];
  const supplier = await post(t, boss, '/api/cl/partner', {
    ...partner.sample(1),
    name: `Dobavitelj ${SECRET} d.o.o.`,
    bankAccounts: [{ id: -1, code: SUPPLIER_IBAN, bic: 'HDELSI22', isActive: true }],
  });
  return {
    t,
    a,
    b,
    users,
    headers,
    foreign,
    boss,
    accountant: headers.accountant,
    typeId,
    supplier,
    payingAccountId: account?.id ?? 0,
  };
}

export function ok(res: LightMyRequestResponse, status: number) {
  if (res.statusCode !== status)
    throw new Error(`${res.statusCode} instead of ${status}: ${res.body}`);
  return res;
}

/** A call that makes a record, answered with its item. */
async function post(t: TestApp, headers: Record<string, string>, url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers, payload });
  return ok(res, res.statusCode === 200 ? 200 : 201).json<{ item: TableRecord }>().item;
}

export const send = (w: World, req: Req, headers: Record<string, string>) => {
  if (!req.parts)
    return w.t.app.inject({ method: req.method, url: req.url, headers, payload: req.payload });
  return injectMultipart(w.t, { method: req.method, url: req.url, headers }, req.parts);
};

let serial = 0;
export const next = () => ++serial;

/** A draft invoice of A from the supplier. */
export const draft = (w: World, fields: object = {}) =>
  post(w.t, w.boss, '/api/doc?ignoreWarnings=true', {
    ...doc.sample(next()),
    documentTypeId: w.typeId,
    customerKey: w.supplier.key,
    number: `R-${SECRET}-${serial}`,
    paymentIban: SUPPLIER_IBAN,
    paymentReferenceModel: 'SI12',
    paymentReference: '12345678909',
    dueDate: '2099-03-31',
    ...fields,
  });

/** A draft with a main PDF and a PNG attachment: its key and files. */
export async function draftWithFiles(w: World) {
  const res = await send(
    w,
    {
      method: 'POST',
      ...uploadRequest(
        { filename: 'racun.pdf', content: withNoise(PDF), type: 'application/pdf' },
        { number: `R-${SECRET}-${next()}` },
        {
          ignoreWarnings: true,
          parts: [
            { name: 'attachments', filename: 'priloga.png', content: PNG, type: 'image/png' },
          ],
        },
      ),
    },
    w.boss,
  );
  const { item, preview } = ok(res, 201).json<{ item: TableRecord; preview: PreviewInfo }>();
  const [main, attachment] = preview.files;
  if (!main || !attachment) throw new Error('upload made no files');
  return { key: item.key, main, attachment };
}

/** The same PDF with different bytes, so every upload is a file of its own. */
export const withNoise = (pdf: Buffer) => Buffer.concat([pdf, Buffer.from(`\n%${next()}`)]);

/** A document in its workflow, at the approver's step. */
export async function activeDoc(w: World) {
  const item = await draft(w);
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/doc/activate?ignoreWarnings=true',
    headers: w.boss,
    payload: { keys: [item.key] },
  });
  ok(res, 200);
  return res.json<{ items: TableRecord[] }>().items[0] ?? item;
}

/** An invoice confirmed at its only step (archived), ready to be paid. */
export async function approvedInvoice(w: World) {
  const item = await activeDoc(w);
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/wf/action/${item.key}?ignoreWarnings=true`,
    headers: w.boss,
    payload: { workflowStepResultCode: 'confirmed', extras: { version: item.version } },
  });
  ok(res, 200);
  return item;
}

/** A payment order of A (draft, or marked with the given state). */
export async function order(w: World, state?: string) {
  const item = await post(w.t, w.accountant, '/api/payOrder?ignoreWarnings=true', {
    ...payOrder.sample(next()),
    recipientIdCb: `Prejemnik ${SECRET} d.o.o.`,
  });
  if (state) {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/payOrder/mark',
      headers: w.accountant,
      payload: { keys: [item.key], state },
    });
    ok(res, 200);
  }
  return item;
}

/** A payment package of A, built from a ready order. */
export async function paymentPackage(w: World) {
  const item = await order(w, 'ready');
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/payPackage/build',
    headers: w.accountant,
    payload: { keys: [item.key] },
  });
  const { items } = ok(res, 200).json<{ items: TableRecord[] }>();
  const [pack] = items;
  if (!pack) throw new Error('no package built');
  return pack;
}

let tables: string[] | undefined;

/**
 * A's rows in every tenant table, A itself, its members and the shared code lists, as one
 * digest: equal before and after a refused call when it changed nothing.
 */
export async function fingerprint(w: World): Promise<string> {
  const db = w.t.database.db;
  tables ??= (
    await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'organization_id'
      order by table_name`.execute(db)
  ).rows.map((r) => r.table_name);
  const parts = [
    ...tables.map(
      (name) => sql`(select md5(coalesce(string_agg(x::text, '|' order by x::text), ''))
        from ${sql.table(name)} x where x.organization_id = ${w.a.id})`,
    ),
    sql`(select md5(x::text) from organization x where x.id = ${w.a.id})`,
    ...[
      'country',
      'currency',
      'bank',
      'payment_type',
      'payment_purpose',
      'reference_model',
      'role',
    ].map(
      (name) => sql`(select md5(coalesce(string_agg(x::text, '|' order by x::text), ''))
        from ${sql.table(name)} x)`,
    ),
  ];
  const { rows } = await sql<{
    digest: string;
  }>`select concat_ws(',', ${sql.join(parts)}) as digest`.execute(db);
  return rows[0]?.digest ?? '';
}
