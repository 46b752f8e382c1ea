import type { IntakeChannel, PaymentTiming } from '@listina/contract';
import { RANGE_SEPARATOR } from '@listina/contract';
import { documentsPath, narrowing, PAYABLE, type DrillFilter } from './report-model';

/**
 * Where the capture and payments reports' figures open (issue 27, docs/reports.md): the
 * documents list and the payment orders list, through the lists' named filters that say what
 * the report counts by (the server's reports/drill-filters.ts).
 */

/** The days a report was read for, both included. */
export interface ReportPeriod {
  from: string;
  to: string;
}

const days = (name: string, { from, to }: ReportPeriod) => `${name}:${from}${RANGE_SEPARATOR}${to}`;

/** What a capture figure counts. */
export type CaptureFigure =
  /** Documents captured in the period: all, those that kept every value, or those that did not; of a supplier (null: none). */
  | { kind: 'documents'; isKept?: boolean | undefined; supplier?: string | null | undefined }
  /** Documents with values of a source, or with one of them corrected. */
  | { kind: 'source'; source: string; isCorrected?: boolean }
  /** Documents with a field captured, or with it corrected. */
  | { kind: 'field'; field: string; isCorrected?: boolean }
  /** Documents entered in the period that came in by a channel. */
  | { kind: 'channel'; channel: IntakeChannel };

function captureFilters(period: ReportPeriod, figure: CaptureFigure): string[] {
  switch (figure.kind) {
    case 'documents':
      return [
        days('capturedOn', period),
        ...(figure.isKept === undefined ? [] : [`captureKept:${String(figure.isKept)}`]),
      ];
    case 'source':
      return [
        days('capturedOn', period),
        `${figure.isCorrected ? 'correctedSource' : 'captureSource'}:${figure.source}`,
      ];
    case 'field':
      return [
        days('capturedOn', period),
        `${figure.isCorrected ? 'correctedField' : 'captureField'}:${figure.field}`,
      ];
    case 'channel':
      return [days('enteredOn', period), `intakeChannel:${figure.channel}`];
  }
}

/**
 * The documents a capture figure counts: captured in the period (a channel's: entered in it),
 * with the figure's values, of the row's supplier (else the report's), and of the report's
 * document type, workflow step and cost centre. A value's figure counts values; the list shows
 * the documents that hold them.
 */
export function captureDocumentsPath(
  organizationId: string,
  period: ReportPeriod,
  filter: DrillFilter,
  figure: CaptureFigure,
): string {
  const supplier = figure.kind === 'documents' ? figure.supplier : undefined;
  const { head, step } = narrowing(
    filter,
    supplier === undefined || supplier === null ? undefined : [supplier],
  );
  return documentsPath(organizationId, [
    ...head,
    ...(supplier === null ? ['noSupplier:true'] : []),
    ...captureFilters(period, figure),
    ...step,
  ]);
}

/**
 * The documents a payments figure counts: payables paid in the period (the user's days), in
 * the line's currency, paid before, on or after their due date when the figure says which.
 */
export function paidDocumentsPath(
  organizationId: string,
  period: ReportPeriod,
  filter: DrillFilter,
  figure: { currency: string; timing?: PaymentTiming | undefined },
): string {
  const { head, step } = narrowing(filter, undefined);
  return documentsPath(organizationId, [
    ...head,
    ...PAYABLE,
    days('paidOn', period),
    ...(figure.timing ? [`paidTiming:${figure.timing}`] : []),
    `currencyCode:${figure.currency}`,
    ...step,
  ]);
}

/** The payment orders list with these filters (`/payments?filter=…`). */
function ordersPath(organizationId: string, filters: string[]): string {
  const query = new URLSearchParams(filters.map((filter) => ['filter', filter]));
  return `/o/${organizationId}/payments?${query.toString()}`;
}

/**
 * The orders a payments figure counts: of a state with an execution date in the period, or
 * returned by the bank in the period (their last change, the user's days) for a reason ('' or
 * null: none given); in the line's currency. The orders list cannot narrow by the documents an
 * order pays, so the report's supplier, type, step and cost centre are not carried over.
 */
export function ordersPathOf(
  organizationId: string,
  period: ReportPeriod,
  figure: { state: string; currency: string } | { reason: string | null; currency: string },
): string {
  const which =
    'state' in figure
      ? [`state:${figure.state}`, `executionDate:${period.from}${RANGE_SEPARATOR}${period.to}`]
      : ['state:rejected', days('returnedOn', period), `returnReason:${figure.reason ?? ''}`];
  return ordersPath(organizationId, [...which, `currencyCode:${figure.currency}`]);
}
