import type { TableRecord } from '@listina/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import {
  approvedInvoice,
  post,
  SUPPLIER_IBAN,
  type PaymentsWorld,
} from '../payments/payments-test-kit';
import { costCenter } from '../tables/entities/cost-center';
import { buildReportsWorld, sent } from './reports-world';

/** The documents' world of the period reports: reports-world.ts's and what is added below. */
export interface ActivityWorld {
  world: PaymentsWorld;
  /** The documents' keys by letter (A–L). */
  keys: Record<string, string>;
  /** Supplier T. */
  tiskarna: TableRecord;
  /** A document's id, by its letter, in SQL. */
  docId: (name: string) => ReturnType<typeof sql>;
}

/**
 * Issue 27: spend, approval times, capture and payments against figures worked out by hand on
 * the documents of reports-world.ts (A–K, its table: all issued 15 July 2026, received 1
 * October), and what this file adds:
 *
 * - L: supplier T, issued 10 March 2025, net 500.00 + VAT 110.00 = 610.00, with a cost line of
 *   366.00 on cost centre UPR and one of 244.00 on none; approved and paid.
 * - The decisions' times in their steps are set to 1 to 11 hours (below), L's taken in 2025.
 * - Capture results kept on A, D, K and L as the capture job keeps them (below).
 * - Orders: A paid early (2 Nov, due 10 Nov), K paid on its due day (5 Nov), F paid late (10
 *   Nov, due 31 Oct), I returned by the bank ("AC04 Closed account", 28 Oct); L paid in 2025.
 */
let world: PaymentsWorld;
let keys: Record<string, string>;
const db = () => world.t.database.db;
const docId = (name: string) => sql`(select id from doc where key = ${keys[name]}::uuid)`;

/** Hours each document stood in the approval step before its decision. */
const HOURS: Record<string, number> = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, I: 7, K: 8, L: 9 };

/** A capture result kept as the capture job keeps it, and what became of each value. */
export const captured = async (
  name: string,
  at: string,
  fields: Record<string, [string, string]>,
) => {
  const result = {
    source: 'text',
    sources: [],
    fields: Object.fromEntries(
      Object.entries(fields).map(([field, [value, source]]) => [
        field,
        { value, source, confidence: 0.9 },
      ]),
    ),
  };
  await sql`update doc set capture_state = 'done', captured_at = ${at},
      capture_result = ${JSON.stringify(result)}::jsonb
    where id = ${docId(name)}`.execute(db());
  // As the capture job and every save record it (their own tests: capture's outcome test).
  await sql`select listina_capture_outcome(organization_id, array[id])
    from doc where id = ${docId(name)}`.execute(db());
};

/** The world of reports-world.ts with what this file's header adds (a new database; ~20 s). */
export async function buildActivityWorld(): Promise<ActivityWorld> {
  const built = await buildReportsWorld();
  ({ world, keys } = built);
  const { tiskarna } = built;
  const centre = await post(world, '/api/cl/costCenter', {
    ...costCenter.sample(1),
    code: 'UPR',
    name: 'Uprava',
  });
  expect(centre.statusCode, centre.body).toBe(201);
  keys.L = (
    await approvedInvoice(world, {
      number: 'L-2025',
      issueDate: '2025-03-10',
      receivedDate: '2025-03-12',
      dueDate: '2025-04-10',
      netAmount: '500.00',
      vatAmount: '110.00',
      totalAmount: '610.00',
      customerKey: tiskarna.key,
      paymentIban: 'SI56191000000123438',
      costLines: [
        { id: -1, account: '4000', amount: '366.00', costCenterCode: 'UPR' },
        { id: -2, account: '4100', amount: '244.00' },
      ],
    })
  ).key;

  // Decision times: confirmations 1–9 hours, G's rejection 10, H's forward 11.
  for (const [name, hours] of Object.entries({ ...HOURS, G: 10, H: 11 }))
    await sql`update workflow_log set seconds_in_step = ${hours * 3600},
        created_at = ${name === 'L' ? '2025-03-11T10:00:00Z' : '2026-10-15T10:00:00Z'}
      where doc_id = ${docId(name)} and from_step_id is not null`.execute(db());
  await sql`update doc set workflow_step_at = '2026-11-01T08:00:00Z'
    where id = ${docId('H')}`.execute(db());

  // Capture results as the capture job keeps them, and what became of each value.
  await captured('A', '2026-10-02T09:00:00Z', {
    invoiceNumber: ['A-2026', 'einvoice'],
    totalAmount: ['122.0', 'einvoice'],
    iban: [SUPPLIER_IBAN.toLowerCase().replace(/(.{4})/g, '$1 '), 'einvoice'],
    dueDate: ['2026-11-09', 'qr'],
  });
  await captured('K', '2026-10-02T09:00:00Z', {
    invoiceNumber: ['K-2026', 'ocr'],
    totalAmount: ['200.00', 'ocr'],
    referenceModel: ['SI00', 'learned'],
  });
  await captured('D', '2026-10-03T09:00:00Z', {
    invoiceNumber: ['D-2026', 'text'],
    netAmount: ['200', 'text'],
  });
  await captured('L', '2025-03-11T09:00:00Z', { invoiceNumber: ['L-2025', 'ocr'] });

  // Payments: A early, K on its due day, L in 2025; F (paid 10 Nov) and I come from the world.
  const paidOn = async (name: string, at: string) => {
    const [order] = await sent([keys[name] ?? '']);
    const paid = await post(world, '/api/payOrder/mark', { keys: [order], state: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    await sql`update pay_order set paid_at = ${at} where key = ${order}::uuid`.execute(db());
  };
  await paidOn('A', '2026-11-02T09:00:00Z');
  await paidOn('K', '2026-11-05T09:00:00Z');
  await paidOn('L', '2025-04-15T09:00:00Z');
  await sql`update pay_order set bank_message = 'AC04 Closed account',
      updated_at = '2026-10-28T09:00:00Z'
    where state = 'rejected'`.execute(db());
  // Execution dates as the orders' documents fall due.
  await sql`update pay_order o set execution_date = coalesce(d.due_date, o.execution_date)
    from pay_order_doc l join doc d on d.organization_id = l.organization_id and d.id = l.doc_id
    where l.organization_id = o.organization_id and l.pay_order_id = o.id`.execute(db());
  return { world, keys, tiskarna, docId };
}
