import { checkBic, checkIban, compactCode } from '@listina/forms';
import { defineEntity, type ColumnDef, type EntityDef } from '../entity';

/** spec §3 bank account: id, key, code (the IBAN), bic, displayText, isDefault, isActive. */
export const bankAccountColumns: ColumnDef[] = [
  {
    name: 'code',
    column: 'code',
    type: 'text',
    field: { labelId: 'bankAccount.code', validation: { required: true }, maxLength: 34 },
    search: true,
    sort: true,
    list: true,
    lean: true,
    unique: true,
    normalise: compactCode,
    check: (value) => {
      const problem = checkIban(String(value));
      return problem ? { code: `validation.iban.${problem}` } : undefined;
    },
  },
  {
    name: 'bic',
    column: 'bic',
    type: 'text',
    field: { labelId: 'bankAccount.bic', maxLength: 11 },
    search: true,
    list: true,
    lean: true,
    normalise: compactCode,
    check: (value) => {
      const problem = checkBic(String(value));
      return problem ? { code: `validation.bic.${problem}` } : undefined;
    },
  },
  {
    name: 'displayText',
    column: 'display_text',
    type: 'text',
    field: { labelId: 'bankAccount.displayText', maxLength: 100 },
    search: true,
    list: true,
    lean: true,
  },
  {
    name: 'isDefault',
    column: 'is_default',
    type: 'bool',
    field: { labelId: 'bankAccount.isDefault' },
    list: true,
    lean: true,
  },
  {
    name: 'isActive',
    column: 'is_active',
    type: 'bool',
    field: { labelId: 'common.isActive' },
    filter: true,
    list: true,
    lean: true,
  },
];

export function bankAccountEntity(
  name: string,
  table: string,
  extraColumns: ColumnDef[] = [],
  extraDefaults: Record<string, unknown> = {},
): EntityDef {
  return defineEntity({
    name,
    table,
    scope: 'tenant',
    labelId: 'bankAccount.title',
    columns: [...bankAccountColumns, ...extraColumns],
    titleColumns: ['code', 'displayText'],
    defaultSort: 'code asc',
    gridColumns: [
      { name: 'code', width: 220 },
      { name: 'bic', width: 110 },
      { name: 'displayText', width: 220, shrink: true },
      { name: 'isDefault', width: 90 },
      { name: 'isActive', width: 90 },
    ],
    defaultModel: () => ({
      code: '',
      bic: '',
      displayText: '',
      isDefault: false,
      isActive: true,
      ...extraDefaults,
    }),
    writeRoles: ['accountant', 'dataentryextended'],
    hidden: true,
    sample: (n) => ({
      code: sampleIban(n),
      bic: 'LJBASI2X',
      displayText: `Account ${n}`,
      isDefault: false,
      isActive: true,
    }),
  });
}

/** A valid Slovenian IBAN for any n (national and ISO 7064 check digits computed). */
export function sampleIban(n: number): string {
  const body = `19100${String(n).padStart(8, '0')}`;
  const national = String(98n - ((BigInt(body) * 100n) % 97n)).padStart(2, '0');
  const bban = `${body}${national}`;
  const check = String(98n - (BigInt(`${bban}281800`) % 97n)).padStart(2, '0');
  return `SI${check}${bban}`;
}
