import { compactCode, isValidSlovenianVatId } from '@listina/forms';
import { defineEntity } from '../entity';
import { bankAccountEntity } from './bank-account';

export const organizationBankAccount = bankAccountEntity(
  'organizationBankAccount',
  'organization_bank_account',
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
  writeRoles: [],
  sample: (n) => ({ name: `Organisation ${n} d.o.o.`, nameNick: `Organisation ${n}` }),
});
