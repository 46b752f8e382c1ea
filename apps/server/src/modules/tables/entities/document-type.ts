import { defineEntity } from '../entity';
import { codeColumn, isActiveColumn, localizedNameColumns } from './code-list';

/**
 * Kinds of incoming document of an organisation (tenant): invoice, credit note, advance
 * invoice, other (see defaults.ts), with the UNTDID 1001 type code e-invoices carry
 * (e-SLOG S_BGM/D_1001, UBL InvoiceTypeCode: 380, 381, 386 ...).
 */
export const documentType = defineEntity({
  name: 'documentType',
  table: 'document_type',
  scope: 'tenant',
  labelId: 'documentType.title',
  columns: [
    codeColumn({ maxLength: 20, compact: true }),
    ...localizedNameColumns(100),
    {
      name: 'einvoiceTypeCode',
      column: 'einvoice_type_code',
      type: 'text',
      field: {
        maxLength: 3,
        validation: { regex: { pattern: '^[0-9]{3}$', message: 'validation.einvoiceTypeCode' } },
      },
      search: true,
      filter: true,
      list: true,
      lean: true,
    },
    isActiveColumn,
  ],
  titleColumns: ['code', 'name'],
  defaultSort: 'code asc',
  gridColumns: [
    { name: 'code', width: 110 },
    { name: 'name', width: 220, shrink: true },
    { name: 'nameSl', width: 220, shrink: true },
    { name: 'einvoiceTypeCode', width: 110 },
    { name: 'isActive', width: 90 },
  ],
  defaultModel: () => ({ code: '', name: '', nameSl: '', einvoiceTypeCode: '', isActive: true }),
  writeRoles: ['accountant'],
  sample: (n) => ({
    code: `DT${n}`,
    name: `Sample document ${n}`,
    nameSl: `Vzorčni dokument ${n} – prejeti`,
    einvoiceTypeCode: ['380', '381', '386', '383'][n % 4],
    isActive: true,
  }),
});
