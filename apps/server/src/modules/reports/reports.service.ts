import {
  CASH_WEEKS,
  type AgingAcross,
  type AgingQuery,
  type AgingReport,
  type AgingTotal,
  type CashAcross,
  type CashQuery,
  type CashReport,
  type CashWeek,
  DEFAULT_LOCALE,
} from '@listina/contract';
import { addDays, centsOf, centsText, mondayOf } from '@listina/forms';
import type { Db } from '../../db/create-db';
import type { Locale } from '../../plugins/i18n';
import { knownTimeZone, localDate } from '../../lib/local-date';
import { filterOf, inReportScope, type ReportScope } from './report-scope';
import {
  agingRows,
  cashRows,
  membershipsOf,
  type AgingRowData,
  type CashRowData,
} from './reports.repository';

/** Exact sum of two amounts with two places (the answers' decimal strings), as cents. */
const addAmounts = (a: string, b: string): string =>
  centsText((centsOf(a) ?? 0n) + (centsOf(b) ?? 0n));

const agingOf = (row: AgingRowData): AgingTotal => ({
  currency: row.currency,
  buckets: {
    notDue: row.not_due,
    days1to30: row.days_1_30,
    days31to60: row.days_31_60,
    days61to90: row.days_61_90,
    over90: row.over_90,
  },
  total: row.total,
  documents: row.documents,
});

/** Adds aging lines up per currency. */
function agingTotals(lines: AgingTotal[]): AgingTotal[] {
  const byCurrency = new Map<string, AgingTotal>();
  for (const line of lines) {
    const sum = byCurrency.get(line.currency);
    if (!sum) {
      byCurrency.set(line.currency, { ...line, buckets: { ...line.buckets } });
      continue;
    }
    for (const bucket of Object.keys(sum.buckets) as (keyof AgingTotal['buckets'])[])
      sum.buckets[bucket] = addAmounts(sum.buckets[bucket], line.buckets[bucket]);
    sum.total = addAmounts(sum.total, line.total);
    sum.documents += line.documents;
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

const cashOf = (row: CashRowData): Omit<CashWeek, 'week'> => ({
  currency: row.currency,
  parts: { inPackage: row.in_package, ordered: row.ordered, notOrdered: row.not_ordered },
  total: row.total,
  documents: row.documents,
});

/** The Mondays of the cash report's weeks from the week of `from`. */
const weeksFrom = (from: string): string[] =>
  Array.from({ length: CASH_WEEKS }, (_, i) => addDays(mondayOf(from), i * 7));

/**
 * The reports (issue 27, docs/reports.md): payables aging and cash needed, in one organisation
 * or across every organisation the user belongs to. "Today" is the user's (the request's time
 * zone), so a report asked for on Monday morning in Ljubljana counts Monday.
 */
export function createReportsService(db: Db) {
  async function aging(
    scope: ReportScope,
    query: AgingQuery,
    timeZone: string | undefined,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<AgingReport> {
    const today = localDate(timeZone);
    const asOf = query.asOf ?? today;
    const rows = await inReportScope(db, scope, (trx) =>
      agingRows(trx, scope.organizationId, asOf, today, knownTimeZone(timeZone), filterOf(query)),
    );
    // By supplier name as the user's language sorts (Č after C), those without one last.
    const collator = new Intl.Collator(locale);
    const lines = rows
      .map((row) => ({
        supplierKey: row.supplier_key,
        supplierName: row.supplier_name,
        ...agingOf(row),
      }))
      .sort(
        (a, b) =>
          (a.supplierName === null ? 1 : 0) - (b.supplierName === null ? 1 : 0) ||
          collator.compare(a.supplierName ?? '', b.supplierName ?? '') ||
          (a.supplierKey ?? '').localeCompare(b.supplierKey ?? '') ||
          a.currency.localeCompare(b.currency),
      );
    return { asOf, rows: lines, totals: agingTotals(lines) };
  }

  async function cash(
    scope: ReportScope,
    query: CashQuery,
    timeZone: string | undefined,
  ): Promise<CashReport> {
    const from = query.from ?? localDate(timeZone);
    const rows = await inReportScope(db, scope, (trx) =>
      cashRows(trx, scope.organizationId, from, CASH_WEEKS, filterOf(query)),
    );
    return {
      from,
      weeks: weeksFrom(from),
      rows: rows
        .filter((row) => row.place === 'week')
        .map((row) => ({ week: row.week ?? '', ...cashOf(row) })),
      overdue: rows.filter((row) => row.place === 'overdue').map(cashOf),
      later: rows.filter((row) => row.place === 'later').map(cashOf),
    };
  }

  return {
    aging,
    cash,

    /** Aging in every organisation of the user: a line per organisation and currency. */
    async agingAcross(
      userId: string,
      query: { asOf?: string },
      timeZone: string | undefined,
    ): Promise<AgingAcross> {
      const asOf = query.asOf ?? localDate(timeZone);
      const rows: AgingAcross['rows'] = [];
      for (const member of await membershipsOf(db, userId)) {
        const report = await aging(
          { userId, organizationId: member.organization_id },
          { asOf },
          timeZone,
        );
        for (const total of report.totals)
          rows.push({
            organizationId: member.organization_id,
            organizationKey: member.organization_key,
            organizationName: member.organization_name,
            ...total,
          });
      }
      return { asOf, rows, totals: agingTotals(rows) };
    },

    /** Cash needed in every organisation of the user: a line per organisation, week, currency. */
    async cashAcross(
      userId: string,
      query: { from?: string },
      timeZone: string | undefined,
    ): Promise<CashAcross> {
      const from = query.from ?? localDate(timeZone);
      const across: CashAcross = { from, weeks: weeksFrom(from), rows: [], overdue: [] };
      for (const member of await membershipsOf(db, userId)) {
        const organization = {
          organizationId: member.organization_id,
          organizationKey: member.organization_key,
          organizationName: member.organization_name,
        };
        const report = await cash(
          { userId, organizationId: member.organization_id },
          { from },
          timeZone,
        );
        for (const row of report.rows) across.rows.push({ ...organization, ...row });
        for (const row of report.overdue) across.overdue.push({ ...organization, ...row });
      }
      return across;
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
