import type { ReportFilter } from '@listina/contract';
import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import { CAPTURE_SOURCE_SQL } from './drill-filters';
import { hasFilter, withinSql, type Period } from './report-scope';
import { OWED, filtersSql, money } from './reports.repository';

/**
 * The SQL of the capture and payments reports (issue 27, docs/reports.md), in the same manner
 * as spend-approval.repository.ts.
 */

export interface CaptureRowData {
  /** 'all', 'source', 'field', 'supplier' or 'channel'. */
  kind: 'all' | 'source' | 'field' | 'supplier' | 'channel';
  name: string | null;
  supplier_name: string | null;
  documents: number;
  kept_unchanged: number;
  captured: number;
  corrected: number;
}

/**
 * What capture filled in on the documents captured in a period and what users kept (migration
 * 0041): overall, by supplier (capture_doc, a line per document), by source and by field; and
 * the documents created in the period by how they came in. Unfiltered, sources and fields are
 * read from their daily sums (capture_stat); a filter needs the documents, so the values are
 * read one by one (capture_outcome).
 */
export async function captureRows(
  trx: Trx,
  organizationId: string,
  period: Period,
  filter: ReportFilter,
): Promise<CaptureRowData[]> {
  const filtered = hasFilter(filter);
  // A supplier is kept on each captured document's line (capture_doc.partner_key, written with
  // the document): alone, it needs no look at the documents.
  const bySupplierAlone = !(filter.documentType || filter.costCenter || filter.workflowStep);
  const ofDoc = (alias: string) =>
    filtered && !bySupplierAlone
      ? sql`exists (select 1 from doc d where d.organization_id = ${sql.ref(`${alias}.organization_id`)}
          and d.id = ${sql.ref(`${alias}.doc_id`)} and ${filtersSql(filter)})`
      : sql`true`;
  const days = (column: string) =>
    sql`${sql.ref(column)} between ${period.from}::date and ${period.to}::date`;
  const ofSupplier = filter.supplier ? sql`and c.partner_key = ${filter.supplier}::uuid` : sql``;
  const values = filtered
    ? sql`select ${CAPTURE_SOURCE_SQL} as source, field, count(*)::int as captured,
          count(*) filter (where not kept)::int as corrected
        from capture_outcome o
        where o.organization_id = ${organizationId} and ${days('o.captured_on')} and ${ofDoc('o')}
          ${
            filter.supplier
              ? sql`and o.doc_id in (select c.doc_id from capture_doc c
                  where c.organization_id = ${organizationId} and ${days('c.captured_on')}
                    ${ofSupplier})`
              : sql``
          }
        group by grouping sets ((${CAPTURE_SOURCE_SQL}), (field))`
    : sql`select ${CAPTURE_SOURCE_SQL} as source, field, sum(captured)::int as captured,
          sum(corrected)::int as corrected
        from capture_stat s
        where s.organization_id = ${organizationId} and ${days('s.day')}
        group by grouping sets ((${CAPTURE_SOURCE_SQL}), (field))`;
  const { rows } = await sql<CaptureRowData>`
    with docs as (
      select c.partner_key, c.captured, c.corrected from capture_doc c
      where c.organization_id = ${organizationId} and ${days('c.captured_on')} and ${ofDoc('c')}
        ${ofSupplier}
    ), counted as (${values}),
    grouped as (
      select 'all' as kind, null as name, count(*)::int as documents,
        count(*) filter (where corrected = 0)::int as kept_unchanged,
        coalesce(sum(captured), 0)::int as captured, coalesce(sum(corrected), 0)::int as corrected
      from docs
      union all
      select 'supplier', partner_key::text, count(*)::int,
        count(*) filter (where corrected = 0)::int, sum(captured)::int, sum(corrected)::int
      from docs group by partner_key
      union all
      select case when field is null then 'source' else 'field' end, coalesce(field, source),
        0, 0, captured, corrected
      from counted where captured > 0
      union all
      select 'channel', case when d.intake_message_id is not null then 'mail'
          when exists (select 1 from doc_file f where f.organization_id = d.organization_id
            and f.doc_id = d.id) then 'upload'
          else 'typed' end, count(*)::int, 0, 0, 0
      from doc d
      where d.organization_id = ${organizationId} and ${withinSql(sql`d.created_at`, period)}
        and ${filtersSql(filter)}
      group by 2
    )
    select g.kind, g.name, g.documents, g.kept_unchanged, g.captured, g.corrected,
      case when g.kind = 'supplier' then (select p.name from partner p
        where p.organization_id = ${organizationId} and p.key = g.name::uuid) end
        as supplier_name
    from grouped g
  `.execute(trx);
  return rows;
}

