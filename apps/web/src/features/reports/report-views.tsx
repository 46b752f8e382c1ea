import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useI18n } from '../../app/i18n';
import {
  approvalSheet,
  captureSheet,
  paymentsSheet,
  spendSheet,
  type ActivityWords,
} from './activity-sheets';
import { AgingAcrossView } from './aging-across-view';
import { ApprovalView } from './approval-view';
import { useCaptureNames, CaptureView } from './capture-view';
import { AgingView } from './aging-view';
import { CashAcrossView } from './cash-across-view';
import { CashView } from './cash-view';
import { PaymentsView, usePaymentNames } from './payments-view';
import {
  agingAcrossSheet,
  agingSheet,
  cashAcrossSheet,
  cashSheet,
  narrowingOf,
  type ReportParams,
  type ReportView,
  type Sheet,
  type SheetText,
} from './report-model';
import {
  useAgingAcross,
  useAgingReport,
  useApprovalReport,
  useCaptureReport,
  useCashAcross,
  useCashReport,
  usePaymentsReport,
  useSpendReport,
} from './reports-api';
import { SpendView, useGroupName } from './spend-view';

/** What the page draws of the report it shows: its answer, its view and its sheet. */
export interface ShownReport {
  query: Pick<UseQueryResult, 'isSuccess' | 'isPending' | 'isError' | 'error'>;
  content: ReactNode;
  /** The table as an .xlsx sheet, once the report has answered. */
  sheet: () => Sheet | undefined;
  fileName: string;
  /**
   * The filters the answer was read for, where the address leaves them to the server (aging's
   * day, cash needed's first day, a period, spend's year and grouping): the filter form shows
   * them instead of an empty field.
   */
  answered: Partial<ReportParams> | undefined;
}

/** One report: its answer and how the page shows and exports it. */
function shown<T>(
  query: UseQueryResult<T>,
  draw: (data: T) => ReactNode,
  sheet: (data: T) => Sheet,
  fileName: (data: T | undefined) => string,
  answered?: (data: T) => Partial<ReportParams>,
): ShownReport {
  return {
    query,
    content: query.data === undefined ? null : draw(query.data),
    sheet: () => (query.data === undefined ? undefined : sheet(query.data)),
    fileName: fileName(query.data),
    answered: query.data === undefined || !answered ? undefined : answered(query.data),
  };
}

/** The period a report of one was read for (the last twelve months when none is asked). */
const periodOf = (report: { from: string; to: string }) => ({ from: report.from, to: report.to });

/** The day aging was read for (the user's today when none is asked). */
const asOfOf = (report: { asOf: string }) => ({ asOf: report.asOf });

/** The day cash needed counts from (the user's today when none is asked). */
const fromOf = (report: { from: string }) => ({ from: report.from });

/**
 * The report a view of the page shows (issue 27). Every report's call is made here with only
 * the shown one enabled, so the hooks run in the same order whatever the view.
 */
export function useShownReport(props: {
  view: ReportView;
  across: boolean;
  organizationId: string;
  params: ReportParams;
  onCurrency: (currency: string) => void;
}): ShownReport {
  const { view, across, organizationId, params, onCurrency } = props;
  const { t } = useI18n();
  const filter = narrowingOf(params);
  const own = !across;
  const aging = useAgingReport(
    organizationId,
    { asOf: params.asOf, ...filter },
    view === 'aging' && own,
  );
  const cash = useCashReport(
    organizationId,
    { from: params.from, ...filter },
    view === 'cash' && own,
  );
  const agingAcross = useAgingAcross(params.asOf, view === 'aging' && across);
  const cashAcross = useCashAcross(params.from, view === 'cash' && across);
  const spend = useSpendReport(
    organizationId,
    { year: params.year, by: params.by, ...filter },
    view === 'spend',
  );
  const period = { from: params.from, to: params.to, ...filter };
  const approval = useApprovalReport(organizationId, period, view === 'approval');
  const capture = useCaptureReport(organizationId, period, view === 'capture');
  const payments = usePaymentsReport(organizationId, period, view === 'payments');
  const captureNames = useCaptureNames();
  const paymentNames = usePaymentNames();
  const groupName = useGroupName();

  const text: SheetText = {
    supplier: t('reports.column.supplier'),
    organization: t('reports.column.organization'),
    currency: t('reports.column.currency'),
    bucket: (bucket) => t(`reports.bucket.${bucket}`),
    part: (part) => t(`reports.part.${part}`),
    total: t('reports.column.total'),
    documents: t('reports.column.documents'),
    week: t('reports.column.week'),
    totals: t('reports.totals'),
    overdue: t('reports.overdue'),
    later: t('reports.later'),
    noSupplier: t('reports.noSupplier'),
    asOf: t('reports.filter.asOf'),
    from: t('reports.filter.from'),
  };
  const words: ActivityWords = {
    t,
    groupName,
    ...captureNames,
    ...paymentNames,
  };
  const name = t(`reports.tab.${view}`);
  const periodFile = (report: { from: string; to: string } | undefined) =>
    `${view}-${report?.from ?? ''}-${report?.to ?? ''}.xlsx`;
  const currency = { currency: params.currency, onCurrency };
  switch (view) {
    case 'aging':
      return across
        ? shown(
            agingAcross,
            (report) => <AgingAcrossView report={report} {...currency} />,
            (report) => agingAcrossSheet(report, text, name),
            (report) => `aging-${report?.asOf ?? ''}.xlsx`,
            asOfOf,
          )
        : shown(
            aging,
            (report) => (
              <AgingView
                report={report}
                organizationId={organizationId}
                filter={params}
                {...currency}
              />
            ),
            (report) => agingSheet(report, text, name),
            (report) => `aging-${report?.asOf ?? ''}.xlsx`,
            asOfOf,
          );
    case 'cash':
      return across
        ? shown(
            cashAcross,
            (report) => <CashAcrossView report={report} {...currency} />,
            (report) => cashAcrossSheet(report, text, name),
            (report) => `cash-needed-${report?.from ?? ''}.xlsx`,
            fromOf,
          )
        : shown(
            cash,
            (report) => (
              <CashView
                report={report}
                organizationId={organizationId}
                filter={params}
                {...currency}
              />
            ),
            (report) => cashSheet(report, text, name),
            (report) => `cash-needed-${report?.from ?? ''}.xlsx`,
            fromOf,
          );
    case 'spend':
      return shown(
        spend,
        (report) => (
          <SpendView
            report={report}
            organizationId={organizationId}
            filter={params}
            amount={params.amount ?? 'gross'}
            {...currency}
          />
        ),
        (report) => spendSheet(report, words, name),
        (report) => `spend-${report?.year ?? ''}.xlsx`,
        (report) => ({ year: report.year, by: report.by }),
      );
    case 'approval':
      return shown(
        approval,
        (report) => <ApprovalView report={report} organizationId={organizationId} />,
        (report) => approvalSheet(report, words, name),
        periodFile,
        periodOf,
      );
    case 'capture':
      return shown(
        capture,
        (report) => <CaptureView report={report} organizationId={organizationId} filter={params} />,
        (report) => captureSheet(report, words, name),
        periodFile,
        periodOf,
      );
    case 'payments':
      return shown(
        payments,
        (report) => (
          <PaymentsView
            report={report}
            organizationId={organizationId}
            filter={params}
            {...currency}
          />
        ),
        (report) => paymentsSheet(report, words, name),
        periodFile,
        periodOf,
      );
  }
}
