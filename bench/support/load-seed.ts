import { sql } from 'kysely';
import type { TableRecord } from '@listina/contract';
import type { Db } from '../../apps/server/src/db/create-db';
import { uuidv7 } from '../../apps/server/src/lib/ids';
import { hashPassword } from '../../apps/server/src/lib/secrets';
import { refreshDocSearch } from '../../apps/server/src/modules/documents/search-vector';
import { newConnectCode } from '../../apps/server/src/modules/organizations/organizations.service';
import { payOrder } from '../../apps/server/src/modules/tables/entities/pay-order';
import { insertDrafts } from './drafts';
import { importPartners } from './listina-api';
import { expectOk, type LoadClient } from './load-client';

/**
 * The data of the load benchmark, as organisations would have it after a while: per
 * organisation an orgadmin, its share of the virtual users (data entry, approvers,
 * accountants), an invoice type, partners, payment orders, a two-step workflow (approval by
 * any approver, then booking by any accountant) and documents at every stage. Users,
 * organisations and memberships are written in SQL (as registration and invitation would
 * leave them); the rest through the real server's API as the orgadmin, except the documents'
 * rows, which are written in SQL (drafts complete for their type) and then activated and
 * moved along the workflow through the API.
 */
export const LOAD_PASSWORD = 'load-bench-password';

export type Persona = 'clerk' | 'approver' | 'accountant';
/** Of every 10 virtual users: 5 data entry clerks, 3 approvers, 2 accountants. */
export const personaOf = (vu: number): Persona =>
  vu % 10 < 5 ? 'clerk' : vu % 10 < 8 ? 'approver' : 'accountant';
const ROLE: Record<Persona, string> = {
  clerk: 'dataentry',
  approver: 'approver',
  accountant: 'accountant',
};

export interface VuPlan {
  vu: number;
  username: string;
  persona: Persona;
  organizationKey: string;
  /** Documents waiting at this user's step, each theirs alone to act on (no two users race). */
  pool: string[];
  documentTypeId: number;
  partnerKeys: string[];
}

export interface SeedOptions {
  orgs: number;
  vus: number;
  /** Documents at the approval step per approver; an accountant gets half as many to book. */
  poolPerVu: number;
  /** Archived documents per organisation, besides the pools. */
  archived: number;
  partners: number;
  payOrders: number;
}

async function insertUsers(db: Db, usernames: string[]): Promise<Map<string, string>> {
  const hash = await hashPassword(LOAD_PASSWORD);
  const rows = await db
    .insertInto('app_user')
    .values(
      usernames.map((username) => ({
        key: uuidv7(),
        username,
        email: `${username}@example.test`,
        display_name: `Load ${username}`,
        password_hash: hash,
        lang: 'sl',
        roles: [],
        email_confirmed_at: new Date(),
      })),
    )
    .returning(['id', 'username'])
    .execute();
  return new Map(rows.map((r) => [r.username, r.id]));
}

async function inChunks(keys: string[], size: number, work: (chunk: string[]) => Promise<void>) {
  for (let i = 0; i < keys.length; i += size) await work(keys.slice(i, i + size));
}