export interface OrderStateRowData {
  kind: 'state' | 'return';
  name: string | null;
  currency: string;
  orders: number;
  amount: string;
}

/** The orders a payments report counts: filtered through the documents they pay. */
const orderDocSql = (filter: ReportFilter) =>
  hasFilter(filter)
    ? sql`exists (select 1 from pay_order_doc l
        join doc d on d.organization_id = l.organization_id and d.id = l.doc_id
        where l.organization_id = o.organization_id and l.pay_order_id = o.id
          and ${filtersSql(filter)})`
    : sql`true`;

/**
 * Orders with an execution date in the period by their state now, and orders the bank
 * returned in the period (their last change) by the reason it gave.
 */
export async function orderStateRows(
  trx: Trx,
  organizationId: string,
  period: Period,
  filter: ReportFilter,
): Promise<OrderStateRowData[]> {
  const { rows } = await sql<OrderStateRowData>`
    select 'state' as kind, o.state as name, o.currency_code as currency,
      count(*)::int as orders, ${money(sql`o.amount`)} as amount
    from pay_order o
    where o.organization_id = ${organizationId}
      and o.execution_date between ${period.from}::date and ${period.to}::date
      and ${orderDocSql(filter)}
    group by o.state, o.currency_code
    union all
    select 'return', nullif(trim(o.bank_message), ''), o.currency_code, count(*)::int,
      ${money(sql`o.amount`)}
    from pay_order o
    where o.organization_id = ${organizationId} and o.state = 'rejected'
      and ${withinSql(sql`o.updated_at`, period)}
      and ${orderDocSql(filter)}
    group by 2, o.currency_code
    order by 1, 3, 4 desc, 2
  `.execute(trx);
  return rows;
}

export interface PaidRowData {
  currency: string;
  documents: number;
  amount: string;
  average_days_to_pay: string;
  early: number;
  on_time: number;
  late: number;
  average_days_late: string;
}

/**
 * The payables paid in the period: each document once, on the (user's) day it was paid (its
 * last order; doc.paid_at, migration 0041), against the day it was received (else issued) and
 * its due date. A document still owed in part (another order of it unpaid) is not yet paid.
 */
export async function paidRows(
  trx: Trx,
  organizationId: string,
  period: Period,
  filter: ReportFilter,
): Promise<PaidRowData[]> {
  const { rows } = await sql<PaidRowData>`
    with days as (
      select d.currency_code, ${OWED} as owed,
        timezone(${period.timeZone}, d.paid_at)::date as paid_on,
        d.received_date, d.issue_date, d.due_date
      from doc d
      where d.organization_id = ${organizationId} and d.payment_state = 'paid'
        and d.status in ('active', 'archived') and ${withinSql(sql`d.paid_at`, period)}
        and ${filtersSql(filter)}
    )
    select currency_code as currency, count(*)::int as documents, ${money(sql`owed`)} as amount,
      round(avg(greatest(paid_on - coalesce(received_date, issue_date, paid_on), 0)), 1)::text
        as average_days_to_pay,
      count(*) filter (where paid_on < due_date)::int as early,
      count(*) filter (where paid_on = due_date or due_date is null)::int as on_time,
      count(*) filter (where paid_on > due_date)::int as late,
      coalesce(round(avg(paid_on - due_date) filter (where paid_on > due_date), 1), 0)
        ::numeric(10, 1)::text as average_days_late
    from days
    group by currency_code
    order by currency_code
  `.execute(trx);
  return rows;
}
