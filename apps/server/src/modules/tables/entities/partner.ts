import { compactCode, isValidSlovenianVatId } from '@listina/forms';
import { sql } from 'kysely';
import type { MessageSpec } from '../../../lib/errors';
import { defineEntity, type WarningContext } from '../entity';
import { nextPartnerCodeOf } from '../partner-codes';
import { bankAccountEntity, sampleIban } from './bank-account';

export const partnerBankAccount = bankAccountEntity('partnerBankAccount', 'partner_bank_account');

/**
 * Two partners with one VAT ID are usually the same company typed twice (its invoices would
 * then split between them): a warning naming the other, which the user may override (e.g. a
 * company's branches kept apart).
 */
async function sameVatIdWarning(
  model: Record<string, unknown>,
  { db, organizationId, key }: WarningContext,
): Promise<MessageSpec[]> {
  const vatId = typeof model.vatId === 'string' ? String(compactCode(model.vatId)) : '';
  if (vatId === '' || organizationId === null) return [];
  const found = await sql<{ code: string; name: string }>`
    select code, name from partner
    where organization_id = ${organizationId} and vat_id = ${vatId}
      and key is distinct from ${key ?? null}::uuid
    order by id limit 1
  `.execute(db);
  const other = found.rows[0];
  return other
    ? [
        {
          code: 'warnings.partner.sameVatId',
          parameters: [vatId, `${other.code} – ${other.name}`],
          field: 'vatId',
        },
      ]
    : [];
}

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
        inputType: 'combo',
        maxLength: 2,
        references: { table: 'country', field: 'code', displayFields: ['code', 'name'] },
        validation: {
          required: true,
          regex: { pattern: '^[A-Z]{2}$', message: 'validation.countryCode' },
        },
      },
      sort: true,
      filter: true,
      list: true,
      normalise: compactCode,
    },
    {
      name: 'costCenterCode',
      column: 'cost_center_code',
      type: 'text',
      field: {
        inputType: 'combo',
        maxLength: 20,
        references: {
          table: 'costCenter',
          field: 'code',
          displayFields: ['code', 'name'],
          addScheme: 'costCenter',
        },
      },
      filter: true,
    },
    { name: 'email', column: 'email', type: 'text', field: { maxLength: 320, importance: 1 } },
    {
      name: 'isActive',
      column: 'is_active',
      type: 'bool',
      field: { labelId: 'common.isActive' },
      filter: true,
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
  gridColumns: [
    { name: 'code', width: 110 },
    { name: 'name', width: 280, shrink: true },
    { name: 'vatId', width: 130 },
    { name: 'town', width: 160, shrink: true },
    { name: 'countryCode', width: 80 },
    { name: 'isActive', width: 90 },
  ],
  defaultModel: () => ({ code: '', name: '', countryCode: 'SI', isActive: true, bankAccounts: [] }),
  // A new partner's code continues the organisation's numbering, when it has one (issue 24).
  organizationDefaults: async (trx, organizationId) => {
    const code = await nextPartnerCodeOf(trx, organizationId);
    return code === null ? {} : { code };
  },
  writeRoles: ['accountant', 'dataentry', 'dataentryextended'],
  warnings: sameVatIdWarning,
  // spec §3 validations: another partner with the same VAT ID, shown on opening this one.
  recordValidations: async (record, context) =>
    (await sameVatIdWarning(record, context)).map((w) => ({ ...w, group: 'warning' as const })),
  searchIndex: true,
  sample: (n) => ({
    code: `P${String(n).padStart(6, '0')}`,
    name: `${['Šumi', 'Čebela', 'Žito', 'Alpe', 'Lipa'][n % 5] ?? ''} partner ${n} d.o.o.`,
    town: ['Ljubljana', 'Maribor', 'Celje', 'Koper', 'Kranj'][n % 5],
    countryCode: 'SI',
    isActive: true,
    bankAccounts: [{ id: -1, code: sampleIban(n), bic: 'LJBASI2X', isDefault: true }],
  }),
});
