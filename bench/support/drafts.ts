import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/create-db';
import { uuidv7 } from '../../apps/server/src/lib/ids';
import { engineValuesOf } from '../../apps/server/src/modules/tables/model';
import { doc } from '../../apps/server/src/modules/tables/entities/doc';

/** Where drafts go: the organisation, their type and supplier, and who made them. */
export interface DraftTarget {
  organizationId: string;
  documentTypeId: number;
  /** The supplier of each draft, by its serial (one partner key for all, or several). */
  customerKey: (serial: number) => string;
  createdBy: string;
}

/** The fields of doc.sample() the drafts hold; the engine's search text and sort keys beside. */
const COPIED = [
  'number',
  'issueDate',
  'dueDate',
  'receivedDate',
  'netAmount',
  'vatAmount',
  'totalAmount',
  'paymentReferenceModel',
  'paymentReference',
  'description',
];
let serial = 0;

/**
 * `count` complete drafts (doc.sample() with the type and the supplier, no cost lines) in
 * multi-row inserts of 500, with the search text and sort keys the engine writes, numbered
 * `{prefix}-0000001` on; their keys. Complete for an invoice type (380): activation takes them.
 */
export async function insertDrafts(
  db: Db,
  target: DraftTarget,
  count: number,
  prefix = 'WF',
): Promise<string[]> {
  const keys: string[] = [];
  for (let done = 0; done < count; done += 500) {
    const rows = [];
    for (let i = done; i < Math.min(count, done + 500); i++) {
      serial += 1;
      const { costLines: _lines, ...sample } = doc.sample(serial);
      const model: Record<string, unknown> = {
        ...sample,
        number: `${prefix}-${String(serial).padStart(7, '0')}`,
        documentTypeId: target.documentTypeId,
        customerKey: target.customerKey(serial),
      };
      const engine = engineValuesOf(doc, model);
      const key = uuidv7();
      keys.push(key);
      rows.push({
        key,
        customer_key: model.customerKey,
        ...Object.fromEntries(
          COPIED.map((name) => [doc.columns.find((c) => c.name === name)?.column, model[name]]),
        ),
        search_text: engine.search_text,
        number_sort: engine.number_sort,
      });
    }
    await sql`
      insert into doc (organization_id, key, document_type_id, customer_key, number, issue_date,
        due_date, received_date, net_amount, vat_amount, total_amount, currency_code,
        payment_reference_model, payment_reference, description, status, created_by,
        search_text, number_sort)
      select ${target.organizationId}::bigint, r.key, ${target.documentTypeId}::bigint,
        r.customer_key, r.number, r.issue_date, r.due_date, r.received_date, r.net_amount,
        r.vat_amount, r.total_amount, 'EUR', r.payment_reference_model, r.payment_reference,
        r.description, 'draft', ${target.createdBy}::bigint, r.search_text, r.number_sort
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(key uuid, customer_key uuid,
        number text, issue_date date, due_date date, received_date date, net_amount numeric,
        vat_amount numeric, total_amount numeric, payment_reference_model text,
        payment_reference text, description text, search_text text, number_sort text)
    `.execute(db);
  }
  return keys;
}
