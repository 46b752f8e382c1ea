import { defineEntity } from '../entity';
import { codeColumn, isActiveColumn, lettersOf, localizedNameColumns } from './code-list';

/** ISO 20022 purpose codes (ExternalPurpose1Code) with English and Slovenian names (global). */
export const paymentPurpose = defineEntity({
  name: 'paymentPurpose',
  table: 'payment_purpose',
  scope: 'global',
  labelId: 'paymentPurpose.title',
  columns: [
    codeColumn({
      maxLength: 4,
      regex: { pattern: '^[A-Z]{4}$', message: 'validation.purposeCode' },
      compact: true,
    }),
    ...localizedNameColumns(140),
    isActiveColumn,
  ],
  titleColumns: ['code', 'name'],
  defaultSort: 'code asc',
  gridColumns: [
    { name: 'code', width: 80 },
    { name: 'name', width: 280, shrink: true },
    { name: 'nameSl', width: 280, shrink: true },
    { name: 'isActive', width: 90 },
  ],
  defaultModel: () => ({ code: '', name: '', nameSl: '', isActive: true }),
  writeRoles: ['sysadmin'],
  // No ISO purpose code starts with Q, so Q + three letters never meets the reference data.
  sample: (n) => ({
    code: `Q${lettersOf(n, 3)}`,
    name: `Sample purpose ${n}`,
    nameSl: `Vzorčni namen plačila ${n}`,
    isActive: true,
  }),
});
