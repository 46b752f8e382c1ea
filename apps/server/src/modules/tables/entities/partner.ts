import { compactCode, isValidSlovenianVatId } from '@listina/forms';
import { defineEntity } from '../entity';
import { bankAccountEntity, sampleIban } from './bank-account';

export const partnerBankAccount = bankAccountEntity('partnerBankAccount', 'partner_bank_account');

/** Partners (suppliers and customers) with their bank accounts (spec §3: Partner has bankAccounts). */
export const partner = defineEntity({
  name: 'partner',
  table: 'partner',
  scope: 'tenant',
  labelId: 'partner.title',
  columns: [
    {
      name: 'code',
      column: 'code',
      type: 'text',
      field: { validation: { required: true }, maxLength: 30 },
      search: true,
      sort: true,
      notNull: true,
      list: true,
      lean: true,
      unique: true,
    },
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
      name: 'vatId',
      column: 'vat_id',
      type: 'text',
      field: { maxLength: 20 },
      search: true,
      sort: true,
      list: true,
      normalise: compactCode,
      check: (value) =>
        String(value).startsWith('SI') && !isValidSlovenianVatId(String(value))
          ? { code: 'validation.vatId' }
          : undefined,
    },
    {
      name: 'taxNumber',
      column: 'tax_number',
      type: 'text',
      field: { maxLength: 20, importance: 1 },
    },
    { name: 'address', column: 'address', type: 'text', field: { maxLength: 200 } },
    { name: 'postCode', column: 'post_code', type: 'text', field: { maxLength: 20 } },
    {
      name: 'town',
      column: 'town',
      type: 'text',
      field: { maxLength: 100 },
      search: true,
      sort: true,
      list: true,
    },
    {
      name: 'countryCode',
      column: 'country_code',
      type: 'text',
      field: {
        maxLength: 2,
        validation: {
          required: true,
          regex: { pattern: '^[A-Z]{2}$', message: 'validation.countryCode' },
        },
      },
      sort: true,
      list: true,
      normalise: compactCode,
    },
    { name: 'email', column: 'email', type: 'text', field: { maxLength: 320, importance: 1 } },
    {
      name: 'isActive',
      column: 'is_active',
      type: 'bool',
      field: { labelId: 'common.isActive' },
      list: true,
      lean: true,
    },
  ],
  arrays: [
    {
      name: 'bankAccounts',
      entity: partnerBankAccount,
      parentColumn: 'partner_id',
      oneTrue: 'isDefault',
      addLabelId: 'bankAccount.add',
    },
  ],
  titleColumns: ['code', 'name'],
  defaultSort: 'name asc',
  defaultModel: () => ({ code: '', name: '', countryCode: 'SI', isActive: true, bankAccounts: [] }),
  writeRoles: ['accountant', 'dataentry', 'dataentryextended'],
  sample: (n) => ({
    code: `P${String(n).padStart(6, '0')}`,
    name: `${['Šumi', 'Čebela', 'Žito', 'Alpe', 'Lipa'][n % 5] ?? ''} partner ${n} d.o.o.`,
    town: ['Ljubljana', 'Maribor', 'Celje', 'Koper', 'Kranj'][n % 5],
    countryCode: 'SI',
    isActive: true,
    bankAccounts: [{ id: -1, code: sampleIban(n), bic: 'LJBASI2X', isDefault: true }],
  }),
});
