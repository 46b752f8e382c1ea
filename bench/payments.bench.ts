/**
 * Payments through the whole server (issue 8): with N ready payment orders of one
 * organisation (10,000 by default, written in SQL as the engine writes them),
 *
 * 1. POST /api/payOrder/exportXML of all N: read, checked as a save, written, XSD-checked;
 * 2. POST /api/payOrder/pay of all N: packaged, checked, written, XSD-checked, marked sent;
 * 3. POST /api/payOrder/statement with the bank's camt.053 of those N (every 50th returned):
 *    XSD-checked, read, matched by end-to-end id and amount, marked paid or rejected.
 *
 * Each run has fresh orders. Calls go through Fastify's inject (no socket).
 *
 *   npx tsx bench/payments.bench.ts --orders 10000 --runs 3          # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/payments.bench.ts         # PostgreSQL
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { TableRecord } from '@listina/contract';
import { uuidv7 } from '../apps/server/src/lib/ids';
import { writeCamt053 } from '../apps/server/src/modules/payments/iso20022/camt-fixture';
import { readPain001 } from '../apps/server/src/modules/payments/iso20022/pain001-read';
import { payOrder } from '../apps/server/src/modules/tables/entities/pay-order';
import { engineValuesOf, toColumnValues } from '../apps/server/src/modules/tables/model';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  multipartBody,
} from '../apps/server/test/factories';
import { machine, markdownTable, median, ms } from './support/stats';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
  },
});
const count = Number(args.orders);
const runs = Number(args.runs);
const PAYER_IBAN = 'SI56020170014356205';

const t = await createTestApp({}, { tmpPrefix: 'listina-bench-' });
const db = t.database.db;
const admin = await createUser(t);
const org = await createOrganization(t, { [admin.id]: ['orgadmin', 'accountant'] });
const headers = await memberHeaders(t, admin, org);
const own = (await t.app.inject({ url: '/api/cl/organization', headers })).json<{
  items: TableRecord[];
}>().items[0];
const saved = await t.app.inject({
  method: 'PUT',
  url: `/api/cl/organization/${String(own?.key)}`,
  headers,
  payload: {
    version: own?.version,
    organizationBankAccounts: [
      { id: -1, code: PAYER_IBAN, bic: 'LJBASI2X', isDefault: true, isActive: true },
    ],
  },
});
if (saved.statusCode !== 200) throw new Error(saved.body);
const accountId = saved.json<{ item: { organizationBankAccounts: { id: number }[] } }>().item
  .organizationBankAccounts[0]?.id;

let serial = 0;
/** N ready orders (payOrder.sample), 500 a statement, as the engine writes them; their keys. */
async function insertReadyOrders(n: number): Promise<string[]> {
  const keys: string[] = [];
  for (let done = 0; done < n; done += 500) {
    const rows = [];
    for (let i = done; i < Math.min(n, done + 500); i++) {
      serial += 1;
      const model = { ...payOrder.sample(serial), organizationBankAccountId: accountId };
      const key = uuidv7();
      keys.push(key);
      rows.push({ key, ...toColumnValues(payOrder, model), ...engineValuesOf(payOrder, model) });
    }
    await sql`
      insert into pay_order (organization_id, key, recipient_name, recipient_iban, recipient_bic,
        payment_type, recipient_reference_type, recipient_model, recipient_reference, amount,
        currency_code, purpose_code, description, execution_date, organization_bank_account_id,
        state, search_text, recipient_name_sort)
      select ${org.id}::bigint, r.key, r.recipient_name, r.recipient_iban, r.recipient_bic,
        r.payment_type, r.recipient_reference_type, r.recipient_model, r.recipient_reference,
        r.amount, r.currency_code, r.purpose_code, r.description, r.execution_date,
        r.organization_bank_account_id, 'ready', r.search_text, r.recipient_name_sort
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(key uuid,
        recipient_name text, recipient_iban text, recipient_bic text, payment_type text,
        recipient_reference_type text, recipient_model text, recipient_reference text,
        amount numeric, currency_code text, purpose_code text, description text,
        execution_date date, organization_bank_account_id bigint, search_text text,
        recipient_name_sort text)
    `.execute(db);
  }
  return keys;
}

type Reply = Awaited<ReturnType<typeof t.app.inject>>;

async function timed(call: () => Promise<Reply>) {
  const started = performance.now();
  const res = await call();
  const elapsed = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 500)}`);
  return { res, ms: elapsed };
}

const times = { export: [] as number[], pay: [] as number[], statement: [] as number[] };
for (let run = 0; run < runs; run++) {
  const keys = await insertReadyOrders(count);
  const exported = await timed(() =>
    t.app.inject({ method: 'POST', url: '/api/payOrder/exportXML', headers, payload: { keys } }),
  );
  times.export.push(exported.ms);
  const paid = await timed(() =>
    t.app.inject({ method: 'POST', url: '/api/payOrder/pay', headers, payload: { keys } }),
  );
  times.pay.push(paid.ms);
  const orders = readPain001(paid.res.body).orders;
  const camt = writeCamt053(
    orders.map((order, index) => ({
      endToEndId: order.endToEndId,
      amount: order.amount,
      currency: order.currency,
      creditDebit: 'DBIT' as const,
      status: 'BOOK',
      bookingDate: order.executionDate,
      returned: index % 50 === 49,
      ...(index % 50 === 49 ? { reason: 'AC04' } : {}),
      reference: order.reference,
    })),
    { iban: PAYER_IBAN },
  );
  const body = multipartBody([
    { name: 'file', filename: 'statement.xml', content: Buffer.from(camt), type: 'text/xml' },
  ]);
  const settled = await timed(() =>
    t.app.inject({
      method: 'POST',
      url: '/api/payOrder/statement',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    }),
  );
  const result = settled.res.json<{ paid: unknown[]; rejected: unknown[] }>();
  if (result.paid.length + result.rejected.length !== count)
    throw new Error(`statement settled ${result.paid.length + result.rejected.length} of ${count}`);
  times.statement.push(settled.ms);
  console.error(
    `run ${run + 1}: export ${ms(exported.ms)}, pay ${ms(paid.ms)}, statement ${ms(settled.ms)}`,
  );
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)';
console.log(`\n${machine()}; ${database}; ${count} orders; ${runs} runs (fresh orders each)\n`);
console.log(
  markdownTable(
    ['call', 'median', 'all runs', 'target'],
    [
      [
        'POST /api/payOrder/exportXML (checked pain.001)',
        ms(median(times.export)),
        times.export.map(ms).join(', '),
        '< 2 s',
      ],
      [
        'POST /api/payOrder/pay (packaged, checked, marked sent)',
        ms(median(times.pay)),
        times.pay.map(ms).join(', '),
        '—',
      ],
      [
        'POST /api/payOrder/statement (camt.053, matched, marked)',
        ms(median(times.statement)),
        times.statement.map(ms).join(', '),
        '< 5 s',
      ],
    ],
  ),
);
await t.close();
