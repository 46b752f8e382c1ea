import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import { KEPT_CASCADE_TABLES } from '../../db/migrations/0032-deleted-cascade-rows';
import { KEPT_LAYOUT_TABLES } from '../../db/migrations/0033-capture-layout';
import { KEPT_NOTIFY_TABLES } from '../../db/migrations/0039-notification-delivery';
import { KEPT_REPORT_TABLES } from '../../db/migrations/0041-report-summaries';
import { KEPT_INTAKE_TABLES } from '../../db/migrations/0038-mail-intake';
import {
  approvedInvoice,
  createPaymentsWorld,
  post,
  readDoc,
  type PaymentsWorld,
} from '../payments/payments-test-kit';
import { partner as partnerEntity } from './entities/partner';
import { ENTITIES } from './registry';
import { forgetDeletedRows } from './undo';

/**
 * Undo of a delete brings back every row the delete's cascade removed (issue 22), whole: the
 * same ids and values in every table that goes with the record by `on delete cascade`
 * (workflow history, notifications and tasks, capture learning, payment links, files, nested
 * rows). The catalog walk keeps a new cascade from being forgotten.
 */
let world: PaymentsWorld;
beforeAll(async () => {
  world = await createPaymentsWorld();
}, 120_000);
afterAll(() => world.t.close());

interface Cascade {
  child: string;
  parent: string;
  columns: string[];
  action: string;
}

