import type {
  ApprovalReport,
  ApprovalStep,
  Approver,
  CaptureReport,
  PaymentsReport,
  SpendGroup,
  SpendReport,
} from '@listina/contract';
import { roundDecimal } from '@listina/forms';
import { amount, type Sheet, type SheetCell } from './report-model';

/**
 * The spend, approval, capture and payments reports as .xlsx sheets (issue 27): the lines and
 * figures of the page's tables, one block per table under its title. Amounts stay exact
 * decimals, counts are numbers, and durations are hours with two decimals, so that a
 * spreadsheet sums and sorts them.
 */
export interface ActivityWords {
  t: (key: string, params?: readonly (string | number)[]) => string;
  groupName: (by: SpendGroup, name: string | null) => string;
  field: (field: string) => string;
  source: (source: string) => string;
  channel: (channel: string) => string;
  state: (state: string) => string;
  reason: (reason: string | null) => string;
}

/** The order states in the order an order goes through them. */
const STATE_ORDER = ['draft', 'ready', 'inPackage', 'sent', 'paid', 'rejected', 'cancelled'];

/** The orders by state as the page and the sheet show them: in the order of an order's life. */
export function byStateOrder(states: PaymentsReport['states']): PaymentsReport['states'] {
  const rank = (state: string) => {
    const index = STATE_ORDER.indexOf(state);
    return index < 0 ? STATE_ORDER.length : index;
  };
  return [...states].sort((a, b) => rank(a.state) - rank(b.state));
}

/** A step by its name and its workflow's: two workflows may name a step alike. */
export const stepLabel = (step: ApprovalStep) => `${step.stepName} (${step.workflowName})`;

const hours = (seconds: number): SheetCell => amount(roundDecimal(seconds / 3600, 2) ?? '0');
const share = (part: number, whole: number): SheetCell =>
  whole === 0 ? null : amount(roundDecimal((part * 100) / whole, 2) ?? '0');

export function spendSheet(report: SpendReport, words: ActivityWords, name: string): Sheet {
  const { t } = words;
  const last = report.year - 1;
  const figures = (line: SpendReport['totals'][number]): SheetCell[] => [
    line.currency,
    amount(line.net),
    amount(line.gross),
    line.documents,
    amount(line.netLastYear),
    amount(line.grossLastYear),
    line.documentsLastYear,
  ];
  return {
    name,
    rows: [
      [t('reports.filter.year'), String(report.year)],
      [t('reports.filter.by'), t(`reports.by.${report.by}`)],
      [],
      [
        t(`reports.by.${report.by}`),
        t('reports.column.currency'),
        t('reports.column.net'),
        t('reports.column.gross'),
        t('reports.column.documents'),
        t('reports.column.netLastYear', [last]),
        t('reports.column.grossLastYear', [last]),
        t('reports.column.documentsLastYear', [last]),
      ],
      ...report.rows.map((row) => [words.groupName(report.by, row.name), ...figures(row)]),
      ...report.totals.map((line) => [t('reports.totals'), ...figures(line)]),
    ],
  };
}

export function approvalSheet(report: ApprovalReport, words: ActivityWords, name: string): Sheet {
  const { t } = words;
  const head = [
    t('reports.column.decisions'),
    t('reports.column.medianHours'),
    t('reports.column.p90Hours'),
    t('reports.column.forwards'),
    t('reports.column.rejections'),
    t('reports.column.returns'),
  ];
  const figures = (line: ApprovalStep | Approver): SheetCell[] => [
    line.decisions,
    hours(line.medianSeconds),
    hours(line.p90Seconds),
    line.forwards,
    line.rejections,
    line.returns,
  ];
  return {
    name,
    rows: [
      [t('reports.filter.from'), report.from],
      [t('reports.filter.to'), report.to],
      [],
      [t('reports.column.step'), ...head],
      ...report.steps.map((step) => [stepLabel(step), ...figures(step)]),
      [],
      [t('reports.column.approver'), ...head],
      ...report.approvers.map((line) => [line.displayName, ...figures(line)]),
      [],
      [t('reports.approval.waitingTable')],
      [
        t('reports.column.document'),
        t('reports.column.supplier'),
        t('reports.column.step'),
        t('reports.column.since'),
        t('reports.column.waitedHours'),
        t('reports.column.currency'),
        t('reports.column.amount'),
      ],
      ...report.waiting.map((line) => [
        line.number,
        line.supplierName ?? t('reports.noSupplier'),
        line.stepName,
        line.since,
        hours(line.seconds),
        line.currency,
        line.amount === null ? null : amount(line.amount),
      ]),
    ],
  };
}

export function captureSheet(report: CaptureReport, words: ActivityWords, name: string): Sheet {
  const { t } = words;
  const countsHead = [
    t('reports.column.captured'),
    t('reports.column.corrected'),
    t('reports.column.keptSharePercent'),
  ];
  const counts = (line: { captured: number; corrected: number }): SheetCell[] => [
    line.captured,
    line.corrected,
    share(line.captured - line.corrected, line.captured),
  ];
  return {
    name,
    rows: [
      [t('reports.filter.from'), report.from],
      [t('reports.filter.to'), report.to],
      [t('reports.column.documents'), report.documents],
      [t('reports.column.keptUnchanged'), report.keptUnchanged],
      [],
      [t('reports.column.source'), ...countsHead],
      ...report.bySource.map((line) => [words.source(line.source), ...counts(line)]),
      [],
      [t('reports.column.field'), ...countsHead],
      ...report.byField.map((line) => [words.field(line.field), ...counts(line)]),
      [],
      [
        t('reports.column.supplier'),
        t('reports.column.documents'),
        t('reports.column.keptUnchanged'),
        ...countsHead,
      ],
      ...report.bySupplier.map((line) => [
        line.supplierName ?? t('reports.noSupplier'),
        line.documents,
        line.keptUnchanged,
        ...counts(line),
      ]),
      [],
      [t('reports.column.channel'), t('reports.column.documents')],
      ...report.channels.map((line) => [words.channel(line.channel), line.documents]),
    ],
  };
}

export function paymentsSheet(report: PaymentsReport, words: ActivityWords, name: string): Sheet {
  const { t } = words;
  const orderHead = [
    t('reports.column.currency'),
    t('reports.column.orders'),
    t('reports.column.amount'),
  ];
  return {
    name,
    rows: [
      [t('reports.filter.from'), report.from],
      [t('reports.filter.to'), report.to],
      [],
      [t('reports.column.state'), ...orderHead],
      ...byStateOrder(report.states).map((line) => [
        words.state(line.state),
        line.currency,
        line.orders,
        amount(line.amount),
      ]),
      [],
      [t('reports.column.reason'), ...orderHead],
      ...report.returns.map((line) => [
        words.reason(line.reason),
        line.currency,
        line.orders,
        amount(line.amount),
      ]),
      [],
      [
        t('reports.column.currency'),
        t('reports.column.documents'),
        t('reports.column.amount'),
        t('reports.column.daysToPay'),
        t('reports.column.early'),
        t('reports.column.onTime'),
        t('reports.column.late'),
        t('reports.column.daysLate'),
      ],
      ...report.paid.map((line) => [
        line.currency,
        line.documents,
        amount(line.amount),
        Number(line.averageDaysToPay),
        line.early,
        line.onTime,
        line.late,
        Number(line.averageDaysLate),
      ]),
    ],
  };
}
