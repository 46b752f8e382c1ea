import { defineEntity } from '../entity';
import { codeColumn, isActiveColumn } from './code-list';

/** Cost centres an organisation books its documents to (tenant; no defaults). */
export const costCenter = defineEntity({
  name: 'costCenter',
  table: 'cost_center',
  scope: 'tenant',
  labelId: 'costCenter.title',
  columns: [
    codeColumn({ maxLength: 20 }),
    {
      name: 'name',
      column: 'name',
      type: 'text',
      field: { maxLength: 100, validation: { required: true } },
      search: true,
      sort: true,
      list: true,
      lean: true,
    },
    isActiveColumn,
  ],
  titleColumns: ['code', 'name'],
  defaultSort: 'code asc',
  defaultModel: () => ({ code: '', name: '', isActive: true }),
  writeRoles: ['accountant', 'dataentryextended'],
  sample: (n) => ({
    code: `SM${String(n).padStart(4, '0')}`,
    name: `Stroškovno mesto ${n} – Škofja Loka`,
    isActive: true,
  }),
});
