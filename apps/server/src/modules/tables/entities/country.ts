import { defineEntity } from '../entity';
import { COUNTRIES } from '../../../db/reference-data';
import { codeColumn, freeCodes, letterCodes, localizedNameColumns } from './code-list';

const sampleCode = freeCodes(
  () => letterCodes(2),
  // QQ stays free: the generic table suite names it as a country no record holds.
  () => [...COUNTRIES.map((c) => c.code), 'QQ'],
);

/** ISO 3166-1 countries with English and Slovenian names and SEPA membership (global). */
export const country = defineEntity({
  name: 'country',
  table: 'country',
  scope: 'global',
  labelId: 'country.title',
  columns: [
    codeColumn({
      maxLength: 2,
      regex: { pattern: '^[A-Z]{2}$', message: 'validation.countryCode' },
      compact: true,
    }),
    ...localizedNameColumns(100),
    {
      name: 'isSepa',
      column: 'is_sepa',
      type: 'bool',
      field: {},
      sort: true,
      list: true,
      lean: true,
    },
  ],
  titleColumns: ['code', 'name'],
  defaultSort: 'code asc',
  gridColumns: [
    { name: 'code', width: 70 },
    { name: 'name', width: 220, shrink: true },
    { name: 'nameSl', width: 220, shrink: true },
    { name: 'isSepa', width: 80 },
  ],
  defaultModel: () => ({ code: '', name: '', nameSl: '', isSepa: false }),
  writeRoles: ['sysadmin'],
  sample: (n) => ({
    code: sampleCode(n),
    name: `Sample Land ${n}`,
    nameSl: `Čudežna dežela ${n}`,
    isSepa: n % 2 === 0,
  }),
});
