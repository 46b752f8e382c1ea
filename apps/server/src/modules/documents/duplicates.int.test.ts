import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TableRecord } from '@listina/contract';
import {
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  createWorkflow,
  errorCodes,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { doc } from '../tables/entities/doc';
import { partner } from '../tables/entities/partner';

/**
 * Duplicate invoices (issue 7): activating a document, and confirming it at an approval step,
 * warns of another document of the organisation that is the same invoice — the same supplier
 * and invoice number (normalised), the same supplier, total and issue date, or the same IBAN,
 * reference and total — naming it; ignoreWarnings goes on. Nothing changes until then.
 */
let t: TestApp;
const h: Record<string, Record<string, string>> = {};
const suppliers: string[] = [];
const typeOf: Record<string, number> = {};
const IBAN = 'SI56192001234567892';

beforeAll(async () => {
  t = await createTestApp();
  const sam = await createUser(t);
  const boss = await createUser(t);
  const eve = await createUser(t);
  const org = await createOrganization(t, { [sam.id]: ['dataentry'], [boss.id]: ['orgadmin'] });
  const other = await createOrganization(t, { [eve.id]: ['orgadmin'] });
  h.sam = await memberHeaders(t, sam, org);
  h.boss = await memberHeaders(t, boss, org);
  h.eve = await memberHeaders(t, eve, other);
  for (const who of ['boss', 'eve']) typeOf[who] = await createDocumentType(t, h[who] ?? {});
  // The boss approves invoices; then they are archived.
  await createWorkflow(t, h.boss ?? {}, typeOf.boss ?? 0, [
    { systemTileCode: 'approval', roles: ['orgadmin'] },
  ]);
  for (const n of [1, 2]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner',
      headers: h.boss,
      payload: partner.sample(n),
    });
    expect(res.statusCode, res.body).toBe(201);
    suppliers.push(res.json<{ item: TableRecord }>().item.key);
  }
});
afterAll(() => t.close());

