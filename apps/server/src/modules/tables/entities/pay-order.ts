import { compactCode, orderReferenceOf, type FieldInput } from '@listina/forms';
import { sql } from 'kysely';
import type { MessageSpec } from '../../../lib/errors';
import { payOrderLocks, payOrderWarnings } from '../../payments/order-rules';
import { PAY_ORDER_REPORT_FILTERS } from '../../reports/drill-filters';
import { RETURN_REASON_CODES } from '../../payments/return-reasons';
import { defineEntity, type ColumnDef } from '../entity';
import { schemaWarnings } from '../schema-warnings';
import { sampleIban } from './bank-account';
import { labelledItems } from './code-list';

/**
 * Where a payment order stands (docs/payments.md): prepared (draft), checked and waiting for
 * a package (ready), in a package (inPackage), in a file handed to the bank (sent), then paid
 * or rejected by the bank's statement, or cancelled by the user.
 */
export const PAY_ORDER_STATES = [
  'draft',
  'ready',
  'inPackage',
  'sent',
  'paid',
  'rejected',
  'cancelled',
] as const;
export type PayOrderState = (typeof PAY_ORDER_STATES)[number];

export const PAYMENT_TYPES = ['SEPA_SI', 'SEPA', 'NONSEPA'] as const;
export const REFERENCE_TYPES = ['SI', 'RF', 'NRC'] as const;

const NON_SEPA = 'paymentType == "NONSEPA"';

const text = (
  name: string,
  column: string,
  maxLength: number,
  field: Omit<FieldInput, 'name'> = {},
  extra: Partial<ColumnDef> = {},
): ColumnDef => ({
  name,
  column,
  type: 'text',
  field: { labelId: `payOrder.${name}`, maxLength, ...field },
  ...extra,
});

/**
 * Text that goes into the bank's file: the SEPA character set (with č, š, ž); another
 * character is a warning that offers the text spelt in the set, which the file carries.
 */
const sepaText = { validation: { check: 'sepaText' } } as const;

/**
 * spec §7 customer suggestions: the recipient's typed name or IBAN offers the partners it may
 * be; using one chooses it as the recipient, as its lookup does.
 */
const recipientSuggestions = (by: 'name' | 'iban') => ({
  by,
  idField: 'recipientId',
  onSelect: 'payOrder.recipientSelected',
});

const countryCombo = (name: string): Omit<FieldInput, 'name'> => ({
  inputType: 'combo',
  labelId: `payOrder.${name}`,
  maxLength: 2,
  references: {
    table: 'country',
    field: 'code',
    displayFields: ['code', 'name'],
    onSelect: 'payOrder.countrySelected',
  },
});

/**
 * spec §3: the recipientBank and intermediaryBank groups (BIC, Name, Address, Town,
 * CountryCode, CountryCodeCb), shown for non-SEPA types only. A non-SEPA payment names the
 * recipient's bank; an intermediary bank, when one is given at all, needs its BIC or its name
 * and country.
 */
function bankGroup(prefix: 'recipientBank' | 'intermediaryBank', column: string): ColumnDef[] {
  const shown = NON_SEPA;
  const given = `${prefix}BIC || ${prefix}Name || ${prefix}Address || ${prefix}Town`;
  const required =
    prefix === 'recipientBank'
      ? `${NON_SEPA} && !${prefix}Name`
      : `${NON_SEPA} && (${given}) && !${prefix}Name`;
  const nameRequired =
    prefix === 'recipientBank'
      ? `${NON_SEPA} && !${prefix}BIC`
      : `${NON_SEPA} && (${given}) && !${prefix}BIC`;
  return [
    text(
      `${prefix}BIC`,
      `${column}_bic`,
      11,
      { visible: shown, validation: { check: 'bic', requiredIf: required } },
      { normalise: compactCode },
    ),
    text(`${prefix}Name`, `${column}_name`, 70, {
      visible: shown,
      validation: { check: 'sepaText', requiredIf: nameRequired },
    }),
    text(`${prefix}Address`, `${column}_address`, 70, { visible: shown, ...sepaText }),
    text(`${prefix}Town`, `${column}_town`, 35, { visible: shown, ...sepaText }),
    {
      name: `${prefix}CountryCode`,
      column: `${column}_country_code`,
      type: 'text',
      field: {
        ...countryCombo(`${prefix}CountryCode`),
        visible: shown,
        validation: { requiredIf: `${NON_SEPA} && ${prefix}Name && !${prefix}BIC` },
      },
      normalise: compactCode,
    },
    text(`${prefix}CountryCodeCb`, `${column}_country_name`, 100, { visible: false }),
  ];
}

