import { expect } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  createWorkflow,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { doc } from '../tables/entities/doc';
import { partner } from '../tables/entities/partner';
import { payOrder } from '../tables/entities/pay-order';

/** The paying account of the test organisation (a valid Slovenian IBAN of NLB). */
export const PAYER_IBAN = 'SI56020170014356205';
/** A supplier's account. */
export const SUPPLIER_IBAN = 'SI56192001234567892';

/**
 * A payments world: an organisation with a paying account, an orgadmin who approves (boss),
 * an accountant who pays (acc), data entry (dex), a supplier with its account, an approval
 * workflow for invoices; and a stranger's organisation (eve).
 */
export interface PaymentsWorld {
  t: TestApp;
  h: {
    boss: Record<string, string>;
    acc: Record<string, string>;
    dex: Record<string, string>;
    eve: Record<string, string>;
  };
  typeId: number;
  supplier: TableRecord;
  payingAccountId: number;
}

export async function createPaymentsWorld(
  /** Where its database is (test/faults opens a data directory a server process reopens). */
  appOptions?: Parameters<typeof createTestApp>[1],
): Promise<PaymentsWorld> {
  const t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }, appOptions);
  const [boss, acc, dex, eve] = await Promise.all([1, 2, 3, 4].map(() => createUser(t)));
  if (!boss || !acc || !dex || !eve) throw new Error('users');
  const org = await createOrganization(t, {
    [boss.id]: ['orgadmin'],
    [acc.id]: ['accountant'],
    [dex.id]: ['dataentry'],
  });
  const other = await createOrganization(t, { [eve.id]: ['orgadmin'] });
  const h = {
    boss: await memberHeaders(t, boss, org),
    acc: await memberHeaders(t, acc, org),
    dex: await memberHeaders(t, dex, org),
    eve: await memberHeaders(t, eve, other),
  };
  const typeId = await createDocumentType(t, h.boss);
  await createWorkflow(t, h.boss, typeId, [{ systemTileCode: 'approval', roles: ['orgadmin'] }]);
  const own = (await t.app.inject({ url: '/api/cl/organization', headers: h.boss })).json<{
    items: TableRecord[];
  }>().items[0];
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/cl/organization/${String(own?.key)}`,
    headers: h.boss,
    payload: {
      version: own?.version,
      organizationBankAccounts: [
        { id: -1, code: PAYER_IBAN, bic: 'LJBASI2X', isDefault: true, isActive: true },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const account = saved.json<{ item: { organizationBankAccounts: { id: number }[] } }>().item
    .organizationBankAccounts[0];
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/cl/partner',
    headers: h.boss,
    payload: {
      ...partner.sample(1),
      name: 'Čistilni servis Žnidaršič d.o.o.',
      bankAccounts: [{ id: -1, code: SUPPLIER_IBAN, bic: 'HDELSI22', isActive: true }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return {
    t,
    h,
    typeId,
    supplier: created.json<{ item: TableRecord }>().item,
    payingAccountId: account?.id ?? 0,
  };
}

let serial = 0;

/** An approved invoice (activated, confirmed by the boss, archived) with these fields. */
export async function approvedInvoice(
  world: PaymentsWorld,
  fields: Record<string, unknown> = {},
): Promise<TableRecord> {
  const { t, h } = world;
  serial += 1;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/doc',
    headers: h.boss,
    payload: {
      ...doc.sample(serial),
      documentTypeId: world.typeId,
      customerKey: world.supplier.key,
      number: `R-2026-${String(serial).padStart(4, '0')}`,
      paymentIban: SUPPLIER_IBAN,
      paymentReferenceModel: 'SI12',
      paymentReference: '12345678909',
      dueDate: '2099-03-31',
      ...fields,
      ...(typeof fields.totalAmount === 'string' && fields.costLines === undefined
        ? { costLines: [{ id: -1, account: '4000', amount: fields.totalAmount }] }
        : {}),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const key = created.json<{ item: TableRecord }>().item.key;
  const activated = await t.app.inject({
    method: 'POST',
    url: '/api/doc/activate?ignoreWarnings=true',
    headers: h.boss,
    payload: { keys: [key] },
  });
  expect(activated.statusCode, activated.body).toBe(200);
  const version = activated.json<{ items: TableRecord[] }>().items[0]?.version;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/wf/action/${key}?ignoreWarnings=true`,
    headers: h.boss,
    payload: { workflowStepResultCode: 'confirmed', extras: { version } },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return readDoc(world, key);
}

export async function readDoc(world: PaymentsWorld, key: string): Promise<TableRecord> {
  const res = await world.t.app.inject({ url: `/api/doc/${key}`, headers: world.h.boss });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableRecord>();
}

export async function readOrder(world: PaymentsWorld, key: string): Promise<TableRecord> {
  const res = await world.t.app.inject({ url: `/api/payOrder/${key}`, headers: world.h.acc });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableRecord>();
}

/** A valid order through POST /api/payOrder, from the entity's sample and these fields. */
export async function newOrder(
  world: PaymentsWorld,
  fields: Record<string, unknown> = {},
): Promise<TableRecord> {
  serial += 1;
  const res = await world.t.app.inject({
    method: 'POST',
    url: '/api/payOrder?ignoreWarnings=true',
    headers: world.h.acc,
    payload: { ...payOrder.sample(serial), ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item;
}

/** POST to a payments call as the accountant (or the given headers). */
export const post = (
  world: PaymentsWorld,
  url: string,
  payload: unknown,
  headers: Record<string, string> = world.h.acc,
) => world.t.app.inject({ method: 'POST', url, headers, payload: payload as object });

/** The records of a list or items answer. */
export const itemsOf = (res: { json: () => unknown }) =>
  (res.json() as { items: TableRecord[] }).items;