let serial = 0;
/** A complete draft: the amounts and dates of doc.sample(amounts), whatever is given over. */
async function draft(fields: Record<string, unknown>, amounts = 7, headers = h.sam) {
  serial += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/doc',
    headers,
    payload: {
      ...doc.sample(amounts),
      documentTypeId: headers === h.eve ? typeOf.eve : typeOf.boss,
      number: `OTHER-${serial}`,
      paymentReference: `${9000 + serial}`,
      ...fields,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item;
}

const activate = (key: string, ignoreWarnings = false, headers = h.sam) =>
  t.app.inject({
    method: 'POST',
    url: `/api/doc/activate${ignoreWarnings ? '?ignoreWarnings=true' : ''}`,
    headers,
    payload: { keys: [key] },
  });

async function activated(key: string, headers = h.sam) {
  const res = await activate(key, false, headers);
  expect(res.statusCode, res.body).toBe(200);
}

const statusOf = async (key: string) =>
  (await t.app.inject({ url: `/api/doc/${key}`, headers: h.boss })).json<TableRecord>().status;

const warningsOf = (res: { json: () => unknown }) =>
  (res.json() as { warning?: { code: string; msg: string }[] }).warning ?? [];

describe('duplicate invoices', () => {
  it('normalises invoice numbers: separators, case and leading zeros do not count', async () => {
    const keyOf = async (text: string) =>
      (
        await sql<{ key: string }>`select listina_invoice_number_key(${text}) as key`.execute(
          t.database.db,
        )
      ).rows[0]?.key;
    expect(await keyOf('R-0042/24')).toBe('R4224');
    expect(await keyOf('r 42 24')).toBe('R4224');
    expect(await keyOf('2024-00105')).toBe('2024105');
    expect(await keyOf('1005')).toBe('1005');
    expect(await keyOf('')).toBe('');
  });

  it('warns on activation of the same supplier’s invoice number, naming the original, and activates when told', async () => {
    const original = await draft({ customerKey: suppliers[0], number: 'R-0042/24' });
    await activated(original.key);
    const again = await draft({ customerKey: suppliers[0], number: 'r 42 24' }, 8);
    const refused = await activate(again.key);
    expect(refused.statusCode).toBe(400);
    expect(warningsOf(refused).map(({ code, msg }) => ({ code, msg }))).toEqual([
      {
        code: 'warnings.doc.duplicate.number',
        msg: 'r 42 24 may be a duplicate of R-0042/24: the same supplier and invoice number.',
      },
    ]);
    expect(await statusOf(again.key)).toBe('draft');
    // Another supplier's invoice of that number is no duplicate.
    const elsewhere = await draft({ customerKey: suppliers[1], number: 'R-0042/24' }, 9);
    await activated(elsewhere.key);
    const told = await activate(again.key, true);
    expect(told.statusCode, told.body).toBe(200);
    expect(await statusOf(again.key)).toBe('active');
  });

  it('warns of the same supplier, total and issue date, and of the same IBAN, reference and total', async () => {
    const original = await draft(
      { customerKey: suppliers[0], paymentIban: IBAN, paymentReference: '2024-77' },
      31,
    );
    await activated(original.key);
    const sameDay = await draft({ customerKey: suppliers[0] }, 31);
    expect(errorCodesOfWarnings(await activate(sameDay.key))).toEqual([
      'warnings.doc.duplicate.amountAndDate',
    ]);
    // Another supplier (the payee of a factoring company, say): the payment data still tell.
    const samePayment = await draft(
      {
        customerKey: suppliers[1],
        paymentIban: IBAN,
        paymentReference: '2024-77',
        issueDate: '2026-11-01',
      },
      31,
    );
    expect(errorCodesOfWarnings(await activate(samePayment.key))).toEqual([
      'warnings.doc.duplicate.payment',
    ]);
  });

  it('does not count a rejected original, nor another organisation’s documents', async () => {
    const rejected = await draft({ customerKey: suppliers[0], number: 'REJ-1' }, 40);
    await activated(rejected.key);
    const seen = await t.app.inject({ url: `/api/doc/${rejected.key}`, headers: h.boss });
    const rejecting = await t.app.inject({
      method: 'POST',
      url: `/api/wf/action/${rejected.key}`,
      headers: h.boss,
      payload: {
        workflowStepResultCode: 'rejected',
        extras: { comment: 'Wrong company', version: seen.json<TableRecord>().version },
      },
    });
    expect(rejecting.statusCode, rejecting.body).toBe(200);
    const resent = await draft({ customerKey: suppliers[0], number: 'REJ-1' }, 41);
    expect((await activate(resent.key)).statusCode).toBe(200);

    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner',
      headers: h.eve,
      payload: partner.sample(1),
    });
    const theirs = await draft(
      {
        customerKey: foreign.json<{ item: TableRecord }>().item.key,
        number: 'OWN-1',
        paymentIban: IBAN,
        paymentReference: 'X-1',
      },
      50,
      h.eve,
    );
    await activated(theirs.key, h.eve);
    const ours = await draft(
      { customerKey: suppliers[0], number: 'OWN-1', paymentIban: IBAN, paymentReference: 'X-1' },
      50,
    );
    expect((await activate(ours.key)).statusCode).toBe(200);
  });

  it('warns again when the document is confirmed at its approval step, one by one and in bulk', async () => {
    const original = await draft({ customerKey: suppliers[1], number: 'APP-7' }, 60);
    await activated(original.key);
    const copy = await draft({ customerKey: suppliers[1], number: 'APP 0007' }, 61);
    expect((await activate(copy.key, true)).statusCode).toBe(200);
    const current = await t.app.inject({ url: `/api/doc/${copy.key}`, headers: h.boss });
    expect(current.json<TableRecord>().workflowCurrentStepSystemTileCode).toBe('approval');
    const version = current.json<TableRecord>().version;

    const confirm = (ignore: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/wf/action/${copy.key}${ignore ? '?ignoreWarnings=true' : ''}`,
        headers: h.boss,
        payload: { workflowStepResultCode: 'confirmed', extras: { version } },
      });
    const refused = await confirm(false);
    expect(refused.statusCode).toBe(400);
    expect(errorCodesOfWarnings(refused)).toEqual(['warnings.doc.duplicate.number']);
    expect(errorCodes(refused)).toEqual([]);

    const bulk = (ignore: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/wf/actions/${ignore ? '?ignoreWarnings=true' : ''}`,
        headers: h.boss,
        payload: {
          documentKeys: [copy.key],
          workflowStepResultCode: 'confirmed',
          extras: { versions: { [copy.key]: version } },
        },
      });
    const held = await bulk(false);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({
      done: 0,
      refused: 1,
      items: [
        {
          documentKey: copy.key,
          ok: false,
          errors: [],
          warnings: [{ code: 'warnings.doc.duplicate.number' }],
        },
      ],
    });
    const taken = await bulk(true);
    expect(taken.json()).toMatchObject({ done: 1, refused: 0 });
    const moved = await t.app.inject({ url: `/api/doc/${copy.key}`, headers: h.boss });
    expect(moved.json<TableRecord>().workflowCurrentStepSystemTileCode).not.toBe('approval');
  });
});

function errorCodesOfWarnings(res: { json: () => unknown }) {
  return warningsOf(res).map((w) => w.code);
}