/** Every foreign key of the database whose delete action is not "refuse" (no action, restrict). */
async function cascades(): Promise<Cascade[]> {
  const { rows } = await sql<Cascade>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
      c.confdeltype::text as action
    from pg_constraint c where c.contype = 'f' and c.confdeltype not in ('a', 'r')
  `.execute(world.t.database.db);
  return rows;
}

/** Tables whose deleted rows a trigger keeps for undo (migrations 0031, 0032, 0033). */
async function keptTables() {
  const { rows } = await sql<{ table: string }>`
    select t.tgrelid::regclass::text as table from pg_trigger t join pg_proc p on p.oid = t.tgfoid
    where p.proname in ('listina_keep_cascaded_row', 'listina_keep_deleted_doc_file')
  `.execute(world.t.database.db);
  return new Set(rows.map((r) => r.table));
}

/** The entities a user can delete, and so undo the delete of. */
const deletable = ENTITIES.filter((e) => e.canDelete !== false);

describe('the catalog walk', () => {
  it('finds every row a delete of an undoable record takes by cascade journaled or kept', async () => {
    const all = await cascades();
    const kept = await keptTables();
    expect([...kept].sort()).toEqual(
      [
        ...KEPT_CASCADE_TABLES,
        ...KEPT_LAYOUT_TABLES,
        ...KEPT_INTAKE_TABLES,
        ...KEPT_NOTIFY_TABLES,
        ...KEPT_REPORT_TABLES,
        'doc_file',
      ].sort(),
    );
    const uncovered: string[] = [];
    for (const entity of deletable) {
      // The nested arrays the engine deletes and journals itself before the record.
      const journaled = new Set(
        (entity.arrays ?? []).filter((a) => a.parentColumn).map((a) => a.entity.table),
      );
      const seen = new Set<string>();
      const walk = (table: string, path: string) => {
        for (const fk of all.filter((c) => c.parent === table)) {
          const where = `${path} → ${fk.child}(${fk.columns.join(', ')})`;
          if (fk.action !== 'c')
            uncovered.push(`${where}: on delete ${fk.action} changes rows undo does not see`);
          else if (!journaled.has(fk.child) && !kept.has(fk.child)) uncovered.push(where);
          if (!seen.has(fk.child)) {
            seen.add(fk.child);
            walk(fk.child, where);
          }
        }
      };
      walk(entity.table, `${entity.name} (${entity.table})`);
    }
    expect(uncovered).toEqual([]);
    // The walk saw the cascades it is about.
    const fromDoc = all.filter((c) => c.parent === 'doc').map((c) => c.child);
    expect(fromDoc).toEqual(
      expect.arrayContaining([
        'doc_cost_line',
        'doc_file',
        'workflow_log',
        'notification',
        'capture_correction',
        'capture_layout',
        'capture_layout_hint',
        'pay_order_doc',
      ]),
    );
  });
});

/** Every row of every cascade child (transitively) of `table` naming these ids, whole. */
async function childRows(table: string, ids: string[], organizationId: string) {
  const all = await cascades();
  const found: Record<string, unknown[]> = {};
  const visit = async (parent: string, parentIds: string[]) => {
    for (const fk of all.filter((c) => c.parent === parent && c.action === 'c')) {
      const own = fk.columns.find((c) => c !== 'organization_id') ?? 'id';
      const { rows } = await sql<Record<string, unknown>>`
        select * from ${sql.table(fk.child)}
        where organization_id = ${organizationId}
          and ${sql.ref(own)}::text = any(${parentIds}::text[])
      `.execute(world.t.database.db);
      found[`${fk.child}.${own}`] = rows
        .map((row) => ({ row, text: JSON.stringify(row) }))
        .sort((a, b) => a.text.localeCompare(b.text))
        .map(({ row }) => row);
      const childIds = rows.map((r) => String(r.id)).filter((id) => id !== 'undefined');
      if (childIds.length) await visit(fk.child, childIds);
    }
  };
  await visit(table, ids);
  return found;
}

async function organizationId() {
  const { rows } = await sql<{ organization_id: string }>`
    select organization_id::text from doc limit 1`.execute(world.t.database.db);
  return rows[0]?.organization_id ?? '';
}

const remove = (table: string, keys: string[]) =>
  world.t.app.inject({
    method: 'DELETE',
    url: `/api/${table}?ignoreWarnings=true`,
    headers: world.h.boss,
    payload: { keys },
  });
const undo = (undoId: string) => post(world, `/api/undo/${undoId}`, {}, world.h.boss);

/** An approved invoice (workflow history, tasks), with capture learning, ordered for payment. */
async function documentWithEverything() {
  const invoice = await approvedInvoice(world);
  const org = await organizationId();
  await sql`
    insert into capture_correction (organization_id, doc_id, partner_key, field, found_value, saved_value)
    values (${org}, ${invoice.id}, ${world.supplier.key}, 'number', 'R-2O26', ${String(invoice.number)}),
           (${org}, ${invoice.id}, ${world.supplier.key}, 'dueDate', null, '2099-03-31')
  `.execute(world.t.database.db);
  await sql`
    insert into capture_layout (organization_id, doc_id, words)
    values (${org}, ${invoice.id},
      '[{"page": 1, "aspect": 0.7071, "words": [["Belegkennung", 0.1, 0.1, 0.2, 0.12]]}]')
  `.execute(world.t.database.db);
  await sql`
    insert into capture_layout_hint (organization_id, doc_id, partner_key, field, hint)
    values (${org}, ${invoice.id}, ${world.supplier.key}, 'invoiceNumber',
      '{"page": 1, "box": [0.25, 0.1, 0.35, 0.12]}')
  `.execute(world.t.database.db);
  // Tasks of members about the document (the boss approved it alone, so it has none).
  await sql`
    insert into notification (organization_id, key, user_id, doc_id, kind, actor_id, result_code, tile, comment)
    select ${org}, gen_random_uuid(), m.user_id, ${invoice.id}, 'task', null, null, 'approval', 'Prosim preveri'
    from organization_member m where m.organization_id = ${org} limit 2
  `.execute(world.t.database.db);
  const ordered = await post(world, '/api/payOrder/fromDocuments', { documentKeys: [invoice.key] });
  expect(ordered.statusCode, ordered.body).toBe(200);
  const [order] = ordered.json<{ items: TableRecord[] }>().items;
  return { invoice: await readDoc(world, invoice.key), order: order as TableRecord, org };
}

const nonEmpty = (rows: Record<string, unknown[]>) =>
  Object.entries(rows)
    .filter(([, r]) => r.length > 0)
    .map(([table]) => table)
    .sort();

describe('undo of a delete', () => {
  it('brings back a document with its history, tasks, learning, payment links and lines, row for row', async () => {
    const { invoice, org } = await documentWithEverything();
    const before = await childRows('doc', [String(invoice.id)], org);
    expect(nonEmpty(before)).toEqual(
      expect.arrayContaining([
        'capture_correction.doc_id',
        'capture_layout.doc_id',
        'capture_layout_hint.doc_id',
        'doc_cost_line.doc_id',
        'notification.doc_id',
        'pay_order_doc.doc_id',
        'workflow_log.doc_id',
      ]),
    );

    const deleted = await remove('doc', [invoice.key]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await childRows('doc', [String(invoice.id)], org);
    expect(nonEmpty(gone)).toEqual([]);

    const undone = await undo(deleted.json<{ undoId: string }>().undoId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await childRows('doc', [String(invoice.id)], org)).toEqual(before);
    const back = await readDoc(world, invoice.key);
    expect(back).toEqual(invoice);
    expect(back.paymentState).toBe('ordered');
    // What users see of it: the history and the task list.
    const log = await world.t.app.inject({
      url: `/api/doc/${invoice.key}/wflog`,
      headers: world.h.boss,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);
  });

  it('brings back a pay order with its links to the documents it pays, and their payment state', async () => {
    const { invoice, order, org } = await documentWithEverything();
    const before = await childRows('pay_order', [String(order.id)], org);
    expect(nonEmpty(before)).toEqual(['pay_order_doc.pay_order_id']);

    const deleted = await remove('payOrder', [order.key]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(nonEmpty(await childRows('pay_order', [String(order.id)], org))).toEqual([]);
    expect((await readDoc(world, invoice.key)).paymentState).toBe('unpaid');

    const undone = await undo(deleted.json<{ undoId: string }>().undoId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await childRows('pay_order', [String(order.id)], org)).toEqual(before);
    expect(await readDoc(world, invoice.key)).toEqual(invoice);
  });

  it('brings back a link whose document and order are both back, whichever undo comes last', async () => {
    const { invoice, order, org } = await documentWithEverything();
    const links = await childRows('pay_order', [String(order.id)], org);
    const orderGone = await remove('payOrder', [order.key]);
    expect(orderGone.statusCode, orderGone.body).toBe(200);
    const docGone = await remove('doc', [invoice.key]);
    expect(docGone.statusCode, docGone.body).toBe(200);
    // The order first: its link names a document still deleted, so it waits out of sight.
    const first = await undo(orderGone.json<{ undoId: string }>().undoId);
    expect(first.statusCode, first.body).toBe(200);
    expect(nonEmpty(await childRows('pay_order', [String(order.id)], org))).toEqual([]);
    const second = await undo(docGone.json<{ undoId: string }>().undoId);
    expect(second.statusCode, second.body).toBe(200);
    expect((await readDoc(world, invoice.key)).key).toBe(invoice.key);
    // The document's own delete took no link (the order's delete had), so none comes back.
    expect(nonEmpty(await childRows('pay_order', [String(order.id)], org))).toEqual([]);

    // In the order the deletes were made (last first), everything is back.
    const again = await documentWithEverything();
    const before = await childRows('pay_order', [String(again.order.id)], again.org);
    const orderDeleted = await remove('payOrder', [again.order.key]);
    const docDeleted = await remove('doc', [again.invoice.key]);
    expect((await undo(docDeleted.json<{ undoId: string }>().undoId)).statusCode).toBe(200);
    expect((await undo(orderDeleted.json<{ undoId: string }>().undoId)).statusCode).toBe(200);
    expect(await childRows('pay_order', [String(again.order.id)], again.org)).toEqual(before);
    expect(await readDoc(world, again.invoice.key)).toEqual(again.invoice);
    expect(links['pay_order_doc.pay_order_id']).toHaveLength(1);
  });

  it('brings back a partner with its bank accounts, row for row', async () => {
    const org = await organizationId();
    const created = await post(
      world,
      '/api/cl/partner',
      {
        ...partnerEntity.sample(90),
        name: 'Mizarstvo Čebelica d.o.o.',
        bankAccounts: [
          { id: -1, code: 'SI56020170014356205', isDefault: true, isActive: true },
          { id: -2, code: 'SI56192001234567892', isActive: false },
        ],
      },
      world.h.boss,
    );
    expect(created.statusCode, created.body).toBe(201);
    const partner = created.json<{ item: TableRecord }>().item;
    const before = await childRows('partner', [String(partner.id)], org);
    expect(before['partner_bank_account.partner_id']).toHaveLength(2);
    const deleted = await world.t.app.inject({
      method: 'DELETE',
      url: '/api/cl/partner?ignoreWarnings=true',
      headers: world.h.boss,
      payload: { keys: [partner.key] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(nonEmpty(await childRows('partner', [String(partner.id)], org))).toEqual([]);
    const undone = await undo(deleted.json<{ undoId: string }>().undoId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await childRows('partner', [String(partner.id)], org)).toEqual(before);
  });

  it('keeps the cascaded rows only for the undo window, and not rows the app deletes itself', async () => {
    const { invoice } = await documentWithEverything();
    const kept = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from deleted_row`.execute(
            world.t.database.db,
          )
        ).rows[0]?.n,
      );
    // Retention's delete of old notifications is the app's own: nothing kept.
    const start = await kept();
    await sql`delete from notification where doc_id = ${invoice.id}`.execute(world.t.database.db);
    expect(await kept()).toBe(start);
    const deleted = await remove('doc', [invoice.key]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await kept()).toBeGreaterThan(start);
    const waiting = await kept();
    expect(await forgetDeletedRows(world.t.database.db, new Date(Date.now() + 60_000))).toBe(
      waiting,
    );
    expect(await kept()).toBe(0);
  });
});
