import { WAITING_LIMIT, type ReportFilter, type SpendGroup } from '@listina/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Trx } from '../../db/scope';
import type { Locale } from '../../plugins/i18n';
import { hasFilter, withinSql, type Period } from './report-scope';
import { filtersSql, money } from './reports.repository';

/**
 * The SQL of spend and approval times (issue 27, docs/reports.md). As with aging, each
 * statement names its organisation (the indexes and sums of migration 0041 lead with it) and
 * runs in its tenant scope; sums are numerics returned as text, per currency.
 */

/** The day a document counts on in spend: issued, else received, else entered (UTC day). */
const SPEND_DAY = sql`coalesce(d.issue_date, d.received_date, (d.created_at at time zone 'UTC')::date)`;
/** A document's net: its net amount, else its total less VAT. */
const NET = sql`coalesce(d.net_amount, d.total_amount - coalesce(d.vat_amount, 0), 0)`;
const GROSS = sql`coalesce(d.total_amount, 0)`;

export interface SpendRowData {
  /** A group's line, a month's, or the total of a currency. */
  kind: 'group' | 'month' | 'total';
  key: string | null;
  name: string | null;
  /** 1–12 on a month's line. */
  month: number | null;
  currency: string;
  net: string;
  gross: string;
  documents: number;
  net_last_year: string;
  gross_last_year: string;
  documents_last_year: number;
}

/**
 * Spend of the activated documents of `year` and the year before, grouped by `by`, by month,
 * and in total per currency (a document with two cost centres' lines counts once there). By cost centre a document counts with
 * each of its cost lines: the lines add up to its total (the gross), and each line's net is
 * its share of the document's net; a document with no lines counts whole under "none".
 */
export async function spendRows(
  trx: Trx,
  organizationId: string,
  year: number,
  by: SpendGroup,
  filter: ReportFilter,
  locale: Locale,
): Promise<SpendRowData[]> {
  // Without a step, from sums: spend by cost centre from the sums per centre and month
  // (migration 0042) when nothing else narrows it; narrowed, or filtered by a cost centre, from
  // the documents' parts per cost centre; else from the monthly sums of the documents.
  const summed = !filter.workflowStep;
  const narrowed = Boolean(filter.supplier || filter.documentType);
  const groupKey = by === 'supplier' ? sql`customer_key::text` : sql`document_type_id::text`;
  const month = (alias: string) =>
    sql`${sql.ref(`${alias}.month`)} between ${`${year - 1}-01-01`}::date and ${`${year}-12-01`}::date`;
  const sumsOf = (table: string, columns: RawBuilder<unknown>) => sql`
        select ${columns}, extract(year from s.month)::int as year,
          extract(month from s.month)::int as month, s.currency_code, null::bigint as id
        from ${sql.table(table)} s
        where s.organization_id = ${organizationId} and ${month('s')}
          ${table === 'doc_spend_part' ? sql`` : sql`and (s.documents <> 0 or s.net <> 0 or s.gross <> 0)`}
          ${filter.supplier ? sql`and s.customer_key = ${filter.supplier}::uuid` : sql``}
          ${filter.documentType ? sql`and s.document_type_id = ${filter.documentType}` : sql``}
          ${
            filter.costCenter
              ? sql`and s.doc_id in (select c.doc_id from doc_spend_part c
                  where c.organization_id = ${organizationId}
                    and c.cost_center_code = ${filter.costCenter} and ${month('c')})`
              : sql``
          }`;
  const parts = !summed
    ? by === 'costCenter'
      ? sql`
        select coalesce(c.cost_center_code, '') as key, d.year, d.month, d.currency_code, d.id,
          case when c.id is null then ${NET}
            else coalesce(round(c.amount * ${NET} / nullif(${GROSS}, 0), 2), c.amount) end as net,
          coalesce(c.amount, ${GROSS}) as gross, null::int as documents, null::int as once
        from docs d
        left join doc_cost_line c on c.organization_id = d.organization_id and c.doc_id = d.id`
      : sql`
        select ${groupKey} as key, d.year, d.month, d.currency_code, d.id, ${NET} as net,
          ${GROSS} as gross, 1 as documents, 1 as once
        from docs d`
    : by === 'costCenter' && !narrowed && !filter.costCenter
      ? sumsOf(
          'doc_spend_cost',
          sql`s.cost_center_code as key, s.net, s.gross, s.documents, s.documents_once as once`,
        )
      : by === 'costCenter'
        ? sumsOf(
            'doc_spend_part',
            sql`s.cost_center_code as key, s.net, s.gross, 1 as documents, s.first::int as once`,
          )
        : filter.costCenter
          ? sumsOf(
              'doc_spend_part',
              sql`${groupKey} as key, s.doc_net as net, s.doc_gross as gross,
                s.first::int as documents, s.first::int as once`,
            )
          : sumsOf(
              'doc_spend',
              sql`${groupKey} as key, s.net, s.gross, s.documents, s.documents as once`,
            );
  // A document with lines on two cost centres counts once in a month and the total: by its id
  // read from rows, by the sums' count of documents once (each document's first part).
  const counted = (of: number) =>
    by === 'costCenter' && !summed
      ? sql`count(distinct case when year = ${of} then id end)::int`
      : sql`(case when grouping(key) = 0
          then coalesce(sum(case when year = ${of} then documents end), 0)
          else coalesce(sum(case when year = ${of} then once end), 0) end)::int`;
  const names =
    by === 'supplier'
      ? sql`(select p.name from partner p
          where p.organization_id = ${organizationId} and p.key = s.key::uuid)`
      : by === 'documentType'
        ? sql`(select ${locale === 'sl' ? sql`t.name_sl` : sql`t.name_en`}
            from document_type t where t.organization_id = ${organizationId} and t.id = s.key::bigint)`
        : sql`(select coalesce(nullif(c.name, ''), c.code) from cost_center c
            where c.organization_id = ${organizationId} and c.code = s.key)`;
  const { rows } = await sql<SpendRowData>`
    with docs as (
      select d.id, d.organization_id, d.customer_key, d.document_type_id, d.currency_code,
        d.net_amount, d.vat_amount, d.total_amount, extract(year from ${SPEND_DAY})::int as year,
        extract(month from ${SPEND_DAY})::int as month
      from doc d
      where d.organization_id = ${organizationId} and d.status in ('active', 'archived')
        and ${SPEND_DAY} between ${`${year - 1}-01-01`}::date and ${`${year}-12-31`}::date
        and ${filtersSql(filter)}
    ), parts as (${parts}),
    sums as (
      select case when grouping(key) = 0 then 'group' when grouping(month) = 0 then 'month'
          else 'total' end as kind,
        month, case when grouping(key) = 0 then nullif(key, '') end as key,
        currency_code as currency,
        ${money(sql`case when year = ${year} then net end`)} as net,
        ${money(sql`case when year = ${year} then gross end`)} as gross,
        ${counted(year)} as documents,
        ${money(sql`case when year = ${year - 1} then net end`)} as net_last_year,
        ${money(sql`case when year = ${year - 1} then gross end`)} as gross_last_year,
        ${counted(year - 1)} as documents_last_year
      from parts
      group by grouping sets ((key, currency_code), (month, currency_code), (currency_code))
    )
    select s.*, case when s.kind = 'group' and s.key is not null then ${names} end as name
    from sums s
  `.execute(trx);
  return rows;
}

