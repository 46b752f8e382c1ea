import { sql } from 'kysely';
import type { Trx } from '../../../db/scope';
import { defineEntity } from '../entity';
import { codeColumn, isActiveColumn, localizedNameColumns } from './code-list';

/** UNCL 5305 duty/tax category codes used for VAT in EN 16931 e-invoices. */
export const VAT_CATEGORIES = ['S', 'AA', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const;

/**
 * VAT rates of an organisation (tenant). Every new organisation starts with the Slovenian
 * rates (22, 9.5, 5 and 0 %, see defaults.ts); a rate that changes gets a new row with its
 * validFrom, and the old one its validTo and isActive false. One of them is the default (the
 * standard rate): a new cost line starts with it.
 */
export const vatRate = defineEntity({
  name: 'vatRate',
  table: 'vat_rate',
  scope: 'tenant',
  labelId: 'vatRate.title',
  columns: [
    codeColumn({ maxLength: 10 }),
    ...localizedNameColumns(100),
    {
      name: 'rate',
      column: 'rate',
      type: 'decimal',
      field: { validation: { required: true, range: ['0', '100'] } },
      sort: true,
      list: true,
      lean: true,
    },
    {
      name: 'category',
      column: 'category',
      type: 'text',
      field: {
        maxLength: 2,
        validation: {
          required: true,
          regex: { pattern: `^(${VAT_CATEGORIES.join('|')})$`, message: 'validation.vatCategory' },
        },
      },
      list: true,
      lean: true,
      normalise: (value) => (typeof value === 'string' ? value.toUpperCase() : value),
    },
    {
      name: 'validFrom',
      column: 'valid_from',
      type: 'date',
      field: { validation: { required: true } },
      sort: true,
      list: true,
    },
    {
      name: 'validTo',
      column: 'valid_to',
      type: 'date',
      field: {},
      list: true,
      check: (value, model) =>
        typeof model.validFrom === 'string' && String(value) < model.validFrom
          ? { code: 'validation.validToBeforeFrom', parameters: [] }
          : undefined,
    },
    {
      // Issue 24: the rate a new cost line starts with; one per organisation (migration 0037).
      name: 'isDefault',
      column: 'is_default',
      type: 'bool',
      field: {},
      list: true,
      lean: true,
    },
    isActiveColumn,
  ],
  defaultFlag: 'isDefault',
  titleColumns: ['code', 'name'],
  defaultSort: 'rate desc',
  gridColumns: [
    { name: 'code', width: 90 },
    { name: 'name', width: 200, shrink: true },
    { name: 'nameSl', width: 200, shrink: true },
    { name: 'rate', width: 90 },
    { name: 'category', width: 90 },
    { name: 'validFrom', width: 110 },
    { name: 'validTo', width: 110 },
    { name: 'isDefault', width: 90 },
    { name: 'isActive', width: 90 },
  ],
  defaultModel: () => ({
    code: '',
    name: '',
    nameSl: '',
    rate: '',
    category: 'S',
    validFrom: null,
    validTo: null,
    isDefault: false,
    isActive: true,
  }),
  writeRoles: ['accountant'],
  sample: (n) => ({
    code: `T${n}`,
    name: `Sample rate ${n}`,
    nameSl: `Vzorčna stopnja ${n} – začasna`,
    rate: `${n % 100}.${String(n % 7).padStart(2, '0')}`,
    category: n % 2 === 0 ? 'S' : 'AA',
    validFrom: `20${String(10 + (n % 15))}-0${1 + (n % 9)}-01`,
    validTo: null,
    isDefault: false,
    isActive: true,
  }),
});

/** The code of the organisation's default VAT rate while it is active; undefined without one. */
export async function defaultVatRateCode(
  trx: Trx,
  organizationId: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ code: string }>`
    select code from vat_rate
    where organization_id = ${organizationId} and is_default and is_active
  `.execute(trx);
  return rows[0]?.code;
}
