import type { ReportFilter } from '@listina/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/create-db';
import type { Trx } from '../../db/scope';
import { approvedSql } from '../workflow/approved';
import { dayStartSql } from './report-scope';

/**
 * The reports' SQL (issue 27, docs/reports.md). Each statement runs in the organisation's scope
 * (row-level security as the second wall) and names the organisation itself, so the indexes
 * of migration 0040 serve it. Sums are PostgreSQL numerics, grouped by currency and returned
 * as text with two decimals: no floating point anywhere between the rows and the answer.
 */

/**
 * The columns of a document the reports read: all of them are in the open payables' index
 * (migration 0040), so the open documents are read from it alone, not from the table.
 */
const PAYABLE_COLUMNS = sql.raw(`d.id, d.organization_id, d.customer_key, d.currency_code,
  d.amount_due, d.total_amount, d.due_date, d.issue_date, d.status, d.payment_state,
  d.workflow_id, d.workflow_step_id, d.workflow_standing`);

/** What is owed for a document: its amount due, the total when none is given. */
export const OWED = sql`coalesce(d.amount_due, d.total_amount, 0)`;
/** The day a document falls due: its due date, else the day it was issued. */
const DUE = sql`coalesce(d.due_date, d.issue_date)`;
export const money = (expression: RawBuilder<unknown>) =>
  sql<string>`coalesce(sum(${expression}), 0)::numeric(18, 2)::text`;