/** Runs `count` calls of `work` with `width` at a time. */
async function parallel(count: number, width: number, work: (n: number) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/** Seconds per seeding step, summed over the organisations (seeded at once). */
export const seedPhases = new Map<string, number>();
function phaseClock() {
  let started = performance.now();
  return (name: string) => {
    const now = performance.now();
    seedPhases.set(name, (seedPhases.get(name) ?? 0) + (now - started) / 1000);
    started = now;
  };
}

async function seedOrganization(
  db: Db,
  client: LoadClient,
  baseUrl: string,
  o: number,
  vus: number[],
  options: SeedOptions,
): Promise<VuPlan[]> {
  const phase = phaseClock();
  const admin = `load-admin-${o}`;
  const users = await insertUsers(db, [admin, ...vus.map((vu) => `load-user-${vu}`)]);
  const org = await db
    .insertInto('organization')
    .values({
      key: uuidv7(),
      name: `Obremenitev ${o + 1} d.o.o.`,
      name_nick: `Obremenitev ${o + 1}`,
      tax_number: null,
      connect_code: newConnectCode(),
    })
    .returning(['id', 'key'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('organization_member')
    .values([
      { organization_id: org.id, user_id: users.get(admin) ?? '', roles: ['orgadmin'] },
      ...vus.map((vu) => ({
        organization_id: org.id,
        user_id: users.get(`load-user-${vu}`) ?? '',
        roles: [ROLE[personaOf(vu)]],
      })),
    ])
    .execute();

  phase('users, organisation');
  const { apikey } = await expectOk<{ apikey: string }>(
    client.call('POST', '/api/account/login', {
      json: { username: admin, password: LOAD_PASSWORD },
    }),
    'admin sign-in',
  );
  const headers = { authorization: apikey, 'organization-id': org.key };
  const post = <T>(path: string, json: unknown) =>
    expectOk<T>(client.call('POST', path, { headers, json }), `POST ${path}`);
  const type = await post<{ item: TableRecord }>('/api/cl/documentType', {
    code: 'INV',
    name: 'Invoice',
    nameSl: 'Račun',
    einvoiceTypeCode: '380',
    isActive: true,
  });
  const documentTypeId = Number(type.item.id);
  await importPartners({ url: baseUrl, apikey, organizationId: org.key }, options.partners);
  phase('document type, partners');
  const partners = await expectOk<{ items: TableRecord[] }>(
    client.call('GET', `/api/cl/partner?count=1000`, { headers }),
    'partners',
  );
  const partnerKeys = partners.items.map((p) => String(p.key));
  const step = (position: number, systemTileCode: string, name: string, role: string) => ({
    id: -position,
    position,
    systemTileCode,
    name,
    memberKeys: [],
    roles: [role],
    approvalRule: 'any',
    minApprovers: 1,
    commentRequired: false,
  });
  await post('/api/cl/workflow', {
    code: 'INV',
    name: 'Računi',
    documentTypeId,
    isActive: true,
    steps: [
      step(1, 'approval', 'Odobritev', 'approver'),
      step(2, 'accounting', 'Knjiženje', 'accountant'),
    ],
  });
  await parallel(options.payOrders, 4, (n) =>
    post('/api/payOrder?ignoreWarnings=true', payOrder.sample(o * 100_000 + n + 1)).then(),
  );

  phase('workflow, payment orders');
  const approvers = vus.filter((vu) => personaOf(vu) === 'approver');
  const accountants = vus.filter((vu) => personaOf(vu) === 'accountant');
  const atApproval = approvers.length * options.poolPerVu;
  const bookingPool = Math.ceil(options.poolPerVu / 2);
  const atBooking = accountants.length * bookingPool;
  const keys = await insertDrafts(
    db,
    {
      organizationId: org.id,
      documentTypeId,
      customerKey: (serial) => partnerKeys[serial % partnerKeys.length] ?? '',
      createdBy: users.get(admin) ?? '',
    },
    atApproval + atBooking + options.archived,
    `LD${o + 1}`,
  );
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      select id from doc where organization_id = ${org.id}
    `.execute(trx);
    await refreshDocSearch(
      trx,
      org.id,
      rows.map((r) => r.id),
    );
  });
  phase('documents written');
  // Each action names the version it acts on (issue 22): kept from the last answer.
  const versions = new Map<string, number>();
  const act = async (chunk: string[]) => {
    const answer = await post<{
      refused: number;
      items: { ok: boolean; item?: TableRecord }[];
    }>('/api/wf/actions/?ignoreWarnings=true', {
      documentKeys: chunk,
      workflowStepResultCode: 'confirmed',
      extras: { versions: Object.fromEntries(chunk.map((key) => [key, versions.get(key)])) },
    });
    if (answer.refused > 0) throw new Error(`seed: refused ${JSON.stringify(answer.items[0])}`);
    for (const { item } of answer.items) if (item) versions.set(item.key, Number(item.version));
  };
  await inChunks(keys, 500, async (chunk) => {
    const answer = await post<{ items: TableRecord[] }>('/api/doc/activate?ignoreWarnings=true', {
      keys: chunk,
    });
    for (const item of answer.items) versions.set(item.key, Number(item.version));
  });
  phase('documents activated');
  await inChunks(keys.slice(atApproval), 500, act); // to booking
  await inChunks(keys.slice(atApproval + atBooking), 500, act); // archived
  phase('documents confirmed');

  const next = { approver: 0, accountant: atApproval, clerk: 0 };
  return vus.map((vu) => {
    const persona = personaOf(vu);
    const pool =
      persona === 'clerk'
        ? []
        : keys.slice(
            next[persona],
            next[persona] + (persona === 'approver' ? options.poolPerVu : bookingPool),
          );
    next[persona] += pool.length;
    return {
      vu,
      username: `load-user-${vu}`,
      persona,
      organizationKey: org.key,
      pool,
      documentTypeId,
      partnerKeys,
    };
  });
}

/** Seeds every organisation; the plan of each virtual user. */
export async function seedLoad(
  db: Db,
  client: LoadClient,
  baseUrl: string,
  options: SeedOptions,
): Promise<VuPlan[]> {
  // The organisations at once: the server and PostgreSQL then use both cores while seeding.
  const perOrganization = await Promise.all(
    Array.from({ length: options.orgs }, (_, o) => {
      // Consecutive virtual users per organisation, so that each has the mix of personaOf.
      const vus = Array.from({ length: options.vus }, (_, vu) => vu).filter(
        (vu) => Math.floor((vu * options.orgs) / options.vus) === o,
      );
      return seedOrganization(db, client, baseUrl, o, vus, options);
    }),
  );
  const plans = perOrganization.flat();
  // As autovacuum would have by the time such data had piled up.
  await sql`analyze`.execute(db);
  return plans.sort((a, b) => a.vu - b.vu);
}
