import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import { uuidv7 } from '../../lib/ids';
import type { Journal } from '../tables/journal';
import { payOrder } from '../tables/entities/pay-order';

/**
 * Issue 26: a payment the bank rejected or returned is told to the members who keep the
 * organisation's payments (payOrder's write roles) and its admins, except the one who read the
 * statement (they see it in the answer). The notification names the order's first document
 * and carries the bank's reason; journaled, so that the statement's undo takes it back.
 * Answers the users told.
 */
export async function noticeRejectedOrders(
  trx: Trx,
  organizationId: string,
  orders: { id: string; bankMessage: string | null }[],
  actorId: string,
  journal: Journal,
): Promise<string[]> {
  if (orders.length === 0) return [];
  const { rows: members } = await sql<{ user_id: string }>`
    select user_id from organization_member
    where organization_id = ${organizationId} and is_active and user_id <> ${actorId}
      and roles && ${[...payOrder.writeRoles, 'orgadmin']}::text[]
    order by user_id
  `.execute(trx);
  if (members.length === 0) return [];
  for (const order of orders) {
    const { rows } = await sql<{ doc_id: string | null }>`
      select min(doc_id) as doc_id from pay_order_doc
      where organization_id = ${organizationId} and pay_order_id = ${order.id}
    `.execute(trx);
    const docId = rows[0]?.doc_id ?? null;
    for (const member of members) {
      const key = uuidv7();
      const inserted = await sql<{ id: string; version: number }>`
        insert into notification (organization_id, key, user_id, doc_id, kind, actor_id, comment)
        values (${organizationId}, ${key}, ${member.user_id}, ${docId}, 'paymentRejected',
                ${actorId}, ${order.bankMessage})
        returning id, version
      `.execute(trx);
      const row = inserted.rows[0];
      if (!row) throw new Error('notification insert returned no row');
      journal.operations.push({
        kind: 'created',
        entity: 'notification',
        id: String(row.id),
        key,
        version: Number(row.version),
      });
    }
  }
  return members.map((m) => String(m.user_id));
}
