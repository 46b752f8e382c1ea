import { payPackageLocks } from '../../payments/order-rules';
import { defineEntity, type ColumnDef } from '../entity';
import { labelledItems } from './code-list';

/**
 * Where a payment package stands (docs/payments.md): open (its orders wait to be sent), sent
 * (its file went to the bank), then paid, rejected, or cancelled while open.
 */
export const PAY_PACKAGE_STATES = ['open', 'sent', 'paid', 'rejected', 'cancelled'] as const;
export type PayPackageState = (typeof PAY_PACKAGE_STATES)[number];

const shown = (
  name: string,
  column: string,
  type: ColumnDef['type'],
  extra: Partial<ColumnDef> = {},
): ColumnDef => ({
  name,
  column,
  type,
  field: { labelId: `payPackage.${name}`, readonly: true },
  serverOwned: true,
  list: true,
  ...extra,
});

/**
 * Payment packages (issue 8): the ready orders of one paying account and execution date,
 * sent to the bank in one pain.001 file. Built from orders (POST /api/payPackage/build),
 * never typed in; its totals are kept by the payments module as orders come and go.
 */
export const payPackage = defineEntity({
  name: 'payPackage',
  table: 'pay_package',
  scope: 'tenant',
  api: 'root',
  canCreate: false,
  // Its orders name it: an open package is cancelled (mark), which lets them go.
  canDelete: false,
  labelId: 'payPackage.title',
  columns: [
    shown('code', 'code', 'text', { search: true, sort: true, notNull: true, lean: true }),
    {
      name: 'organizationBankAccountId',
      column: 'organization_bank_account_id',
      type: 'int',
      field: {
        inputType: 'combo',
        readonly: true,
        labelId: 'payPackage.organizationBankAccountId',
        references: {
          table: 'organizationBankAccount',
          field: 'id',
          displayFields: ['code', 'displayText'],
        },
      },
      serverOwned: true,
      filter: true,
      list: true,
    },
    shown('executionDate', 'execution_date', 'date', {
      sort: true,
      notNull: true,
      filter: true,
      range: true,
    }),
    {
      ...shown('state', 'state', 'text', { filter: true, lean: true }),
      field: {
        inputType: 'select',
        readonly: true,
        labelId: 'payPackage.state',
        references: { items: labelledItems(PAY_PACKAGE_STATES, 'payPackage.stateValue') },
      },
    },
    shown('orderCount', 'order_count', 'int'),
    {
      ...shown('totalAmount', 'total_amount', 'decimal'),
      field: { inputType: 'currency', readonly: true, labelId: 'payPackage.totalAmount' },
    },
    shown('messageId', 'message_id', 'text', { search: true }),
    shown('painVersion', 'pain_version', 'text'),
    shown('sentAt', 'sent_at', 'timestamp'),
  ],
  titleColumns: ['code'],
  defaultSort: 'executionDate desc',
  gridColumns: [
    { name: 'code', width: 150 },
    { name: 'organizationBankAccountId', width: 220, shrink: true },
    { name: 'executionDate', width: 110 },
    { name: 'state', width: 125 },
    { name: 'orderCount', width: 90 },
    { name: 'totalAmount', width: 120 },
    { name: 'sentAt', width: 150 },
  ],
  defaultModel: () => ({ state: 'open', orderCount: 0, totalAmount: '0.00' }),
  writeRoles: ['accountant'],
  // Its totals and state are the payments module's; a sent package is history.
  locked: payPackageLocks,
  sample: (n) => ({
    code: `P-${String(n).padStart(6, '0')}`,
    executionDate: '2099-01-15',
  }),
});
