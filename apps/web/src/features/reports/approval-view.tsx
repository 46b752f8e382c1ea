import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { ApprovalReport, ApprovalStep, Approver, WaitingDocument } from '@listina/contract';
import { formatDate, toIsoDate } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { stepLabel } from './activity-sheets';
import { ReportChart } from './report-chart';
import { useFormatAmount, useFormatDuration, useFormatNumber } from './report-format';
import { documentPath } from './report-model';
import { Empty, ReportTable, TableHeading, type ReportColumn } from './report-table';

const HOUR = 3600;

/** The figures a step and an approver share: decisions, times and outcomes. */
type Decided = ApprovalStep | Approver;

/** The columns of the decisions taken, after the line's own name. */
function useDecisionColumns<L extends Decided>(): ReportColumn<L>[] {
  const { t } = useI18n();
  const duration = useFormatDuration();
  const formatNumber = useFormatNumber();
  const count = (header: string, value: (line: L) => number, testId: string) => ({
    header,
    numeric: true,
    testId,
    cell: (line: L) => formatNumber(value(line)),
  });
  return [
    count(t('reports.column.decisions'), (line) => line.decisions, 'approval-decisions'),
    {
      header: t('reports.approval.median'),
      numeric: true,
      testId: 'approval-median',
      cell: (line) => duration(line.medianSeconds),
    },
    {
      header: t('reports.approval.p90'),
      numeric: true,
      testId: 'approval-p90',
      cell: (line) => duration(line.p90Seconds),
    },
    count(t('reports.column.forwards'), (line) => line.forwards, 'approval-forwards'),
    count(t('reports.column.rejections'), (line) => line.rejections, 'approval-rejections'),
    count(t('reports.column.returns'), (line) => line.returns, 'approval-returns'),
  ];
}

/**
 * Approval times (issue 27): the median and 90th percentile of the time documents stood in
 * each workflow step before a decision, as bars side by side; the tables per step and per
 * approver with forwards, rejections and returns; and the documents waiting longest, each
 * opening its page. A decision belongs to the history, so its figures open nothing.
 */
export function ApprovalView(props: { report: ApprovalReport; organizationId: string }) {
  const { report, organizationId } = props;
  const { t } = useI18n();
  const duration = useFormatDuration();
  const format = useFormatAmount();
  const decisionColumns = useDecisionColumns();
  const period = [formatDate(report.from), formatDate(report.to)];
  const stepColumns: ReportColumn<ApprovalStep>[] = [
    { header: t('reports.column.step'), rowHeader: true, cell: stepLabel },
    ...decisionColumns,
  ];
  const approverColumns: ReportColumn<Approver>[] = [
    { header: t('reports.column.approver'), rowHeader: true, cell: (line) => line.displayName },
    ...decisionColumns,
  ];
  const waitingColumns: ReportColumn<WaitingDocument>[] = [
    {
      header: t('reports.column.document'),
      rowHeader: true,
      cell: (line) => (
        <Link
          component={RouterLink}
          to={documentPath(organizationId, line.documentKey)}
          aria-label={t('reports.approval.openDocument', [line.number])}
        >
          {line.number}
        </Link>
      ),
    },
    {
      header: t('reports.column.supplier'),
      cell: (line) => line.supplierName ?? t('reports.noSupplier'),
    },
    { header: t('reports.column.step'), cell: (line) => line.stepName },
    {
      header: t('reports.column.since'),
      cell: (line) => formatDate(toIsoDate(new Date(line.since))),
    },
    {
      header: t('reports.column.waited'),
      numeric: true,
      testId: 'approval-waited',
      cell: (line) => duration(line.seconds),
    },
    {
      header: t('reports.column.amount'),
      numeric: true,
      cell: (line) => (line.amount === null ? '' : format(line.amount, line.currency)),
    },
  ];
  const hasDecisions = report.steps.length > 0;
  return (
    <>
      {hasDecisions ? (
        <>
          <ReportChart
            caption={t('reports.approval.chart')}
            tableId="report-table"
            categories={report.steps.map(stepLabel)}
            series={[
              {
                id: 'median',
                label: t('reports.approval.median'),
                data: report.steps.map((step) => step.medianSeconds / HOUR),
              },
              {
                id: 'p90',
                label: t('reports.approval.p90'),
                data: report.steps.map((step) => step.p90Seconds / HOUR),
              },
            ]}
            grouped
            format={(hours) => duration(hours * HOUR)}
            testId="report-chart"
          />
          <ReportTable
            id="report-table"
            label={t('reports.approval.stepsTable', period)}
            testId="approval-steps"
            columns={stepColumns}
            lines={report.steps.map((line, index) => ({
              key: String(index),
              line,
              testId: 'approval-step',
            }))}
          />
          <TableHeading text={t('reports.approval.approversTable', period)} />
          <ReportTable
            id="report-approvers"
            label={t('reports.approval.approversTable', period)}
            testId="approval-approvers"
            columns={approverColumns}
            lines={report.approvers.map((line) => ({
              key: line.userKey,
              line,
              testId: 'approval-approver',
            }))}
          />
        </>
      ) : (
        <Empty testId="report-empty" text={t('reports.emptyPeriod')} />
      )}
      <TableHeading text={t('reports.approval.waitingTable')} />
      {report.waiting.length === 0 ? (
        <Empty testId="approval-no-waiting" text={t('reports.approval.noWaiting')} />
      ) : (
        <ReportTable
          id="report-waiting"
          label={t('reports.approval.waitingTable')}
          testId="approval-waiting"
          columns={waitingColumns}
          lines={report.waiting.map((line) => ({
            key: line.documentKey,
            line,
            testId: 'approval-waiting-row',
          }))}
        />
      )}
    </>
  );
}
