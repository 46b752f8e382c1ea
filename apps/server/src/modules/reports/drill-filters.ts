import {
  CAPTURE_REPORT_SOURCES,
  INTAKE_CHANNELS,
  PAYMENT_TIMINGS,
  RANGE_SEPARATOR,
} from '@listina/contract';
import { sql, type RawBuilder } from 'kysely';
import { CAPTURE_OUTCOME_FIELDS } from '../../db/migrations/0041-report-summaries';
import { isIsoDate } from '../tables/value-types';
import { dayStartSql } from './report-scope';

/**
 * The documents list's and the payment orders list's named filters that a report's figure
 * opens with (issue 27, docs/reports.md, "Drill-down"): each says in SQL on the list's table
 * exactly what the report counts by, so a figure opens the rows it counts. The list is
 * already narrowed to the organisation; each check names the row's own organisation, so the
 * summary tables are read by their keys (organization_id, doc_id) behind row-level security.
 */

/** What a named filter is given beside its value: the time zone of the user's days. */
export interface NamedFilterContext {
  timeZone: string;
}
export type NamedFilter = (
  value: string,
  context: NamedFilterContext,
) => RawBuilder<unknown> | undefined;

/** Capture's sources a report names; any other source counts as "other". */
export const CAPTURE_SOURCE_SQL = sql`case when source in (${sql.join(
  CAPTURE_REPORT_SOURCES.map((source) => sql.lit(source)),
)}) then source else 'other' end`;
const CAPTURE_SOURCES: readonly string[] = [...CAPTURE_REPORT_SOURCES, 'other'];
const CAPTURE_FIELDS: readonly string[] = CAPTURE_OUTCOME_FIELDS.map(([field]) => field);

const oneOf =
  (names: readonly string[], condition: (value: string) => RawBuilder<unknown>): NamedFilter =>
  (value) =>
    names.includes(value) ? condition(value) : undefined;

/** `from..to` of days, both included, either end open (not both); undefined when not that. */
function dayRange(text: string): [string | undefined, string | undefined] | undefined {
  const at = text.indexOf(RANGE_SEPARATOR);
  if (at < 0) return isIsoDate(text) ? [text, text] : undefined;
  const [from, to] = [text.slice(0, at), text.slice(at + RANGE_SEPARATOR.length)];
  if (from === '' && to === '') return undefined;
  if ((from !== '' && !isIsoDate(from)) || (to !== '' && !isIsoDate(to))) return undefined;
  return [from || undefined, to || undefined];
}

/** A date column within days, both included. */
const dateRangeSql = (column: RawBuilder<unknown>, [from, to]: [string?, string?]) =>
  sql.join(
    [
      ...(from ? [sql`${column} >= ${from}::date`] : []),
      ...(to ? [sql`${column} <= ${to}::date`] : []),
    ],
    sql` and `,
  );

/**
 * A moment column within the user's days, both included, compared with the moments the days
 * start (report-scope.ts dayStartSql: leakproof, so an index serves it behind row-level security).
 */
const momentRangeSql = (
  column: RawBuilder<unknown>,
  [from, to]: [string?, string?],
  { timeZone }: NamedFilterContext,
) =>
  sql.join(
    [
      ...(from ? [sql`${column} >= ${dayStartSql(from, timeZone)}`] : []),
      ...(to ? [sql`${column} < ${dayStartSql(to, timeZone, 1)}`] : []),
    ],
    sql` and `,
  );

const captureDocSql = (condition: RawBuilder<unknown>) =>
  sql`exists (select 1 from capture_doc c where c.organization_id = doc.organization_id
    and c.doc_id = doc.id and ${condition})`;

const captureValueSql = (condition: RawBuilder<unknown>) =>
  sql`exists (select 1 from capture_outcome o where o.organization_id = doc.organization_id
    and o.doc_id = doc.id and ${condition})`;

/** The day a paid document was paid, in the user's time zone (the payments report's). */
const paidOnSql = ({ timeZone }: NamedFilterContext) =>
  sql`(timezone(${timeZone}, doc.paid_at)::date)`;

const PAID_TIMING: Record<string, (paidOn: RawBuilder<unknown>) => RawBuilder<unknown>> = {
  early: (paidOn) => sql`${paidOn} < doc.due_date`,
  onTime: (paidOn) => sql`(${paidOn} = doc.due_date or doc.due_date is null)`,
  late: (paidOn) => sql`${paidOn} > doc.due_date`,
};

/** A cost centre's code as the report filter takes it: 1 to 64 characters. */
const isCode = (value: string) => value.length > 0 && value.length <= 64;

