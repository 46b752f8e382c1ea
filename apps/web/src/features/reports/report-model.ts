import {
  AGING_BUCKETS,
  CASH_PARTS,
  type AgingAcross,
  type AgingReport,
  type CashAcross,
  type CashReport,
} from '@listina/contract';
import { isIsoDate } from '@listina/forms';

/** The two reports, each a tab and a path under /o/{organizationId}/reports. */
export const REPORT_VIEWS = ['aging', 'cash'] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

/** The workflow steps' tiles a report narrows to (the server's STEP_TILES). */
export const WORKFLOW_TILES = [
  'inbox',
  'review',
  'approval',
  'accounting',
  'payment',
  'archive',
] as const;

/**
 * A report's view as the address's query holds it, so that a link reproduces it: the day
 * (asOf for aging, from for cash), supplier, documentType, workflowStep, the currency the
 * chart shows and whether it is the view across the user's organisations.
 */
export interface ReportParams {
  day: string | undefined;
  supplier: string | undefined;
  documentType: number | undefined;
  workflowStep: string | undefined;
  currency: string | undefined;
  across: boolean;
}

export const dayParamOf = (view: ReportView) => (view === 'aging' ? 'asOf' : 'from');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the query; a value the server would refuse is left out rather than sent. */
export function readParams(view: ReportView, search: URLSearchParams): ReportParams {
  const day = search.get(dayParamOf(view)) ?? '';
  const supplier = search.get('supplier') ?? '';
  const documentType = Number(search.get('documentType'));
  const workflowStep = search.get('workflowStep') ?? '';
  return {
    day: isIsoDate(day) ? day : undefined,
    supplier: UUID.test(supplier) ? supplier : undefined,
    documentType: Number.isInteger(documentType) && documentType > 0 ? documentType : undefined,
    workflowStep: (WORKFLOW_TILES as readonly string[]).includes(workflowStep)
      ? workflowStep
      : undefined,
    currency: search.get('currency') || undefined,
    across: search.get('across') === '1',
  };
}

/** The query with one parameter set, or removed when empty. */
export function withParam(current: URLSearchParams, name: string, value: string | null) {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/**
 * The documents list filtered to one supplier: the list reads `filter=customerKey:{key}` from
 * its address (issue 24). A bucket (days past due) has no filter of the list, so a drill-down
 * shows all of the supplier's documents.
 */
export function supplierDocumentsPath(organizationId: string, supplierKey: string): string {
  const query = new URLSearchParams({ filter: `customerKey:${supplierKey}` });
  return `/o/${organizationId}/work/index?${query.toString()}`;
}

/** The currencies a report holds, in the order of its totals. */
export function currenciesOf(lines: readonly { currency: string }[]): string[] {
  return [...new Set(lines.map((line) => line.currency))];
}

/** A cell of an exported sheet: text, or an amount (kept exact as a decimal string). */
export type SheetCell = string | { amount: string } | null;
export interface Sheet {
  name: string;
  rows: SheetCell[][];
}

const amount = (value: string): SheetCell => ({ amount: value });

/** Text of the sheets: the caller's translations of headers and line names. */
export interface SheetText {
  supplier: string;
  organization: string;
  currency: string;
  bucket: (bucket: (typeof AGING_BUCKETS)[number]) => string;
  part: (part: (typeof CASH_PARTS)[number]) => string;
  total: string;
  documents: string;
  week: string;
  totals: string;
  overdue: string;
  later: string;
  noSupplier: string;
  asOf: string;
  from: string;
}

/** The aging table as a sheet: the same lines and figures the page shows. */
export function agingSheet(report: AgingReport, text: SheetText, name: string): Sheet {
  return {
    name,
    rows: [
      [text.asOf, report.asOf],
      [],
      [text.supplier, text.currency, ...AGING_BUCKETS.map(text.bucket), text.total, text.documents],
      ...report.rows.map((row) => [
        row.supplierName ?? text.noSupplier,
        row.currency,
        ...AGING_BUCKETS.map((bucket) => amount(row.buckets[bucket])),
        amount(row.total),
        String(row.documents),
      ]),
      ...report.totals.map((line) => [
        text.totals,
        line.currency,
        ...AGING_BUCKETS.map((bucket) => amount(line.buckets[bucket])),
        amount(line.total),
        String(line.documents),
      ]),
    ],
  };
}

/** The cash table as a sheet: overdue first, the weeks, then what falls due later. */
export function cashSheet(report: CashReport, text: SheetText, name: string): Sheet {
  const line = (label: string, row: CashReport['overdue'][number]): SheetCell[] => [
    label,
    row.currency,
    ...CASH_PARTS.map((part) => amount(row.parts[part])),
    amount(row.total),
    String(row.documents),
  ];
  return {
    name,
    rows: [
      [text.from, report.from],
      [],
      [text.week, text.currency, ...CASH_PARTS.map(text.part), text.total, text.documents],
      ...report.overdue.map((row) => line(text.overdue, row)),
      ...report.rows.map((row) => line(row.week, row)),
      ...report.later.map((row) => line(text.later, row)),
    ],
  };
}

export function agingAcrossSheet(report: AgingAcross, text: SheetText, name: string): Sheet {
  return {
    name,
    rows: [
      [text.asOf, report.asOf],
      [],
      [
        text.organization,
        text.currency,
        ...AGING_BUCKETS.map(text.bucket),
        text.total,
        text.documents,
      ],
      ...report.rows.map((row) => [
        row.organizationName,
        row.currency,
        ...AGING_BUCKETS.map((bucket) => amount(row.buckets[bucket])),
        amount(row.total),
        String(row.documents),
      ]),
    ],
  };
}

export function cashAcrossSheet(report: CashAcross, text: SheetText, name: string): Sheet {
  return {
    name,
    rows: [
      [text.from, report.from],
      [],
      [
        text.organization,
        text.week,
        text.currency,
        ...CASH_PARTS.map(text.part),
        text.total,
        text.documents,
      ],
      ...[...report.overdue.map((row) => ({ ...row, week: text.overdue })), ...report.rows].map(
        (row) => [
          row.organizationName,
          row.week,
          row.currency,
          ...CASH_PARTS.map((part) => amount(row.parts[part])),
          amount(row.total),
          String(row.documents),
        ],
      ),
    ],
  };
}