const serverOwned = (name: string, column: string, type: ColumnDef['type']): ColumnDef => ({
  name,
  column,
  type,
  field: { labelId: `payOrder.${name}`, visible: false },
  serverOwned: true,
});

/** A document's amount shown read-only on an order made from it; hidden on other orders. */
const documentAmount = (name: string, column: string): ColumnDef => ({
  name,
  column,
  type: 'decimal',
  field: {
    inputType: 'currency',
    readonly: true,
    labelId: `payOrder.${name}`,
    visible: 'documentTotalAmount',
  },
  serverOwned: true,
});

/**
 * Payment orders (spec §3 Payment order; issue 8): what an organisation pays whom, from which
 * of its accounts and when, checked by the same rules in the form and here (packages/forms
 * domain checks) and written into pain.001 files for its bank (modules/payments).
 */
export const payOrder = defineEntity({
  name: 'payOrder',
  table: 'pay_order',
  scope: 'tenant',
  api: 'root',
  labelId: 'payOrder.title',
  columns: [
    {
      name: 'recipientId',
      column: 'recipient_id',
      type: 'int',
      field: {
        inputType: 'combo',
        labelId: 'payOrder.recipientId',
        references: {
          table: 'partner',
          field: 'id',
          displayFields: ['code', 'name'],
          onSelect: 'payOrder.recipientSelected',
          addScheme: 'partner',
        },
      },
      filter: true,
    },
    text(
      'recipientIdCb',
      'recipient_name',
      70,
      {
        validation: { required: true, check: 'sepaText' },
        partnerSuggestions: recipientSuggestions('name'),
      },
      { search: true, sort: true, notNull: true, list: true, lean: true },
    ),
    text('recipientAddress', 'recipient_address', 70, { ...sepaText, importance: 1 }),
    text('recipientTown', 'recipient_town', 35, { ...sepaText, importance: 1 }),
    {
      name: 'recipientCountryCode',
      column: 'recipient_country_code',
      type: 'text',
      field: { ...countryCombo('recipientCountryCode'), importance: 1 },
      normalise: compactCode,
    },
    {
      name: 'recipientAccountId',
      column: 'recipient_account_id',
      type: 'int',
      field: {
        inputType: 'combo',
        labelId: 'payOrder.recipientAccountId',
        references: {
          itemsProp: 'recipientAccounts',
          field: 'id',
          displayFields: ['code', 'displayText'],
          onSelect: 'payOrder.accountSelected',
        },
      },
    },
    text('recipientAccountIdCb', 'recipient_account_text', 100, { visible: false }),
    // An IBAN; outside SEPA, where the bank's country has none, the account number (Othr/Id).
    text(
      'recipientIBAN',
      'recipient_iban',
      34,
      {
        validation: { required: true, check: 'recipientAccount' },
        partnerSuggestions: recipientSuggestions('iban'),
      },
      { search: true, notNull: true, list: true, lean: true, normalise: compactCode },
    ),
    text(
      'recipientBIC',
      'recipient_bic',
      11,
      { validation: { check: 'bic' } },
      { normalise: compactCode },
    ),
    {
      name: 'paymentType',
      column: 'payment_type',
      type: 'text',
      field: {
        inputType: 'select',
        labelId: 'payOrder.paymentType',
        validation: { required: true },
        references: { table: 'paymentType', field: 'code', displayFields: ['code', 'name'] },
        onChange: 'payOrder.paymentTypeChanged',
      },
      filter: true,
    },
    {
      name: 'recipientReferenceType',
      column: 'recipient_reference_type',
      type: 'text',
      field: {
        inputType: 'select',
        labelId: 'payOrder.recipientReferenceType',
        validation: { required: true },
        references: { items: labelledItems(REFERENCE_TYPES, 'payOrder.referenceTypeValue') },
      },
    },
    {
      name: 'recipientModel',
      column: 'recipient_model',
      type: 'text',
      field: {
        inputType: 'combo',
        labelId: 'payOrder.recipientModel',
        maxLength: 4,
        visible: 'recipientReferenceType == "SI"',
        validation: { requiredIf: 'recipientReferenceType == "SI"' },
        references: {
          table: 'referenceModel',
          field: 'code',
          displayFields: ['code', 'name'],
          serverFilters: { referenceType: 'SI' },
        },
      },
      list: true,
      normalise: compactCode,
    },
    text(
      'recipientReference',
      'recipient_reference',
      35,
      {
        validation: {
          requiredIf: 'recipientReferenceType == "RF"',
          check: 'paymentReference',
        },
        onChange: 'payOrder.referenceChanged',
      },
      {
        search: true,
        list: true,
        // 'SI12 1234567890 9' or 'RF18 5390 0754 7034' pasted whole: type, model, reference.
        normaliseWith: (value, model) => orderReferenceOf(value, model.recipientReferenceType),
      },
    ),
    ...bankGroup('recipientBank', 'recipient_bank'),
    // Where the bank has no BIC: its national clearing code ('USABA021000021'), ClrSysMmbId.
    text(
      'recipientBankClearingId',
      'recipient_bank_clearing_id',
      40,
      { visible: NON_SEPA, validation: { check: 'clearingId' } },
      { normalise: compactCode },
    ),
    ...bankGroup('intermediaryBank', 'intermediary_bank'),
    {
      name: 'amount',
      column: 'amount',
      type: 'decimal',
      field: {
        inputType: 'currency',
        labelId: 'payOrder.amount',
        validation: { required: true, check: 'paymentAmount' },
      },
      search: true,
      sort: true,
      notNull: true,
      list: true,
      lean: true,
      filter: true,
      range: true,
    },
    {
      name: 'currencyCode',
      column: 'currency_code',
      type: 'text',
      field: {
        inputType: 'combo',
        labelId: 'payOrder.currencyCode',
        maxLength: 3,
        validation: { required: true, check: 'sepaCurrency' },
        references: { table: 'currency', field: 'code', displayFields: ['code', 'name'] },
      },
      list: true,
      // A report's figure is of one currency (issue 27).
      filter: true,
      normalise: compactCode,
    },
    {
      name: 'purposeCode',
      column: 'purpose_code',
      type: 'text',
      field: {
        inputType: 'combo',
        labelId: 'payOrder.purposeCode',
        maxLength: 4,
        references: { table: 'paymentPurpose', field: 'code', displayFields: ['code', 'name'] },
      },
      normalise: compactCode,
    },
    text('description', 'description', 140, sepaText, { search: true }),
    {
      name: 'executionDate',
      column: 'execution_date',
      type: 'date',
      field: {
        labelId: 'payOrder.executionDate',
        validation: { required: true, check: 'notPast' },
      },
      sort: true,
      notNull: true,
      list: true,
      filter: true,
      range: true,
    },
    {
      name: 'organizationBankAccountId',
      column: 'organization_bank_account_id',
      type: 'int',
      field: {
        inputType: 'combo',
        labelId: 'payOrder.organizationBankAccountId',
        references: {
          table: 'organizationBankAccount',
          field: 'id',
          displayFields: ['code', 'displayText'],
        },
      },
      filter: true,
      list: true,
    },
    {
      name: 'state',
      column: 'state',
      type: 'text',
      field: {
        inputType: 'select',
        readonly: true,
        labelId: 'payOrder.state',
        references: { items: labelledItems(PAY_ORDER_STATES, 'payOrder.stateValue') },
      },
      serverOwned: true,
      filter: true,
      list: true,
      lean: true,
    },
    {
      name: 'documentKey',
      column: 'document_key',
      type: 'text',
      field: { inputType: 'label', labelId: 'payOrder.documentKey', visible: false },
      serverOwned: true,
      uuid: true,
      filter: true,
    },
    {
      name: 'payPackageId',
      column: 'pay_package_id',
      type: 'int',
      field: {
        inputType: 'combo',
        readonly: true,
        labelId: 'payOrder.payPackageId',
        references: { table: 'payPackage', field: 'id', displayFields: ['code'] },
      },
      serverOwned: true,
      filter: true,
      list: true,
    },
    // What the document asked for when the order was made from it (issue 21): its total and
    // the amount due after a prepayment or rounding, which is what the order pays.
    documentAmount('documentTotalAmount', 'document_total_amount'),
    documentAmount('documentAmountDue', 'document_amount_due'),
    // The bank's reason for a return (AC04) or its own text; a known code reads in words.
    text('bankMessage', 'bank_message', 500, {
      inputType: 'select',
      readonly: true,
      importance: 1,
      references: { items: labelledItems(RETURN_REASON_CODES, 'payOrder.returnReason') },
    }),
    serverOwned('sentAt', 'sent_at', 'timestamp'),
    serverOwned('paidAt', 'paid_at', 'timestamp'),
  ],
  titleColumns: ['recipientIdCb', 'amount'],
  defaultSort: 'executionDate desc',
  // The payments report's bank returns, by day and reason (issue 27).
  namedFilters: PAY_ORDER_REPORT_FILTERS,
  gridColumns: [
    { name: 'recipientIdCb', width: 220, shrink: true },
    { name: 'recipientIBAN', width: 200, shrink: true },
    { name: 'recipientReference', width: 160, shrink: true },
    { name: 'amount', width: 120 },
    { name: 'currencyCode', width: 70 },
    { name: 'executionDate', width: 110 },
    { name: 'state', width: 125 },
    { name: 'payPackageId', width: 150, shrink: true },
  ],
  defaultModel: () => ({
    recipientId: null,
    recipientIdCb: '',
    recipientIBAN: '',
    paymentType: 'SEPA_SI',
    recipientReferenceType: 'SI',
    recipientModel: 'SI99',
    recipientReference: '',
    amount: '',
    currencyCode: 'EUR',
    purposeCode: 'SUPP',
    executionDate: new Date().toISOString().slice(0, 10),
    organizationBankAccountId: null,
    state: 'draft',
  }),
  // spec §3: the organisation's default bank account is the one a new order pays from.
  organizationDefaults: async (trx, organizationId) => {
    const { rows } = await sql<{ id: string }>`
      select id::text from organization_bank_account
      where organization_id = ${organizationId} and is_active
      order by is_default desc, id limit 1
    `.execute(trx);
    return rows[0] ? { organizationBankAccountId: Number(rows[0].id) } : {};
  },
  writeRoles: ['accountant'],
  // Text a bank's file cannot carry (issue 21); due date passed, amount differs from the
  // document, a possible duplicate (issue 8).
  warnings: async (model, context): Promise<MessageSpec[]> => [
    ...schemaWarnings(payOrder, model),
    ...(await payOrderWarnings(model, context)),
  ],
  // spec §3 validations: the same warnings, shown on opening an order still being prepared.
  recordValidations: async (record, context) =>
    record.state === 'draft' || record.state === 'ready'
      ? [...schemaWarnings(payOrder, record), ...(await payOrderWarnings(record, context))].map(
          (warning) => ({ ...warning, group: 'warning' as const }),
        )
      : [],
  // Orders in a package, sent or settled are kept as they are (docs/payments.md).
  locked: payOrderLocks,
  sample: (n) => ({
    recipientIdCb: `Dobavitelj ${n} d.o.o.`,
    recipientIBAN: sampleIban(n),
    recipientBIC: 'LJBASI2X',
    paymentType: 'SEPA_SI',
    recipientReferenceType: 'SI',
    recipientModel: 'SI00',
    recipientReference: `${n}`,
    amount: `${100 + (n % 900)}.50`,
    currencyCode: 'EUR',
    purposeCode: 'SUPP',
    description: `Plačilo računa ${n} - čiščenje`,
    executionDate: '2099-01-15',
  }),
});