/** The report filters as conditions on the document row d. */
export function filtersSql(filter: ReportFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (filter.supplier) parts.push(sql`d.customer_key = ${filter.supplier}::uuid`);
  if (filter.documentType) parts.push(sql`d.document_type_id = ${filter.documentType}`);
  if (filter.workflowStep)
    parts.push(sql`d.workflow_current_step_system_tile_code = ${filter.workflowStep}`);
  if (filter.costCenter)
    parts.push(sql`exists (select 1 from doc_cost_line c
      where c.organization_id = d.organization_id and c.doc_id = d.id
        and c.cost_center_code = ${filter.costCenter})`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/**
 * The payables open at the end of a day: activated (active or archived), received by then, and
 * not yet paid by then. Documents unpaid now are found through the partial index of open
 * payables; for a day in the past, those paid since are added from their paid orders.
 */
function openPayablesSql(
  organizationId: string,
  asOf: string,
  today: string,
  timeZone: string,
  filter: ReportFilter,
) {
  const common = sql`d.organization_id = ${organizationId}
    and d.status in ('active', 'archived')
    and coalesce(d.received_date, d.issue_date, d.created_at::date) <= ${asOf}::date
    and ${filtersSql(filter)}`;
  const unpaidNow = sql`select ${PAYABLE_COLUMNS} from doc d
    where ${common} and d.payment_state <> 'paid'`;
  if (asOf >= today) return unpaidNow;
  // Paid now, but after that day (its last order paid later): read from the index of paid
  // payables by when they were paid (migration 0041). The day's end is a timestamptz constant:
  // compared with a date, the operator (timestamptz_ge_date) is not leakproof, and under
  // row-level security the planner does not use it in an index scan.
  const dayEnd = dayStartSql(asOf, timeZone, 1);
  return sql`${unpaidNow}
    union all
    select ${PAYABLE_COLUMNS} from doc d
    where ${common} and d.payment_state = 'paid' and d.paid_at >= ${dayEnd}`;
}

export interface AgingRowData {
  supplier_key: string | null;
  supplier_name: string | null;
  currency: string;
  not_due: string;
  days_1_30: string;
  days_31_60: string;
  days_61_90: string;
  over_90: string;
  total: string;
  documents: number;
}

/** Open amounts per supplier and currency, by days past due at the end of `asOf`. */
export async function agingRows(
  trx: Trx,
  organizationId: string,
  asOf: string,
  today: string,
  timeZone: string,
  filter: ReportFilter,
): Promise<AgingRowData[]> {
  const late = sql`(${asOf}::date - ${DUE})`;
  const { rows } = await sql<AgingRowData>`
    with open as (${openPayablesSql(organizationId, asOf, today, timeZone, filter)}),
    -- Summed per supplier first, the names joined to the sums: a few thousand lines, not every
    -- open document, go through the join and the sort.
    sums as (
      select d.organization_id, d.customer_key, d.currency_code,
        ${money(sql`${OWED}`)} as total,
        ${money(sql`case when ${DUE} is null or ${late} <= 0 then ${OWED} end`)} as not_due,
        ${money(sql`case when ${late} between 1 and 30 then ${OWED} end`)} as days_1_30,
        ${money(sql`case when ${late} between 31 and 60 then ${OWED} end`)} as days_31_60,
        ${money(sql`case when ${late} between 61 and 90 then ${OWED} end`)} as days_61_90,
        ${money(sql`case when ${late} > 90 then ${OWED} end`)} as over_90,
        count(*)::int as documents
      from open d
      group by d.organization_id, d.customer_key, d.currency_code
    )
    select s.customer_key::text as supplier_key, p.name as supplier_name,
      s.currency_code as currency, s.total, s.not_due, s.days_1_30, s.days_31_60, s.days_61_90,
      s.over_90, s.documents
    from sums s
    left join partner p on p.organization_id = s.organization_id and p.key = s.customer_key
  `.execute(trx);
  return rows;
}

export interface CashRowData {
  /** The Monday of the due week; null for the overdue and the later ones. */
  week: string | null;
  /** 'overdue', 'week' or 'later'. */
  place: 'overdue' | 'week' | 'later';
  currency: string;
  in_package: string;
  ordered: string;
  not_ordered: string;
  total: string;
  documents: number;
}

/**
 * Approved, unpaid payables by the week they fall due, from the Monday of `from` for `weeks`
 * weeks; those due before `from` are overdue, those due later (or never) are later. How far
 * each one's payment went: not ordered (no live order), ordered, or in a payment package (its
 * order packaged or sent to the bank).
 */
export async function cashRows(
  trx: Trx,
  organizationId: string,
  from: string,
  weeks: number,
  filter: ReportFilter,
): Promise<CashRowData[]> {
  const packaged = sql`(d.payment_state = 'sent' or exists (
      select 1 from pay_order_doc l
      join pay_order o on o.organization_id = l.organization_id and o.id = l.pay_order_id
      where l.organization_id = d.organization_id and l.doc_id = d.id
        and o.state not in ('cancelled', 'rejected', 'paid')
        and (o.pay_package_id is not null or o.state in ('inPackage', 'sent'))))`;
  const { rows } = await sql<CashRowData>`
    with due as (
      select ${PAYABLE_COLUMNS}, ${DUE} as falls_due, ${OWED} as owed,
        case when d.payment_state = 'unpaid' then 'notOrdered'
             when ${packaged} then 'inPackage'
             else 'ordered' end as part
      from doc d
      where d.organization_id = ${organizationId}
        and d.status in ('active', 'archived') and d.payment_state <> 'paid'
        and ${approvedSql('d')} and ${filtersSql(filter)}
    ), placed as (
      select *,
        case when falls_due < ${from}::date then 'overdue'
             when falls_due >= date_trunc('week', ${from}::date)::date + ${weeks * 7}::int
               or falls_due is null then 'later'
             else 'week' end as place
      from due
    )
    select place,
      case when place = 'week' then to_char(date_trunc('week', falls_due), 'YYYY-MM-DD') end
        as week,
      currency_code as currency,
      ${money(sql`case when part = 'inPackage' then owed end`)}
        as in_package,
      ${money(sql`case when part = 'ordered' then owed end`)}
        as ordered,
      ${money(sql`case when part = 'notOrdered' then owed end`)}
        as not_ordered,
      ${money(sql`owed`)} as total,
      count(*)::int as documents
    from placed
    group by 1, 2, 3
    order by 1, 2, 3
  `.execute(trx);
  return rows;
}

export interface MembershipRow {
  organization_id: string;
  organization_key: string;
  organization_name: string;
}

/**
 * The organisations the user is an active member of, by name: the only read of the reports
 * across organisations that runs without a tenant scope (it names the user; ADR 0021).
 */
export async function membershipsOf(db: Db, userId: string): Promise<MembershipRow[]> {
  const { rows } = await sql<MembershipRow>`
    select o.id::text as organization_id, o.key::text as organization_key,
      o.name as organization_name
    from organization_member m
    join organization o on o.id = m.organization_id
    where m.user_id = ${userId} and m.is_active
    order by o.name, o.id
  `.execute(db);
  return rows;
}
