import { z } from 'zod';
import { defineRoute } from './route';

/**
 * Reports (issue 27; docs/reports.md): what a finance lead looks at on Mondays. Every amount is
 * an exact decimal string summed per currency; a row never adds two currencies together.
 * Payables are the documents that were activated (active or archived, never drafts or rejected
 * ones); what is owed for one is its amount due (the total when no amount due is given).
 */

/** Payables aging's buckets: not yet due, then days past the due date. */
export const AGING_BUCKETS = ['notDue', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Cash needed: the weeks ahead a report shows. */
export const CASH_WEEKS = 12;
/** Cash needed's parts of what is approved and unpaid. */
export const CASH_PARTS = ['inPackage', 'ordered', 'notOrdered'] as const;
export type CashPart = (typeof CASH_PARTS)[number];

const Amount = z.string().regex(/^-?\d+\.\d{2}$/);

/** Filters every report takes; each narrows the documents counted. */
export const ReportFilterSchema = z.strictObject({
  /** A supplier (partner key). */
  supplier: z.uuid().optional(),
  /** A document type (its id). */
  documentType: z.coerce.number().int().positive().optional(),
  /** A cost centre (its code): documents with a cost line on it. */
  costCenter: z.string().min(1).max(64).optional(),
  /** A workflow step's tile (e.g. approval): documents standing there now. */
  workflowStep: z.string().min(1).max(64).optional(),
});
export type ReportFilter = z.infer<typeof ReportFilterSchema>;

export const AgingQuerySchema = ReportFilterSchema.extend({
  /** yyyy-mm-dd; today when absent. What was owed at the end of that day. */
  asOf: z.iso.date().optional(),
});
export type AgingQuery = z.infer<typeof AgingQuerySchema>;

const BucketAmountsSchema = z.object(
  Object.fromEntries(AGING_BUCKETS.map((b) => [b, Amount])) as Record<AgingBucket, typeof Amount>,
);

/** One supplier's (or organisation's) open amounts in one currency. */
export const AgingRowSchema = z.object({
  /** The supplier's key; null for documents with no supplier. */
  supplierKey: z.string().nullable(),
  supplierName: z.string().nullable(),
  currency: z.string(),
  buckets: BucketAmountsSchema,
  total: Amount,
  /** Documents counted. */
  documents: z.number().int(),
});
export type AgingRow = z.infer<typeof AgingRowSchema>;

export const AgingTotalSchema = AgingRowSchema.pick({
  currency: true,
  buckets: true,
  total: true,
  documents: true,
});
export type AgingTotal = z.infer<typeof AgingTotalSchema>;

export const AgingReportSchema = z.object({
  asOf: z.iso.date(),
  rows: z.array(AgingRowSchema),
  /** One line per currency. */
  totals: z.array(AgingTotalSchema),
});
export type AgingReport = z.infer<typeof AgingReportSchema>;

export const CashQuerySchema = ReportFilterSchema.extend({
  /** yyyy-mm-dd; today when absent. The weeks start on the Monday of this day's week. */
  from: z.iso.date().optional(),
});
export type CashQuery = z.infer<typeof CashQuerySchema>;

const CashPartsSchema = z.object(
  Object.fromEntries(CASH_PARTS.map((p) => [p, Amount])) as Record<CashPart, typeof Amount>,
);

export const CashWeekSchema = z.object({
  /** The Monday the week starts on. */
  week: z.iso.date(),
  currency: z.string(),
  parts: CashPartsSchema,
  total: Amount,
  documents: z.number().int(),
});
export type CashWeek = z.infer<typeof CashWeekSchema>;

export const CashReportSchema = z.object({
  /** The first week's Monday. */
  from: z.iso.date(),
  /** The Mondays of the twelve weeks, in order (a week with nothing due has no rows). */
  weeks: z.array(z.iso.date()),
  rows: z.array(CashWeekSchema),
  /** Due before the first week and still unpaid, per currency. */
  overdue: z.array(CashWeekSchema.omit({ week: true })),
  /** Due after the twelfth week (or with no due date), per currency. */
  later: z.array(CashWeekSchema.omit({ week: true })),
});
export type CashReport = z.infer<typeof CashReportSchema>;

/** The same reports across every organisation the user belongs to, a line per organisation. */
const organizationOf = {
  organizationId: z.string(),
  organizationKey: z.string(),
  organizationName: z.string(),
};

export const AgingAcrossSchema = z.object({
  asOf: z.iso.date(),
  rows: z.array(AgingTotalSchema.extend(organizationOf)),
  totals: z.array(AgingTotalSchema),
});
export type AgingAcross = z.infer<typeof AgingAcrossSchema>;

export const CashAcrossSchema = z.object({
  from: z.iso.date(),
  weeks: z.array(z.iso.date()),
  rows: z.array(CashWeekSchema.extend(organizationOf)),
  overdue: z.array(CashWeekSchema.omit({ week: true }).extend(organizationOf)),
});
export type CashAcross = z.infer<typeof CashAcrossSchema>;

export const AcrossQuerySchema = z.strictObject({
  asOf: z.iso.date().optional(),
  from: z.iso.date().optional(),
});

export const reportRoutes = {
  aging: defineRoute({
    method: 'GET',
    path: '/api/report/aging',
    summary:
      'Payables aging: what is owed per supplier and currency, by days past due, as of a day.',
    access: 'organization',
    query: AgingQuerySchema,
    response: AgingReportSchema,
  }),
  cash: defineRoute({
    method: 'GET',
    path: '/api/report/cash',
    summary:
      'Cash needed: approved, unpaid amounts by due week for twelve weeks, split by how far their payment went.',
    access: 'organization',
    query: CashQuerySchema,
    response: CashReportSchema,
  }),
  agingAcross: defineRoute({
    method: 'GET',
    path: '/api/reports/aging',
    summary:
      'Payables aging across every organisation the signed-in user belongs to, a line per organisation and currency.',
    access: 'user',
    query: AcrossQuerySchema,
    response: AgingAcrossSchema,
  }),
  cashAcross: defineRoute({
    method: 'GET',
    path: '/api/reports/cash',
    summary:
      'Cash needed across every organisation the signed-in user belongs to, a line per organisation, week and currency.',
    access: 'user',
    query: AcrossQuerySchema,
    response: CashAcrossSchema,
  }),
};
