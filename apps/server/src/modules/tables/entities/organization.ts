import { compactCode, isValidSlovenianVatId } from '@listina/forms';
import { defineEntity } from '../entity';
import { bankAccountEntity } from './bank-account';

/** pain.001 versions a bank takes (PAYMENTS-AND-EINVOICES §1.1: .03 today, .09 the target). */
export const PAIN_VERSIONS = ['pain.001.001.03', 'pain.001.001.09'] as const;

/** The organisation's accounts: orders are paid from them, in the file format of each bank. */
export const organizationBankAccount = bankAccountEntity(
  'organizationBankAccount',
  'organization_bank_account',
  [
    {
      name: 'painVersion',
      column: 'pain_version',
      type: 'text',
      field: {
        inputType: 'select',
        labelId: 'bankAccount.painVersion',
        references: { items: PAIN_VERSIONS.map((code) => ({ code, name: code })) },
        validation: {
          regex: { pattern: '^pain\\.001\\.001\\.0[39]$', message: 'validation.painVersion' },
        },
      },
      list: true,
      notNull: true,
      // Left empty, the safest version for Slovenian banks today.
      normalise: (value) => (value === null || value === '' ? PAIN_VERSIONS[0] : value),
    },
  ],
  { painVersion: PAIN_VERSIONS[0] },
);

/**
 * The active organisation's own record with its bank accounts (spec §3: Organization,
 * organizationBankAccounts). Organisations are created by POST /api/organization and never
 * deleted here; only its admins change it.
 */
export const organization = defineEntity({
  name: 'organization',
  table: 'organization',
  scope: 'organization',
  canCreate: false,
  canDelete: false,
  labelId: 'organization.title',
  columns: [
    {
      name: 'name',
      column: 'name',
      type: 'text',
      field: { validation: { required: true }, maxLength: 200 },
      search: true,
      sort: true,
      notNull: true,
      list: true,
      lean: true,
    },
    {
      name: 'nameNick',
      column: 'name_nick',
      type: 'text',
      field: { validation: { required: true }, maxLength: 60 },
      search: true,
      list: true,
      lean: true,
    },
    {
      name: 'taxNumber',
      column: 'tax_number',
      type: 'text',
      field: { maxLength: 20 },
      search: true,
      list: true,
      normalise: compactCode,
      check: (value) =>
        isValidSlovenianVatId(String(value)) ? undefined : { code: 'validation.vatId' },
    },
  ],
  arrays: [
    {
      name: 'organizationBankAccounts',
      entity: organizationBankAccount,
      parentColumn: 'organization_id',
      oneTrue: 'isDefault',
      addLabelId: 'bankAccount.add',
    },
  ],
  titleColumns: ['nameNick'],
  defaultSort: 'name asc',
  gridColumns: [
    { name: 'name', width: 280, shrink: true },
    { name: 'nameNick', width: 160, shrink: true },
    { name: 'taxNumber', width: 120 },
  ],
  writeRoles: [],
  sample: (n) => ({ name: `Organisation ${n} d.o.o.`, nameNick: `Organisation ${n}` }),
});
