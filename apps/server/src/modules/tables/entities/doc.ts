import { sql } from 'kysely';
import {
  checkBic,
  checkIban,
  centsOf,
  centsText,
  compactCode,
  documentReferenceOf,
} from '@listina/forms';
import type { MessageSpec } from '../../../lib/errors';
import { documentStandingMessages } from '../../documents/standing-messages';
import { matchingIdsSql, searchQuery, storedRankSql } from '../../documents/text/search-document';
import { DOC_REPORT_FILTERS } from '../../reports/drill-filters';
import { docLocks } from '../../workflow/edit-rights';
import { confirmedByMeSql, myTasksSql } from '../../workflow/tasks';
import { defineEntity, type ColumnDef } from '../entity';
import { labelledItems } from './code-list';
import { defaultVatRateCode } from './vat-rate';
import { STEP_TILES } from './workflow';

/** spec §4: a document's life; the workflow (issue 6) moves it on from active. */
export const DOC_STATUSES = ['draft', 'active', 'archived', 'rejected'] as const;

const hiddenOwned = (
  name: string,
  column: string,
  type: ColumnDef['type'],
  extra: Partial<ColumnDef> = {},
): ColumnDef => ({
  name,
  column,
  type,
  field: { labelId: `doc.${name}`, visible: false },
  serverOwned: true,
  ...extra,
});

/** The workflow's own columns of a document (migration 0019, modules/workflow). */
const WORKFLOW_COLUMNS: ColumnDef[] = [
  hiddenOwned('workflowId', 'workflow_id', 'int'),
  hiddenOwned('workflowStepId', 'workflow_step_id', 'int'),
  hiddenOwned('workflowStanding', 'workflow_standing', 'text'),
  hiddenOwned('workflowForwardedTo', 'workflow_forwarded_to', 'int'),
  hiddenOwned('workflowApprovals', 'workflow_approvals', 'int', { multiple: true }),
  hiddenOwned('workflowSubmittedBy', 'workflow_submitted_by', 'int'),
  hiddenOwned('workflowStepAt', 'workflow_step_at', 'timestamp'),
  // The workflow an intake rule chose for a document from mail (issue 25): it enters that one
  // when activated, instead of the one of its type.
  hiddenOwned('preferredWorkflowId', 'preferred_workflow_id', 'int'),
];

/** What data capture found (migration 0021, modules/capture): shown by the form, never saved. */
const CAPTURE_COLUMNS: ColumnDef[] = [
  hiddenOwned('captureResult', 'capture_result', 'text'),
  hiddenOwned('captureError', 'capture_error', 'text'),
  hiddenOwned('capturedAt', 'captured_at', 'timestamp'),
];

/** How far a document's payment went (issue 8): orders made, in a file sent, paid. */
export const DOC_PAYMENT_STATES = ['unpaid', 'ordered', 'sent', 'paid'] as const;

/** Where a document's data capture (issue 7) stands. */
export const CAPTURE_STATES = ['none', 'pending', 'done', 'failed'] as const;

const decimal = (name: string, column: string, extra: Partial<ColumnDef> = {}): ColumnDef => ({
  name,
  column,
  type: 'decimal',
  field: { inputType: 'currency', labelId: `doc.${name}` },
  ...extra,
});

const date = (name: string, column: string, extra: Partial<ColumnDef> = {}): ColumnDef => ({
  name,
  column,
  type: 'date',
  field: { labelId: `doc.${name}` },
  sort: true,
  list: true,
  filter: true,
  range: true,
  ...extra,
});

const linesOf = (model: Record<string, unknown>) =>
  Array.isArray(model.costLines)
    ? (model.costLines as Record<string, unknown>[]).filter((l) => l.markForDelete !== true)
    : [];

/**
 * Net plus VAT should be the total when all three are given. A warning, not an error: an
 * invoice may round per line, and the user who typed what the paper says may go on.
 */
export function totalWarning(model: Record<string, unknown>): MessageSpec[] {
  const [net, vat, total] = [model.netAmount, model.vatAmount, model.totalAmount].map((value) =>
    centsOf(value),
  );
  if (net === undefined || vat === undefined || total === undefined || net + vat === total)
    return [];
  return [
    {
      code: 'errors.doc.totalNotNetPlusVat',
      parameters: [centsText(net), centsText(vat), centsText(net + vat)],
      field: 'totalAmount',
    },
  ];
}

/**
 * The amount due is the total less what was prepaid plus the rounding (EN 16931 BR-CO-16),
 * when an amount due is given. A warning, as for the total: the user who typed what the
 * paper says may go on, and the order pays the amount due.
 */
