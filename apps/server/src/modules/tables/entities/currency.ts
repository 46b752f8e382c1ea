import { defineEntity } from '../entity';
import { CURRENCIES } from '../../../db/reference-data';
import {
  codeColumn,
  freeCodes,
  isActiveColumn,
  letterCodes,
  localizedNameColumns,
} from './code-list';

const sampleCode = freeCodes(
  () => letterCodes(3),
  () => CURRENCIES.map((c) => c.code),
);

/** ISO 4217 currencies: alphabetic and numeric code, minor units, names (global). */
export const currency = defineEntity({
  name: 'currency',
  table: 'currency',
  scope: 'global',
  labelId: 'currency.title',
  columns: [
    codeColumn({
      maxLength: 3,
      regex: { pattern: '^[A-Z]{3}$', message: 'validation.currencyCode' },
      compact: true,
    }),
    ...localizedNameColumns(100),
    {
      name: 'numericCode',
      column: 'numeric_code',
      type: 'text',
      field: {
        maxLength: 3,
        validation: { regex: { pattern: '^[0-9]{3}$', message: 'validation.currencyNumericCode' } },
      },
      search: true,
      list: true,
    },
    {
      name: 'minorUnits',
      column: 'minor_units',
      type: 'int',
      field: { validation: { range: [0, 4] } },
      list: true,
      lean: true,
    },
    isActiveColumn,
  ],
  titleColumns: ['code', 'name'],
  defaultSort: 'code asc',
  gridColumns: [
    { name: 'code', width: 70 },
    { name: 'name', width: 200, shrink: true },
    { name: 'nameSl', width: 200, shrink: true },
    { name: 'numericCode', width: 100 },
    { name: 'minorUnits', width: 100 },
    { name: 'isActive', width: 90 },
  ],
  defaultModel: () => ({
    code: '',
    name: '',
    nameSl: '',
    numericCode: '',
    minorUnits: 2,
    isActive: true,
  }),
  writeRoles: ['sysadmin'],
  sample: (n) => ({
    code: sampleCode(n),
    name: `Sample Crown ${n}`,
    nameSl: `vzorčna kuna ${n}`,
    numericCode: String(n % 1000).padStart(3, '0'),
    minorUnits: n % 4,
    isActive: true,
  }),
});
