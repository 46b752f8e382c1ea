import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { RecordValidation, TableRecord } from '@listina/contract';
import {
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { demoTaxNumber } from '../demo/tax-numbers';
import { doc } from '../tables/entities/doc';
import { partner } from '../tables/entities/partner';
import { payOrder } from '../tables/entities/pay-order';

/**
 * spec §3 `validations` (issue 24): a record read alone carries its standing messages, worked
 * out by the server, so that its form shows them on opening, before any action: a suspected
 * duplicate, no IBAN to pay to, a due date passed; an order's and a partner's save warnings.
 */
let t: TestApp;
const h: Record<string, Record<string, string>> = {};
let documentType = 0;
let otherType = 0;
let supplier = '';
const IBAN = 'SI56192001234567892';

beforeAll(async () => {
  t = await createTestApp();
  const boss = await createUser(t);
  const eve = await createUser(t);
  const org = await createOrganization(t, { [boss.id]: ['orgadmin'] });
  const other = await createOrganization(t, { [eve.id]: ['orgadmin'] });
  h.boss = await memberHeaders(t, boss, org);
  h.eve = await memberHeaders(t, eve, other);
  documentType = await createDocumentType(t, h.boss);
  otherType = await createDocumentType(t, h.eve);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cl/partner',
    headers: h.boss,
    payload: partner.sample(1),
  });
  expect(res.statusCode, res.body).toBe(201);
  supplier = res.json<{ item: TableRecord }>().item.key;
});
afterAll(() => t.close());

let serial = 0;
async function create(fields: Record<string, unknown>, headers = h.boss) {
  serial += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/doc?ignoreWarnings=true',
    headers,
    payload: {
      ...doc.sample(serial),
      documentTypeId: headers === h.eve ? otherType : documentType,
      number: `S-${serial}`,
      paymentIban: IBAN,
      dueDate: '2099-01-31',
      ...fields,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord & { validations?: RecordValidation[] } }>().item;
}

async function validationsOf(path: string, headers = h.boss) {
  const res = await t.app.inject({ url: path, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json<{ validations?: RecordValidation[] }>().validations ?? []).map(
    ({ validationCodeTypeCode, validationCode, validationParameters, field }) => ({
      group: validationCodeTypeCode,
      code: validationCode,
      parameters: validationParameters,
      field,
    }),
  );
}

describe('standing messages of a document', () => {
  it('has none when all is well', async () => {
    const clean = await create({});
    expect(await validationsOf(`/api/doc/${clean.key}`)).toEqual([]);
    expect(clean.validations).toEqual([]);
  });

  it('says there is no IBAN to pay to and that the due date passed, by how many days', async () => {
    const today = new Date();
    const tenDaysAgo = new Date(today.getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
    const late = await create({ paymentIban: '', dueDate: tenDaysAgo });
    expect(await validationsOf(`/api/doc/${late.key}`)).toEqual([
      { group: 'warning', code: 'validations.doc.noIban', parameters: [], field: 'paymentIban' },
      {
        group: 'warning',
        code: 'validations.doc.dueDatePassed',
        parameters: [10],
        field: 'dueDate',
      },
    ]);
  });

  it('names the document it may duplicate, and only within the organisation', async () => {
    const first = await create({ customerKey: supplier, number: 'R-2024/777' });
    const again = await create({ customerKey: supplier, number: 'r 2024 777' });
    expect(await validationsOf(`/api/doc/${again.key}`)).toEqual([
      {
        group: 'warning',
        code: 'warnings.doc.duplicate.number',
        parameters: ['r 2024 777', 'R-2024/777'],
        field: undefined,
      },
    ]);
    // The original names the copy too: either may be the one entered twice.
    expect((await validationsOf(`/api/doc/${first.key}`)).map((v) => v.code)).toEqual([
      'warnings.doc.duplicate.number',
    ]);
    // Another organisation's invoice of that number is not seen.
    const elsewhere = await create({ number: 'R-2024/777' }, h.eve);
    expect(await validationsOf(`/api/doc/${elsewhere.key}`, h.eve)).toEqual([]);
  });

  it('says what a save would warn of: net plus VAT is not the total', async () => {
    const off = await create({ netAmount: '100.00', vatAmount: '22.00', totalAmount: '123.00' });
    const codes = (await validationsOf(`/api/doc/${off.key}`)).map((v) => [v.code, v.field]);
    expect(codes).toContainEqual(['errors.doc.totalNotNetPlusVat', 'totalAmount']);
  });

  it('keeps quiet about payment on a paid, rejected or archived document', async () => {
    const past = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    for (const [column, value] of [
      ['payment_state', 'paid'],
      ['status', 'rejected'],
      ['status', 'archived'],
    ] as const) {
      const settled = await create({ paymentIban: '', dueDate: past });
      await sql`update doc set ${sql.ref(column)} = ${value} where key = ${settled.key}::uuid`.execute(
        t.database.db,
      );
      expect(await validationsOf(`/api/doc/${settled.key}`), `${column} ${value}`).toEqual([]);
    }
  });
});

describe('standing messages of other records', () => {
  it('an order being prepared says another order pays the same', async () => {
    const make = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payOrder?ignoreWarnings=true',
        headers: h.boss,
        payload: payOrder.sample(5),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ item: TableRecord & { validations?: RecordValidation[] } }>().item;
    };
    const first = await make();
    const second = await make();
    expect(second.validations?.map((v) => v.validationCode)).toEqual([
      'warnings.payOrder.duplicate',
    ]);
    expect((await validationsOf(`/api/payOrder/${first.key}`)).map((v) => v.code)).toEqual([
      'warnings.payOrder.duplicate',
    ]);
  });

  it('a partner says another has its VAT ID', async () => {
    const vatId = `SI${demoTaxNumber(78)}`;
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner',
      headers: h.boss,
      payload: { ...partner.sample(3), vatId },
    });
    expect(first.statusCode, first.body).toBe(201);
    const twin = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner?ignoreWarnings=true',
      headers: h.boss,
      payload: { ...partner.sample(2), vatId },
    });
    expect(twin.statusCode, twin.body).toBe(201);
    const key = twin.json<{ item: TableRecord }>().item.key;
    expect((await validationsOf(`/api/cl/partner/${key}`)).map((v) => [v.code, v.field])).toEqual([
      ['warnings.partner.sameVatId', 'vatId'],
    ]);
  });
});