export interface DecisionRowData {
  /** 'step' or 'approver'. */
  kind: 'step' | 'approver';
  tile: string | null;
  step_name: string | null;
  workflow_name: string | null;
  user_key: string | null;
  display_name: string | null;
  decisions: number;
  median_seconds: number;
  p90_seconds: number;
  forwards: number;
  rejections: number;
  returns: number;
}

/** The documents a decision counts: filtered like every report, through the log's document. */
const loggedDocSql = (filter: ReportFilter) => sql`exists (select 1 from doc d
  where d.organization_id = l.organization_id and d.id = l.doc_id and ${filtersSql(filter)})`;

/**
 * The workflow decisions taken in a period (log lines leaving a step a document stood in), by
 * step and by the user who took them: how long the document had stood there (median and 90th
 * percentile), and how many were forwards, rejections and returns.
 */
export async function decisionRows(
  trx: Trx,
  organizationId: string,
  period: Period,
  filter: ReportFilter,
): Promise<DecisionRowData[]> {
  const { rows } = await sql<DecisionRowData>`
    with decisions as (
      select l.from_step_id, l.user_id, l.result_code, coalesce(l.seconds_in_step, 0) as seconds
      from workflow_log l
      where l.organization_id = ${organizationId} and l.from_step_id is not null
        and ${withinSql(sql`l.created_at`, period)}
        and ${hasFilter(filter) ? loggedDocSql(filter) : sql`true`}
    ), figures as (
      select case when grouping(from_step_id) = 0 then 'step' else 'approver' end as kind,
        from_step_id, user_id, count(*)::int as decisions,
        round(percentile_cont(0.5) within group (order by seconds))::int as median_seconds,
        round(percentile_cont(0.9) within group (order by seconds))::int as p90_seconds,
        count(*) filter (where result_code = 'forwarded')::int as forwards,
        count(*) filter (where result_code = 'rejected')::int as rejections,
        count(*) filter (where result_code in ('supplementData', 'oneStepBack',
          'returnToBeginning'))::int as returns
      from decisions
      group by grouping sets ((from_step_id), (user_id))
    )
    select f.kind, s.system_tile_code as tile, s.name as step_name, w.name as workflow_name,
      u.key::text as user_key, u.display_name, f.decisions, f.median_seconds, f.p90_seconds,
      f.forwards, f.rejections, f.returns
    from figures f
    left join workflow_step s on s.organization_id = ${organizationId} and s.id = f.from_step_id
    left join workflow w on w.organization_id = s.organization_id and w.id = s.workflow_id
    left join app_user u on u.id = f.user_id and f.kind = 'approver'
    order by f.kind desc, f.median_seconds desc, f.decisions desc
  `.execute(trx);
  return rows;
}

export interface WaitingRowData {
  document_key: string;
  number: string;
  supplier_name: string | null;
  tile: string;
  step_name: string;
  since: Date;
  seconds: number;
  currency: string;
  amount: string | null;
}

/** The active documents standing longest in a workflow step now. */
export async function waitingRows(
  trx: Trx,
  organizationId: string,
  filter: ReportFilter,
): Promise<WaitingRowData[]> {
  const { rows } = await sql<WaitingRowData>`
    select d.key::text as document_key, d.number, p.name as supplier_name,
      s.system_tile_code as tile, s.name as step_name, d.workflow_step_at as since,
      greatest(0, extract(epoch from now() - d.workflow_step_at))::int as seconds,
      d.currency_code as currency, coalesce(d.amount_due, d.total_amount)::text as amount
    from doc d
    join workflow_step s on s.organization_id = d.organization_id and s.id = d.workflow_step_id
    left join partner p on p.organization_id = d.organization_id and p.key = d.customer_key
    where d.organization_id = ${organizationId} and d.status = 'active'
      and d.workflow_step_id is not null and d.workflow_step_at is not null
      and ${filtersSql(filter)}
    order by d.workflow_step_at, d.id
    limit ${WAITING_LIMIT}
  `.execute(trx);
  return rows;
}