export function amountDueWarning(model: Record<string, unknown>): MessageSpec[] {
  const [total, due] = [model.totalAmount, model.amountDue].map((value) => centsOf(value));
  if (total === undefined || due === undefined) return [];
  const prepaid = centsOf(model.prepaidAmount) ?? 0n;
  const rounding = centsOf(model.roundingAmount) ?? 0n;
  const expected = total - prepaid + rounding;
  if (due === expected) return [];
  return [
    {
      code: 'errors.doc.amountDueNotTotal',
      parameters: [centsText(total), centsText(prepaid), centsText(rounding), centsText(expected)],
      field: 'amountDue',
    },
  ];
}

/**
 * The cost allocation lines, when there are any, add up to the total (issue 5). Drafts may be
 * allocated in steps, so saving does not insist; activation does.
 */
export function costLinesProblem(model: Record<string, unknown>): MessageSpec | undefined {
  const lines = linesOf(model);
  const total = centsOf(model.totalAmount);
  if (lines.length === 0 || total === undefined) return undefined;
  const sum = lines.reduce((acc, line) => acc + (centsOf(line.amount) ?? 0n), 0n);
  return sum === total
    ? undefined
    : {
        code: 'errors.doc.costLinesNotTotal',
        parameters: [centsText(sum), centsText(total)],
        field: 'costLines',
      };
}

/** A cost allocation line of a document (liquidation data): where its amount is booked. */
export const docCostLine = defineEntity({
  name: 'docCostLine',
  table: 'doc_cost_line',
  scope: 'tenant',
  labelId: 'docCostLine.title',
  hidden: true,
  columns: [
    {
      name: 'costCenterCode',
      column: 'cost_center_code',
      type: 'text',
      field: {
        inputType: 'combo',
        labelId: 'docCostLine.costCenterCode',
        maxLength: 20,
        references: { table: 'costCenter', field: 'code', displayFields: ['code', 'name'] },
      },
      search: true,
      list: true,
      lean: true,
    },
    {
      name: 'account',
      column: 'account',
      type: 'text',
      field: { labelId: 'docCostLine.account', maxLength: 20 },
      search: true,
      list: true,
      lean: true,
    },
    {
      name: 'amount',
      column: 'amount',
      type: 'decimal',
      field: {
        inputType: 'currency',
        labelId: 'docCostLine.amount',
        validation: { required: true },
      },
      list: true,
      lean: true,
    },
    {
      name: 'vatRateCode',
      column: 'vat_rate_code',
      type: 'text',
      field: {
        inputType: 'combo',
        labelId: 'docCostLine.vatRateCode',
        maxLength: 10,
        references: { table: 'vatRate', field: 'code', displayFields: ['code', 'name'] },
      },
      list: true,
      lean: true,
    },
    {
      name: 'description',
      column: 'description',
      type: 'text',
      field: { labelId: 'docCostLine.description', maxLength: 200 },
      search: true,
      list: true,
    },
  ],
  titleColumns: ['costCenterCode', 'amount'],
  defaultSort: 'costCenterCode asc',
  gridColumns: [
    { name: 'costCenterCode', width: 160 },
    { name: 'account', width: 110 },
    { name: 'amount', width: 120 },
    { name: 'vatRateCode', width: 110 },
    { name: 'description', width: 240, shrink: true },
  ],
  defaultModel: () => ({ costCenterCode: '', account: '', amount: '', vatRateCode: '' }),
  // Issue 24: a new line starts with the organisation's default VAT rate (its schema's row).
  organizationDefaults: async (trx, organizationId) => {
    const code = await defaultVatRateCode(trx, organizationId);
    return code === undefined ? {} : { vatRateCode: code };
  },
  writeRoles: ['accountant', 'dataentry', 'dataentryextended'],
  sample: (n) => ({ account: `4${n % 1000}`, amount: '10.00', description: `Vrstica ${n}` }),
});

/**
 * Documents (spec §3 Document; issue 5): supplier invoices and other incoming papers, with
 * their payment data and cost allocation lines. Served under /api/doc, not as a code list.
 * Status, workflow step and capture state are the server's: activation, the workflow and OCR
 * set them.
 */
