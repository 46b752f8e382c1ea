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
 * The organisation's VAT ID is checked as a partner's (issue 24): a Slovenian one (SI, or its
 * eight digits alone) must have the right mod 11 check digit; another country's must at least
 * look like a VAT ID (two letters, then 2 to 12 letters or digits).
 */
export function organizationVatIdProblem(value: string): string | undefined {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (compact.startsWith('SI') || /^\d+$/.test(compact)) {
    return isValidSlovenianVatId(compact) ? undefined : 'validation.vatId';
  }
  return /^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(compact) ? undefined : 'validation.vatIdForm';
}

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
      check: (value) => {
        const problem = organizationVatIdProblem(String(value));
        return problem ? { code: problem } : undefined;
      },
    },
    // Filled from the company register by VAT ID on the first day (issue 24, ADR 0019).
    {
      name: 'address',
      column: 'address',
      type: 'text',
      field: { labelId: 'onboarding.company.address', maxLength: 200 },
    },
    {
      name: 'postCode',
      column: 'post_code',
      type: 'text',
      field: { labelId: 'onboarding.company.postCode', maxLength: 20 },
    },
    {
      name: 'town',
      column: 'town',
      type: 'text',
      field: { labelId: 'onboarding.company.town', maxLength: 100 },
      list: true,
    },
    {
      name: 'countryCode',
      column: 'country_code',
      type: 'text',
      field: {
        labelId: 'onboarding.company.countryCode',
        inputType: 'combo',
        maxLength: 2,
        references: { table: 'country', field: 'code', displayFields: ['code', 'name'] },
        validation: { regex: { pattern: '^[A-Z]{2}$', message: 'validation.countryCode' } },
      },
      normalise: compactCode,
    },
    // Issue 26: reminders of tasks near and past their due date, and mails with the file.
    {
      name: 'remindDaysBefore',
      column: 'remind_days_before',
      type: 'int',
      field: {
        inputType: 'int',
        labelId: 'organization.remindDaysBefore',
        validation: { required: true, range: [0, 60] },
      },
      notNull: true,
    },
    {
      name: 'escalateAfterDays',
      column: 'escalate_after_days',
      type: 'int',
      field: {
        inputType: 'int',
        labelId: 'organization.escalateAfterDays',
        validation: { required: true, range: [0, 365] },
      },
      notNull: true,
    },
    {
      name: 'mailAttachesFile',
      column: 'mail_attaches_file',
      type: 'bool',
      field: { inputType: 'checkbox', labelId: 'organization.mailAttachesFile' },
      notNull: true,
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
