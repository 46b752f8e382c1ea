import {
  DEFAULT_LOCALE,
  type ApprovalReport,
  type ApprovalStep,
  type Approver,
  type CaptureReport,
  type IntakeChannel,
  type PaymentsReport,
  type PeriodQuery,
  type SpendQuery,
  type SpendReport,
} from '@listina/contract';
import { addDays, centsOf } from '@listina/forms';
import type { Db } from '../../db/create-db';
import { knownTimeZone, localDate } from '../../lib/local-date';
import type { Locale } from '../../plugins/i18n';
import { PAY_ORDER_STATES } from '../tables/entities/pay-order';
import { captureRows, orderStateRows, paidRows } from './capture-payments.repository';
import { filterOf, inReportScope, type Period, type ReportScope } from './report-scope';
import {
  decisionRows,
  spendRows,
  waitingRows,
  type DecisionRowData,
  type SpendRowData,
} from './spend-approval.repository';

/** Where a report's request came from: the user's time zone and language. */
export interface ReportContext {
  timeZone: string | undefined;
  locale?: Locale;
}

/**
 * A report's period: the days asked for, else the twelve months up to today (the user's
 * today). A period that ends before it starts is read the other way round.
 */
function periodOf(query: PeriodQuery, context: ReportContext): Period {
  const today = localDate(context.timeZone);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(addDays(to, -365), 1);
  return {
    from: from <= to ? from : to,
    to: from <= to ? to : from,
    timeZone: knownTimeZone(context.timeZone),
  };
}

const spendFigures = (row: SpendRowData) => ({
  currency: row.currency,
  net: row.net,
  gross: row.gross,
  documents: row.documents,
  netLastYear: row.net_last_year,
  grossLastYear: row.gross_last_year,
  documentsLastYear: row.documents_last_year,
});

/** Larger amounts first, compared exactly (in cents). */
const byAmountDesc = (a: string, b: string) => {
  const [x, y] = [centsOf(a) ?? 0n, centsOf(b) ?? 0n];
  return x === y ? 0 : x < y ? 1 : -1;
};

const stateRank = (state: string) => (PAY_ORDER_STATES as readonly string[]).indexOf(state);

const decisionFigures = (row: DecisionRowData) => ({
  decisions: row.decisions,
  medianSeconds: row.median_seconds,
  p90Seconds: row.p90_seconds,
  forwards: row.forwards,
  rejections: row.rejections,
  returns: row.returns,
});

/**
 * The reports of a period (issue 27, docs/reports.md): spend, approval times, capture and
 * payments, in one organisation.
 */
