import { checkBic, compactCode } from '@listina/forms';
import { defineEntity } from '../entity';
import { BANKS } from '../../../db/reference-data';
import { codeColumn, freeCodes, isActiveColumn } from './code-list';

function* bankCodes() {
  for (let i = 0; i < 100_000; i++) yield String(i).padStart(5, '0');
}
const sampleCode = freeCodes(bankCodes, () => BANKS.map((b) => b.code));

/**
 * Slovenian payment service providers by their 5-digit identifier (digits 5–9 of an SI IBAN:
 * SI56 02010 … → 02010, NLB), with the BIC that identifier belongs to (global).
 */
export const bank = defineEntity({
  name: 'bank',
  table: 'bank',
  scope: 'global',
  labelId: 'bank.title',
  columns: [
    codeColumn({
      maxLength: 5,
      regex: { pattern: '^[0-9]{5}$', message: 'validation.bankCode' },
      compact: true,
    }),
    {
      name: 'bic',
      column: 'bic',
      type: 'text',
      field: { maxLength: 11, validation: { required: true } },
      search: true,
      sort: true,
      list: true,
      lean: true,
      normalise: compactCode,
      check: (value) => {
        const problem = checkBic(String(value));
        return problem ? { code: `validation.bic.${problem}` } : undefined;
      },
    },
    {
      name: 'name',
      column: 'name',
      type: 'text',
      field: { maxLength: 200, validation: { required: true } },
      search: true,
      sort: true,
      list: true,
      lean: true,
    },
    isActiveColumn,
  ],
  titleColumns: ['code', 'name'],
  defaultSort: 'code asc',
  gridColumns: [
    { name: 'code', width: 80 },
    { name: 'bic', width: 110 },
    { name: 'name', width: 300, shrink: true },
    { name: 'isActive', width: 90 },
  ],
  defaultModel: () => ({ code: '', bic: '', name: '', isActive: true }),
  writeRoles: ['sysadmin'],
  sample: (n) => ({
    code: sampleCode(n),
    bic: ['LJBASI2X', 'SKBASI2X', 'KBMASI2X', 'BAKOSI2X'][n % 4],
    name: `Vzorčna hranilnica ${n} d.d., Šentjur`,
    isActive: true,
  }),
});
