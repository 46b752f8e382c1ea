import {
  AGING_BUCKETS,
  CASH_PARTS,
  SPEND_GROUPS,
  type SpendGroup,
  type AgingAcross,
  type AgingBucket,
  type CashPart,
  type AgingReport,
  type CashAcross,
  type CashReport,
} from '@listina/contract';
import { isIsoDate } from '@listina/forms';

/** The reports, each a tab and a path under /o/{organizationId}/reports. */
export const REPORT_VIEWS = ['aging', 'cash', 'spend', 'approval', 'capture', 'payments'] as const;
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

/** Which of a document's amounts the spend chart draws. */
export const SPEND_AMOUNTS = ['gross', 'net'] as const;
export type SpendAmount = (typeof SPEND_AMOUNTS)[number];

/**
 * A report's view as the address's query holds it, so that a link reproduces it: the day
 * (asOf for aging, from for cash), the period (from and to) or the year and grouping of spend,
 * supplier, documentType, costCenter, workflowStep, the currency the chart shows and whether
 * it is the view across the user's organisations.
 */
export interface ReportParams {
  asOf: string | undefined;
  from: string | undefined;
  to: string | undefined;
  year: number | undefined;
  by: SpendGroup | undefined;
  /** The amount the spend chart draws (gross when absent). */
  amount: SpendAmount | undefined;
  supplier: string | undefined;
  documentType: number | undefined;
  /** A cost centre's code (documents with a cost line on it). */
  costCenter: string | undefined;
  workflowStep: string | undefined;
  currency: string | undefined;
  across: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const dayOf = (text: string | null) => (text !== null && isIsoDate(text) ? text : undefined);

/** The value if it is one of the names, else undefined. */
function oneOf<T extends string>(names: readonly T[], value: string | null): T | undefined {
  return (names as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
}

/** Reads the query; a value the server would refuse is left out rather than sent. */
export function readParams(search: URLSearchParams): ReportParams {
  const supplier = search.get('supplier') ?? '';
  const documentType = Number(search.get('documentType'));
  const workflowStep = search.get('workflowStep') ?? '';
  const costCenter = search.get('costCenter') ?? '';
  const year = Number(search.get('year') ?? '');
  return {
    asOf: dayOf(search.get('asOf')),
    from: dayOf(search.get('from')),
    to: dayOf(search.get('to')),
    // The server takes the years 2000 to 2100.
    year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : undefined,
    by: oneOf(SPEND_GROUPS, search.get('by')),
    amount: oneOf(SPEND_AMOUNTS, search.get('amount')),
    supplier: UUID.test(supplier) ? supplier : undefined,
    documentType: Number.isInteger(documentType) && documentType > 0 ? documentType : undefined,
    // The server takes a code of 1 to 64 characters.
    costCenter: costCenter !== '' && costCenter.length <= 64 ? costCenter : undefined,
    workflowStep: (WORKFLOW_TILES as readonly string[]).includes(workflowStep)
      ? workflowStep
      : undefined,
    currency: search.get('currency') || undefined,
    across: search.get('across') === '1',
  };
}

/** The narrowing filters of the query, as every report's call takes them. */
export function narrowingOf(params: ReportParams) {
  return {
    supplier: params.supplier,
    documentType: params.documentType,
    costCenter: params.costCenter,
    workflowStep: params.workflowStep,
  };
}

/** The query with one parameter set, or removed when empty. */
export function withParam(current: URLSearchParams, name: string, value: string | null) {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** The report's own filters a drill-down carries over to the documents list. */
export interface DrillFilter {
  supplier?: string | undefined;
  documentType?: number | undefined;
  workflowStep?: string | undefined;
  /** A cost centre's code: the documents with a cost line on it (`costCenter:`, issue 27). */
  costCenter?: string | undefined;
}

/** yyyy-mm-dd moved by a number of days (calendar days, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** `dueDate:from..to`, an open end left empty (the list's range filter, inclusive). */
const dueRange = (from: string | null, to: string | null) => `dueDate:${from ?? ''}..${to ?? ''}`;

/** A bucket's due dates, counted back from the day the aging is read (docs/reports.md). */
export function bucketDueRange(asOf: string, bucket: AgingBucket): string {
  switch (bucket) {
    case 'notDue':
      return dueRange(asOf, null);
    case 'days1to30':
      return dueRange(addDays(asOf, -30), addDays(asOf, -1));
    case 'days31to60':
      return dueRange(addDays(asOf, -60), addDays(asOf, -31));
    case 'days61to90':
      return dueRange(addDays(asOf, -90), addDays(asOf, -61));
    case 'over90':
      return dueRange(null, addDays(asOf, -91));
  }
}

/**
 * The documents list with these filters (`/work/index?filter=…`, issue 24). They go in the
 * order the list writes its own (document type, supplier, then the rest), so the list keeps the
 * address as it came.
 */
export function documentsPath(organizationId: string, filters: string[]): string {
  const query = new URLSearchParams(filters.map((filter) => ['filter', filter]));
  return `/o/${organizationId}/work/index?${query.toString()}`;
}

/** Payables are active or archived (drafts and rejected ones are not owed). */
export const PAYABLE = ['status:active', 'status:archived'];
/** Payment states of what is still owed: everything but paid. */
const OPEN = ['paymentState:unpaid', 'paymentState:ordered', 'paymentState:sent'];

/**
 * The report's filters as the list's: document type and suppliers first (the list's own bar),
 * the workflow step and the cost centre after the figure's own.
 */
export function narrowing(filter: DrillFilter, suppliers: readonly string[] | undefined) {
  const keys = suppliers ?? (filter.supplier ? [filter.supplier] : []);
  return {
    head: [
      ...(filter.documentType ? [`documentTypeId:${filter.documentType}`] : []),
      ...keys.map((key) => `customerKey:${key}`),
    ],
    step: [
      ...(filter.workflowStep ? [`workflowCurrentStepSystemTileCode:${filter.workflowStep}`] : []),
      ...(filter.costCenter === undefined ? [] : [`costCenter:${filter.costCenter}`]),
    ],
  };
}

/**
 * The documents an aging figure counts: payables still open, due in the bucket (every bucket
 * when none is given, a row's total), of the suppliers given (the row's one, the suppliers
 * stacked as "other suppliers"), else of the report's supplier filter, and of its document type,
 * workflow step and cost centre. The list has no filter for the currency, a missing due date or
 * the payments made since a past day (docs/reports.md).
 */
export function agingDocumentsPath(
  organizationId: string,
  asOf: string,
  filter: DrillFilter,
  figure: { bucket?: AgingBucket | undefined; suppliers?: readonly string[] | undefined },
): string {
  const { head, step } = narrowing(filter, figure.suppliers);
  return documentsPath(organizationId, [
    ...head,
    ...PAYABLE,
    ...OPEN,
    ...step,
    ...(figure.bucket ? [bucketDueRange(asOf, figure.bucket)] : []),
  ]);
}

/** Where a cash-needed figure sits: overdue, the week of a Monday, or later. */
export type CashSlot = 'overdue' | 'later' | { week: string };

/**
 * The documents a cash-needed figure counts: payables due in its week (before the first week
 * when overdue; after the twelfth when later) in the payment states of its part: not ordered
 * is unpaid, ordered and in a package are ordered or sent (the list cannot tell a packaged order
 * from one that is not). A row's total takes every open state.
 */
export function cashDocumentsPath(
  organizationId: string,
  report: { from: string; weeks: readonly string[] },
  filter: DrillFilter,
  slot: CashSlot,
  part?: CashPart,
): string {
  const { head, step } = narrowing(filter, undefined);
  const lastWeek = report.weeks.at(-1) ?? report.from;
  const range =
    slot === 'overdue'
      ? dueRange(null, addDays(report.from, -1))
      : slot === 'later'
        ? dueRange(addDays(lastWeek, 7), null)
        : dueRange(slot.week, addDays(slot.week, 6));
  const states =
    part === undefined
      ? OPEN
      : part === 'notOrdered'
        ? ['paymentState:unpaid']
        : ['paymentState:ordered', 'paymentState:sent'];
  return documentsPath(organizationId, [...head, ...PAYABLE, ...states, ...step, range]);
}

/** The first and last day of a year, or of one of its months (1 to 12). */
export function issuedIn(year: number, month?: number): [string, string] {
  const pad = (value: number) => String(value).padStart(2, '0');
  if (month === undefined) return [`${year}-01-01`, `${year}-12-31`];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return [`${year}-${pad(month)}-01`, `${year}-${pad(month)}-${pad(last)}`];
}

/**
 * The documents a spend figure counts: payables issued in its year (or month), of the row's
 * supplier, document type or cost centre when spend is grouped by them, else of the report's
 * filters. The list has no filter for a currency or the received and entered days a document
 * without an issue date counts by (docs/reports.md).
 */
export function spendDocumentsPath(
  organizationId: string,
  filter: DrillFilter,
  figure: {
    year: number;
    month?: number | undefined;
    supplier?: string | undefined;
    documentType?: number | undefined;
    /** A cost centre's row: its code, '' for "no cost centre" (a line on none, or no lines). */
    costCenter?: string | undefined;
  },
): string {
  const narrowed = {
    ...filter,
    documentType: figure.documentType ?? filter.documentType,
    costCenter: figure.costCenter ?? filter.costCenter,
  };
  const { head, step } = narrowing(narrowed, figure.supplier ? [figure.supplier] : undefined);
  const [from, to] = issuedIn(figure.year, figure.month);
  return documentsPath(organizationId, [...head, `issueDate:${from}..${to}`, ...PAYABLE, ...step]);
}

/** A document's page, where a report names a document. */
export const documentPath = (organizationId: string, documentKey: string) =>
  `/o/${organizationId}/work/edit/${documentKey}`;

/** The currencies a report holds, in the order of its totals. */
export function currenciesOf(lines: readonly { currency: string }[]): string[] {
  return [...new Set(lines.map((line) => line.currency))];
}

/**
 * A cell of an exported sheet: text, a count, or an amount (kept exact as a decimal string,
 * written with two decimals).
 */
export type SheetCell = string | number | { amount: string } | null;
export interface Sheet {
  name: string;
  rows: SheetCell[][];
}

export const amount = (value: string): SheetCell => ({ amount: value });

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