export function createActivityReports(db: Db) {
  return {
    async spend(
      scope: ReportScope,
      query: SpendQuery,
      context: ReportContext,
    ): Promise<SpendReport> {
      const year = query.year ?? Number(localDate(context.timeZone).slice(0, 4));
      const by = query.by ?? 'supplier';
      const rows = await inReportScope(db, scope, (trx) =>
        spendRows(
          trx,
          scope.organizationId,
          year,
          by,
          filterOf(query),
          context.locale ?? DEFAULT_LOCALE,
        ),
      );
      return {
        year,
        by,
        rows: rows
          .filter((row) => row.kind === 'group')
          .map((row) => ({ key: row.key, name: row.name ?? row.key, ...spendFigures(row) }))
          .sort(
            (a, b) =>
              a.currency.localeCompare(b.currency) ||
              byAmountDesc(a.gross, b.gross) ||
              byAmountDesc(a.grossLastYear, b.grossLastYear) ||
              (a.key ?? '').localeCompare(b.key ?? ''),
          ),
        months: rows
          .filter((row) => row.kind === 'month')
          .map((row) => ({ month: row.month ?? 0, ...spendFigures(row) }))
          .sort((a, b) => a.month - b.month || a.currency.localeCompare(b.currency)),
        totals: rows
          .filter((row) => row.kind === 'total')
          .map(spendFigures)
          .sort((a, b) => a.currency.localeCompare(b.currency)),
      };
    },

    async approval(
      scope: ReportScope,
      query: PeriodQuery,
      context: ReportContext,
    ): Promise<ApprovalReport> {
      const period = periodOf(query, context);
      const [decisions, waiting] = await inReportScope(db, scope, async (trx) => [
        await decisionRows(trx, scope.organizationId, period, filterOf(query)),
        await waitingRows(trx, scope.organizationId, filterOf(query)),
      ]);
      const steps: ApprovalStep[] = decisions
        .filter((row) => row.kind === 'step')
        .map((row) => ({
          tile: row.tile ?? '',
          stepName: row.step_name ?? '',
          workflowName: row.workflow_name ?? '',
          ...decisionFigures(row),
        }));
      const approvers: Approver[] = decisions
        .filter((row) => row.kind === 'approver')
        .map((row) => ({
          userKey: row.user_key ?? '',
          displayName: row.display_name ?? '',
          ...decisionFigures(row),
        }));
      return {
        from: period.from,
        to: period.to,
        steps,
        approvers,
        waiting: waiting.map((row) => ({
          documentKey: row.document_key,
          number: row.number,
          supplierName: row.supplier_name,
          tile: row.tile,
          stepName: row.step_name,
          since: new Date(row.since).toISOString(),
          seconds: row.seconds,
          currency: row.currency,
          amount: row.amount,
        })),
      };
    },

    async capture(
      scope: ReportScope,
      query: PeriodQuery,
      context: ReportContext,
    ): Promise<CaptureReport> {
      const period = periodOf(query, context);
      const rows = await inReportScope(db, scope, (trx) =>
        captureRows(trx, scope.organizationId, period, filterOf(query)),
      );
      const all = rows.find((row) => row.kind === 'all');
      const counts = (row: (typeof rows)[number]) => ({
        captured: row.captured,
        corrected: row.corrected,
      });
      const byCorrections = (
        a: { corrected: number; captured: number },
        b: { corrected: number; captured: number },
      ) => b.corrected - a.corrected || b.captured - a.captured;
      return {
        from: period.from,
        to: period.to,
        documents: all?.documents ?? 0,
        keptUnchanged: all?.kept_unchanged ?? 0,
        bySource: rows
          .filter((row) => row.kind === 'source')
          .map((row) => ({ source: row.name ?? '', ...counts(row) }))
          .sort((a, b) => byCorrections(a, b) || a.source.localeCompare(b.source)),
        byField: rows
          .filter((row) => row.kind === 'field')
          .map((row) => ({ field: row.name ?? '', ...counts(row) }))
          .sort((a, b) => byCorrections(a, b) || a.field.localeCompare(b.field)),
        bySupplier: rows
          .filter((row) => row.kind === 'supplier')
          .map((row) => ({
            supplierKey: row.name,
            supplierName: row.supplier_name,
            documents: row.documents,
            keptUnchanged: row.kept_unchanged,
            ...counts(row),
          }))
          .sort(
            (a, b) =>
              byCorrections(a, b) || (a.supplierName ?? '').localeCompare(b.supplierName ?? ''),
          ),
        channels: rows
          .filter((row) => row.kind === 'channel')
          .map((row) => ({ channel: row.name as IntakeChannel, documents: row.documents }))
          .sort((a, b) => b.documents - a.documents || a.channel.localeCompare(b.channel)),
      };
    },

    async payments(
      scope: ReportScope,
      query: PeriodQuery,
      context: ReportContext,
    ): Promise<PaymentsReport> {
      const period = periodOf(query, context);
      // Two statements of about the same cost, each in its own transaction: on PostgreSQL they
      // run side by side (bench/README.md, Reports).
      const [orders, paid] = await Promise.all([
        inReportScope(db, scope, (trx) =>
          orderStateRows(trx, scope.organizationId, period, filterOf(query)),
        ),
        inReportScope(db, scope, (trx) =>
          paidRows(trx, scope.organizationId, period, filterOf(query)),
        ),
      ]);
      return {
        from: period.from,
        to: period.to,
        // In the order an order goes through its states.
        states: orders
          .filter((row) => row.kind === 'state')
          .map((row) => ({
            state: row.name ?? '',
            currency: row.currency,
            orders: row.orders,
            amount: row.amount,
          }))
          .sort(
            (a, b) =>
              stateRank(a.state) - stateRank(b.state) || a.currency.localeCompare(b.currency),
          ),
        returns: orders
          .filter((row) => row.kind === 'return')
          .map((row) => ({
            reason: row.name,
            currency: row.currency,
            orders: row.orders,
            amount: row.amount,
          })),
        paid: paid.map((row) => ({
          currency: row.currency,
          documents: row.documents,
          amount: row.amount,
          averageDaysToPay: row.average_days_to_pay,
          early: row.early,
          onTime: row.on_time,
          late: row.late,
          averageDaysLate: row.average_days_late,
        })),
      };
    },
  };
}
export type ActivityReports = ReturnType<typeof createActivityReports>;