/** The documents list's (GET /api/doc) named filters of the reports. */
export const DOC_REPORT_FILTERS: Record<string, NamedFilter> = {
  /**
   * Documents with a cost line of the cost centre (spend by cost centre, every report's
   * filter); empty: spend's "no cost centre", a line on none or no lines at all.
   */
  costCenter: (value) => {
    const lines = (condition: RawBuilder<unknown>) =>
      sql`exists (select 1 from doc_cost_line l where l.organization_id = doc.organization_id
        and l.doc_id = doc.id and ${condition})`;
    if (value === '')
      return sql`(${lines(sql`coalesce(l.cost_center_code, '') = ''`)} or not ${lines(sql`true`)})`;
    return isCode(value) ? lines(sql`l.cost_center_code = ${value}`) : undefined;
  },
  /** Documents without a supplier (a report's "no supplier" row). */
  noSupplier: (value) => (value === 'true' ? sql`doc.customer_key is null` : undefined),
  /** Documents captured on these days (capture_doc's day, as the capture report counts). */
  capturedOn: (value) => {
    const range = dayRange(value);
    return range && captureDocSql(dateRangeSql(sql`c.captured_on`, range));
  },
  /** Captured documents whose every value was kept (true), or with a value corrected (false). */
  captureKept: (value) =>
    value === 'true' || value === 'false'
      ? captureDocSql(value === 'true' ? sql`c.corrected = 0` : sql`c.corrected > 0`)
      : undefined,
  /** Documents with a value captured from the source ('other': a source the report does not name). */
  captureSource: oneOf(CAPTURE_SOURCES, (value) =>
    captureValueSql(sql`${CAPTURE_SOURCE_SQL} = ${value}`),
  ),
  /** Documents with a value of the source that a user corrected. */
  correctedSource: oneOf(CAPTURE_SOURCES, (value) =>
    captureValueSql(sql`${CAPTURE_SOURCE_SQL} = ${value} and not o.kept`),
  ),
  /** Documents with the field captured. */
  captureField: oneOf(CAPTURE_FIELDS, (value) => captureValueSql(sql`o.field = ${value}`)),
  /** Documents with the field captured and corrected. */
  correctedField: oneOf(CAPTURE_FIELDS, (value) =>
    captureValueSql(sql`o.field = ${value} and not o.kept`),
  ),
  /** Documents entered on these days of the user (the capture report's channels). */
  enteredOn: (value, context) => {
    const range = dayRange(value);
    return range && sql`(${momentRangeSql(sql`doc.created_at`, range, context)})`;
  },
  /** How a document came in: by mail (an intake message), uploaded (a file), typed (neither). */
  intakeChannel: oneOf(INTAKE_CHANNELS, (value) => {
    const hasFile = sql`exists (select 1 from doc_file f
      where f.organization_id = doc.organization_id and f.doc_id = doc.id)`;
    if (value === 'mail') return sql`doc.intake_message_id is not null`;
    if (value === 'upload') return sql`(doc.intake_message_id is null and ${hasFile})`;
    return sql`(doc.intake_message_id is null and not ${hasFile})`;
  }),
  /** Documents paid on these days of the user (all their orders paid; the last one's day). */
  paidOn: (value, context) => {
    const range = dayRange(value);
    return (
      range &&
      sql`(doc.payment_state = 'paid' and ${momentRangeSql(sql`doc.paid_at`, range, context)})`
    );
  },
  /** Paid documents paid before their due date, on it (or with none), or after it. */
  paidTiming: (value, context) => {
    const timing = (PAYMENT_TIMINGS as readonly string[]).includes(value)
      ? PAID_TIMING[value]
      : undefined;
    return timing && sql`(doc.payment_state = 'paid' and ${timing(paidOnSql(context))})`;
  },
};

/** The longest bank message a payment order keeps. */
const BANK_MESSAGE_LENGTH = 500;

/** The payment orders list's (GET /api/payOrder) named filters of the payments report. */
export const PAY_ORDER_REPORT_FILTERS: Record<string, NamedFilter> = {
  /** Orders the bank returned on these days of the user (their last change). */
  returnedOn: (value, context) => {
    const range = dayRange(value);
    return (
      range &&
      sql`(pay_order.state = 'rejected' and ${momentRangeSql(sql`pay_order.updated_at`, range, context)})`
    );
  },
  /** Orders by the reason the bank gave, as the report names it; empty: none given. */
  returnReason: (value) => {
    if (value.length > BANK_MESSAGE_LENGTH) return undefined;
    return value === ''
      ? sql`nullif(trim(pay_order.bank_message), '') is null`
      : sql`trim(pay_order.bank_message) = ${value}`;
  },
};
