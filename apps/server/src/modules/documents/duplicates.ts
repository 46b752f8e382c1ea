import { sql } from 'kysely';
import type { TableRecord } from '@listina/contract';
import type { Trx } from '../../db/scope';
import type { MessageSpec } from '../../lib/errors';

/**
 * Duplicate invoices (issue 7): before a document is approved (activated, or confirmed at an
 * approval step) and, in issue 8, before it is paid, the organisation's other documents are
 * searched for the same invoice — whatever format each came in (a PDF and the e-invoice of the
 * same invoice have the same supplier, number and amounts):
 * - the same supplier and invoice number, compared normalised (listina_invoice_number_key:
 *   letters and digits only, upper case, no leading zeros in a run of digits, so "R-0042/24"
 *   and "r 42 24" are one number);
 * - the same supplier, total and issue date;
 * - the same payee IBAN, payment reference and total.
 * Rejected documents are not counted: a rejected invoice is expected to come again.
 * The answer is a warning naming the suspected original; ignoreWarnings goes on.
 */

export type DuplicateReason = 'number' | 'amountAndDate' | 'payment';

interface Found {
  key: string;
  number: string;
  issue_date: string | null;
  status: string;
  reason: DuplicateReason;
}

/** Suspected originals shown per document, at most. */
const SHOWN = 3;

/** The documents `doc` may duplicate, the strongest reason first. */
export async function findDuplicates(
  trx: Trx,
  organizationId: string,
  doc: Pick<TableRecord, 'id'>,
): Promise<Found[]> {
  const { rows } = await sql<Found>`
    select * from (
    select o.key, o.number, o.issue_date::text as issue_date, o.status,
      case
        when d.customer_key is not null and o.customer_key = d.customer_key
          and listina_invoice_number_key(d.number) <> ''
          and listina_invoice_number_key(o.number) = listina_invoice_number_key(d.number)
          then 'number'
        when d.customer_key is not null and o.customer_key = d.customer_key
          and o.total_amount = d.total_amount and o.issue_date = d.issue_date
          then 'amountAndDate'
        else 'payment'
      end as reason
    from doc d
    join doc o on o.organization_id = d.organization_id and o.id <> d.id
      and o.status <> 'rejected'
    where d.organization_id = ${organizationId} and d.id = ${String(doc.id)}
      and (
        (d.customer_key is not null and o.customer_key = d.customer_key and (
          (listina_invoice_number_key(d.number) <> ''
            and listina_invoice_number_key(o.number) = listina_invoice_number_key(d.number))
          or (d.total_amount is not null and d.issue_date is not null
            and o.total_amount = d.total_amount and o.issue_date = d.issue_date)))
        or (d.payment_iban is not null and d.payment_reference <> ''
          and d.total_amount is not null
          and o.payment_iban = d.payment_iban
          and o.payment_reference = d.payment_reference
          and o.total_amount = d.total_amount)) ) found
    order by case reason when 'number' then 0 when 'amountAndDate' then 1 else 2 end, number
    limit ${SHOWN}
  `.execute(trx);
  return rows;
}

/** The warnings about a document's suspected originals (none when it has none). */
export async function duplicateWarnings(
  trx: Trx,
  organizationId: string,
  doc: TableRecord,
): Promise<MessageSpec[]> {
  const found = await findDuplicates(trx, organizationId, doc);
  const title = doc.displayTitle || doc.key;
  return found.map((original) => ({
    code: `warnings.doc.duplicate.${original.reason}`,
    parameters: [title, original.number === '' ? original.key : original.number],
  }));
}
