import { z } from 'zod';
import { defineRoute } from './route';
import { ReportFilterSchema } from './reports';

/**
 * The reports of what happened over a period (issue 27; docs/reports.md): spend, approval
 * times, capture and payments. Like aging and cash needed, amounts are exact decimal strings
 * per currency; durations are whole seconds; counts are whole numbers.
 */

const Amount = z.string().regex(/^-?\d+\.\d{2}$/);
const Count = z.number().int().nonnegative();
const Seconds = z.number().int().nonnegative();

/** A period: from and to, both days included (yyyy-mm-dd); the last 12 months when absent. */
export const PeriodQuerySchema = ReportFilterSchema.extend({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type PeriodQuery = z.infer<typeof PeriodQuerySchema>;

const Period = { from: z.iso.date(), to: z.iso.date() };

// ----- Spend ---------------------------------------------------------------------------------

/** What spend is grouped by; the months are always there. */
export const SPEND_GROUPS = ['supplier', 'costCenter', 'documentType'] as const;
export type SpendGroup = (typeof SPEND_GROUPS)[number];

export const SpendQuerySchema = ReportFilterSchema.extend({
  /** The year (this year when absent), set against the year before. */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  by: z.enum(SPEND_GROUPS).optional(),
});
export type SpendQuery = z.infer<typeof SpendQuerySchema>;

/** Net and gross of a year and of the year before, with the documents counted. */
const SpendFigures = {
  currency: z.string(),
  net: Amount,
  gross: Amount,
  documents: Count,
  netLastYear: Amount,
  grossLastYear: Amount,
  documentsLastYear: Count,
};

export const SpendRowSchema = z.object({
  /** The supplier's key, the cost centre's code or the document type's id; null for none. */
  key: z.string().nullable(),
  /** Its name (the code when a cost centre has none); null for none. */
  name: z.string().nullable(),
  ...SpendFigures,
});
export type SpendRow = z.infer<typeof SpendRowSchema>;

export const SpendMonthSchema = z.object({
  /** 1 to 12. */
  month: z.number().int().min(1).max(12),
  ...SpendFigures,
});
export type SpendMonth = z.infer<typeof SpendMonthSchema>;

export const SpendTotalSchema = z.object(SpendFigures);
export type SpendTotal = z.infer<typeof SpendTotalSchema>;

export const SpendReportSchema = z.object({
  year: z.number().int(),
  by: z.enum(SPEND_GROUPS),
  /** By the group, largest gross of the year first. */
  rows: z.array(SpendRowSchema),
  /** Months of the year that have documents in either year, per currency. */
  months: z.array(SpendMonthSchema),
  totals: z.array(SpendTotalSchema),
});
export type SpendReport = z.infer<typeof SpendReportSchema>;

// ----- Approval times ------------------------------------------------------------------------

/** Time spent and outcomes of the decisions taken in a period. */
const DecisionFigures = {
  /** Decisions taken (a log line leaving the step). */
  decisions: Count,
  medianSeconds: Seconds,
  p90Seconds: Seconds,
  forwards: Count,
  rejections: Count,
  /** Sent back: for more data, one step back or to the beginning. */
  returns: Count,
};

export const ApprovalStepSchema = z.object({
  /** The step's tile (approval, payment, ...), also the step filter's value. */
  tile: z.string(),
  stepName: z.string(),
  workflowName: z.string(),
  ...DecisionFigures,
});
export type ApprovalStep = z.infer<typeof ApprovalStepSchema>;

export const ApproverSchema = z.object({
  userKey: z.string(),
  displayName: z.string(),
  ...DecisionFigures,
});
export type Approver = z.infer<typeof ApproverSchema>;

/** A document standing in a workflow step now, with how long it has waited there. */
export const WaitingDocumentSchema = z.object({
  documentKey: z.string(),
  number: z.string(),
  supplierName: z.string().nullable(),
  tile: z.string(),
  stepName: z.string(),
  /** When it came into the step. */
  since: z.iso.datetime({ offset: true }),
  seconds: Seconds,
  currency: z.string(),
  amount: Amount.nullable(),
});
export type WaitingDocument = z.infer<typeof WaitingDocumentSchema>;

/** How many documents the waiting list shows. */
export const WAITING_LIMIT = 20;

export const ApprovalReportSchema = z.object({
  ...Period,
  steps: z.array(ApprovalStepSchema),
  approvers: z.array(ApproverSchema),
  /** The documents waiting longest, longest first (at most WAITING_LIMIT). */
  waiting: z.array(WaitingDocumentSchema),
});
export type ApprovalReport = z.infer<typeof ApprovalReportSchema>;

// ----- Capture -------------------------------------------------------------------------------

/** Where a captured value came from (issue 7's sources, then what the supplier taught). */
export const CAPTURE_REPORT_SOURCES = ['einvoice', 'qr', 'text', 'ocr', 'learned'] as const;
/** How a document came in: by mail, uploaded (a file), or typed (no file). */
export const INTAKE_CHANNELS = ['mail', 'upload', 'typed'] as const;
export type IntakeChannel = (typeof INTAKE_CHANNELS)[number];

const FieldCounts = {
  /** Values capture filled in. */
  captured: Count,
  /** Of those, changed by a user before the document was saved as it is now. */
  corrected: Count,
};

export const CaptureReportSchema = z.object({
  ...Period,
  /** Documents captured in the period (capture found values). */
  documents: Count,
  /** Of those, documents whose every captured value was kept unchanged. */
  keptUnchanged: Count,
  bySource: z.array(z.object({ source: z.string(), ...FieldCounts })),
  byField: z.array(z.object({ field: z.string(), ...FieldCounts })),
  /** Suppliers with captured documents, most corrections first. */
  bySupplier: z.array(
    z.object({
      supplierKey: z.string().nullable(),
      supplierName: z.string().nullable(),
      documents: Count,
      keptUnchanged: Count,
      ...FieldCounts,
    }),
  ),
  /** Documents created in the period by how they came in. */
  channels: z.array(z.object({ channel: z.enum(INTAKE_CHANNELS), documents: Count })),
});
export type CaptureReport = z.infer<typeof CaptureReportSchema>;

// ----- Payments ------------------------------------------------------------------------------

/** When a paid document was paid against its due date. */
export const PAYMENT_TIMINGS = ['early', 'onTime', 'late'] as const;
export type PaymentTiming = (typeof PAYMENT_TIMINGS)[number];

export const PaymentsReportSchema = z.object({
  ...Period,
  /** Orders with an execution date in the period, by their state now. */
  states: z.array(
    z.object({ state: z.string(), currency: z.string(), orders: Count, amount: Amount }),
  ),
  /** Orders the bank returned in the period, by the reason it gave (null: none given). */
  returns: z.array(
    z.object({
      reason: z.string().nullable(),
      currency: z.string(),
      orders: Count,
      amount: Amount,
    }),
  ),
  /** Documents paid in the period (by a paid order), per currency. */
  paid: z.array(
    z.object({
      currency: z.string(),
      documents: Count,
      amount: Amount,
      /** Days from receipt to payment, on average, one decimal place. */
      averageDaysToPay: z.string().regex(/^\d+\.\d$/),
      early: Count,
      onTime: Count,
      late: Count,
      /** Days paid after the due date, on average over the late ones. */
      averageDaysLate: z.string().regex(/^\d+\.\d$/),
    }),
  ),
});
export type PaymentsReport = z.infer<typeof PaymentsReportSchema>;

export const activityReportRoutes = {
  spend: defineRoute({
    method: 'GET',
    path: '/api/report/spend',
    summary:
      'Spend: net and gross of the activated documents of a year against the year before, by supplier, cost centre or document type, and by month.',
    access: 'organization',
    query: SpendQuerySchema,
    response: SpendReportSchema,
  }),
  approval: defineRoute({
    method: 'GET',
    path: '/api/report/approval',
    summary:
      'Approval times: median and 90th percentile time per workflow step and approver, forwards, rejections and returns, and the documents waiting longest.',
    access: 'organization',
    query: PeriodQuerySchema,
    response: ApprovalReportSchema,
  }),
  capture: defineRoute({
    method: 'GET',
    path: '/api/report/capture',
    summary:
      'Capture: documents whose captured values were kept, corrections by source, field and supplier, and documents by how they came in.',
    access: 'organization',
    query: PeriodQuerySchema,
    response: CaptureReportSchema,
  }),
  payments: defineRoute({
    method: 'GET',
    path: '/api/report/payments',
    summary:
      'Payments: orders by state, bank returns by reason, days from receipt to payment, and early, on-time and late payments.',
    access: 'organization',
    query: PeriodQuerySchema,
    response: PaymentsReportSchema,
  }),
};