export const doc = defineEntity({
  name: 'doc',
  table: 'doc',
  scope: 'tenant',
  api: 'root',
  labelId: 'doc.title',
  columns: [
    {
      name: 'documentTypeId',
      column: 'document_type_id',
      type: 'int',
      field: {
        inputType: 'combo',
        labelId: 'doc.documentTypeId',
        references: { table: 'documentType', field: 'id', displayFields: ['code', 'name'] },
      },
      filter: true,
      list: true,
    },
    {
      name: 'customerKey',
      column: 'customer_key',
      type: 'text',
      field: {
        inputType: 'combo',
        labelId: 'doc.customerKey',
        references: {
          table: 'partner',
          field: 'key',
          displayFields: ['code', 'name'],
          addScheme: 'partner',
        },
      },
      filter: true,
      list: true,
      normalise: (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    },
    {
      name: 'number',
      column: 'number',
      type: 'text',
      field: { labelId: 'doc.number', maxLength: 50 },
      search: true,
      sort: true,
      notNull: true,
      list: true,
      lean: true,
    },
    date('issueDate', 'issue_date'),
    date('dueDate', 'due_date'),
    date('receivedDate', 'received_date'),
    decimal('netAmount', 'net_amount', { search: true }),
    decimal('vatAmount', 'vat_amount'),
    decimal('totalAmount', 'total_amount', {
      search: true,
      sort: true,
      list: true,
      lean: true,
      filter: true,
      range: true,
    }),
    // Issue 21: what is to be paid when it is not the total (EN 16931 BT-113, BT-114, BT-115).
    decimal('prepaidAmount', 'prepaid_amount'),
    decimal('roundingAmount', 'rounding_amount'),
    decimal('amountDue', 'amount_due', { sort: true, filter: true, range: true }),
    {
      name: 'currencyCode',
      column: 'currency_code',
      type: 'text',
      field: {
        inputType: 'combo',
        labelId: 'doc.currencyCode',
        maxLength: 3,
        validation: { required: true },
        references: { table: 'currency', field: 'code', displayFields: ['code', 'name'] },
      },
      list: true,
      // A report's figure is of one currency (issue 27).
      filter: true,
      normalise: compactCode,
    },
    {
      name: 'paymentIban',
      column: 'payment_iban',
      type: 'text',
      field: { labelId: 'doc.paymentIban', maxLength: 34 },
      search: true,
      normalise: compactCode,
      check: (value) => {
        const problem = checkIban(String(value));
        return problem ? { code: `validation.iban.${problem}` } : undefined;
      },
    },
    {
      name: 'paymentBic',
      column: 'payment_bic',
      type: 'text',
      field: { labelId: 'doc.paymentBic', maxLength: 11 },
      normalise: compactCode,
      check: (value) => {
        const problem = checkBic(String(value));
        return problem ? { code: `validation.bic.${problem}` } : undefined;
      },
    },
    {
      name: 'paymentReferenceModel',
      column: 'payment_reference_model',
      type: 'text',
      field: {
        inputType: 'combo',
        labelId: 'doc.paymentReferenceModel',
        maxLength: 4,
        references: { table: 'referenceModel', field: 'code', displayFields: ['code', 'name'] },
      },
      normalise: compactCode,
    },
    {
      name: 'paymentReference',
      column: 'payment_reference',
      type: 'text',
      field: { labelId: 'doc.paymentReference', maxLength: 35, onChange: 'doc.referenceChanged' },
      search: true,
      // 'SI12 1234567890 9' or 'RF18 5390 0754 7034' pasted whole: the model goes to its field.
      normaliseWith: (value) => documentReferenceOf(value),
    },
    {
      name: 'paymentPurposeCode',
      column: 'payment_purpose_code',
      type: 'text',
      field: {
        inputType: 'combo',
        labelId: 'doc.paymentPurposeCode',
        maxLength: 4,
        references: { table: 'paymentPurpose', field: 'code', displayFields: ['code', 'name'] },
      },
      normalise: compactCode,
    },
    {
      name: 'description',
      column: 'description',
      type: 'text',
      field: { inputType: 'memo', labelId: 'doc.description', maxLength: 2000 },
      search: true,
    },
    {
      name: 'status',
      column: 'status',
      type: 'text',
      field: {
        inputType: 'select',
        readonly: true,
        labelId: 'doc.status',
        references: { items: labelledItems(DOC_STATUSES, 'work.status') },
      },
      serverOwned: true,
      filter: true,
      list: true,
      lean: true,
    },
    {
      name: 'workflowCurrentStepSystemTileCode',
      column: 'workflow_current_step_system_tile_code',
      type: 'text',
      // Issue 24: the step's tile by its name in the user's language, never its code.
      field: {
        inputType: 'select',
        readonly: true,
        labelId: 'doc.workflowCurrentStepSystemTileCode',
        references: { items: labelledItems([...STEP_TILES, 'supplement'], 'tiles') },
      },
      serverOwned: true,
      filter: true,
    },
    // Where the document stands in its workflow (issue 6), written by the workflow module
    // alone; not shown in the form (the header and the log show it).
    ...WORKFLOW_COLUMNS,
    ...CAPTURE_COLUMNS,
    {
      // How far its payment went (issue 8): written by the payments module as orders move.
      name: 'paymentState',
      column: 'payment_state',
      type: 'text',
      field: {
        inputType: 'select',
        readonly: true,
        labelId: 'doc.paymentState',
        importance: 1,
        references: { items: labelledItems(DOC_PAYMENT_STATES, 'doc.paymentStateValue') },
      },
      serverOwned: true,
      filter: true,
      list: true,
    },
    {
      name: 'captureState',
      column: 'capture_state',
      type: 'text',
      field: {
        inputType: 'select',
        readonly: true,
        labelId: 'doc.captureState',
        importance: 1,
        references: { items: labelledItems(CAPTURE_STATES, 'doc.captureStateValue') },
      },
      serverOwned: true,
      filter: true,
    },
  ],
  arrays: [
    {
      name: 'costLines',
      entity: docCostLine,
      parentColumn: 'doc_id',
      addLabelId: 'docCostLine.add',
      allowEmptyArray: true,
      // The first line takes the whole total; each next one what is left (issue 24).
      newRowRemainder: { field: 'amount', of: 'totalAmount' },
    },
  ],
  titleColumns: ['number'],
  defaultSort: 'receivedDate desc',
  gridColumns: [
    { name: 'number', width: 130, shrink: true },
    { name: 'customerKey', width: 240, shrink: true },
    { name: 'documentTypeId', width: 150, shrink: true },
    { name: 'receivedDate', width: 105 },
    { name: 'dueDate', width: 105 },
    { name: 'totalAmount', width: 115 },
    { name: 'currencyCode', width: 70 },
    { name: 'status', width: 125 },
    { name: 'paymentState', width: 125 },
  ],
  defaultModel: () => ({
    documentTypeId: null,
    customerKey: null,
    number: '',
    currencyCode: 'EUR',
    status: 'draft',
    captureState: 'none',
    receivedDate: new Date().toISOString().slice(0, 10),
    costLines: [],
  }),
  writeRoles: ['accountant', 'dataentry', 'dataentryextended'],
  warnings: (model) => Promise.resolve([...totalWarning(model), ...amountDueWarning(model)]),
  // spec §3 validations: what the form shows on opening (duplicates, no IBAN, overdue).
  recordValidations: (record, context) =>
    documentStandingMessages(record, context, [
      ...totalWarning(record),
      ...amountDueWarning(record),
    ]),
  // spec §4, §6, issue 6: who may change a document at each status and step (docs/roles.md).
  locked: docLocks,
  // A row waits for the signed-in user now: the web offers confirming and deleting it by the
  // rules the server refuses by (packages/forms doc-rights, issue 24).
  rowFacts: [
    { name: 'isMyTask', alias: 'is_my_task', text: sql`coalesce(${myTasksSql()}, false)` },
    // Confirming also needs a workflow to confirm in, and a step this user has not confirmed.
    {
      name: 'isInWorkflow',
      alias: 'is_in_workflow',
      text: sql`(doc.workflow_standing is not null)`,
    },
    {
      name: 'isConfirmedByMe',
      alias: 'is_confirmed_by_me',
      text: sql`coalesce(${confirmedByMeSql()}, false)`,
    },
  ],
  namedFilters: {
    // The home's "my tasks" tiles: documents waiting for the signed-in user (issue 6).
    task: (value) => (value === 'mine' ? myTasksSql() : undefined),
    // What a report's figure counts (issue 27): cost centre, capture, channel, paid days.
    ...DOC_REPORT_FILTERS,
  },
  // Number, partner, amounts, description and the files' text, ranked (migration 0015).
  fullText: {
    query: searchQuery,
    matches: (_column, q) => matchingIdsSql('doc', q),
    rank: storedRankSql,
  },
  schema: { options: { canShowPreview: true } },
  sample: (n) => {
    const net = 100 + (n % 900);
    const total = (net * 1.22).toFixed(2);
    const month = String(1 + (n % 12)).padStart(2, '0');
    return {
      number: `R-${String(n).padStart(6, '0')}`,
      issueDate: `2026-${month}-${String(1 + (n % 28)).padStart(2, '0')}`,
      dueDate: `2026-${String(1 + ((n + 1) % 12)).padStart(2, '0')}-15`,
      receivedDate: `2026-${month}-28`,
      netAmount: `${net}.00`,
      vatAmount: (net * 0.22).toFixed(2),
      totalAmount: total,
      currencyCode: 'EUR',
      paymentReferenceModel: 'SI00',
      paymentReference: `${n}`,
      description: `Račun za storitve št. ${n} – čiščenje in vzdrževanje`,
      costLines: [{ id: -1, account: `4${n % 1000}`, amount: total }],
    };
  },
});
