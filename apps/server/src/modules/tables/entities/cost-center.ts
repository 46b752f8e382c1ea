import { sql } from 'kysely';
import type { MessageSpec } from '../../../lib/errors';
import { defineEntity, type WarningContext } from '../entity';
import { codeColumn, isActiveColumn } from './code-list';

/**
 * A cost centre that partners book to by default (partner.costCenterCode) is still in use:
 * deleting it leaves them with a code that is no longer in the list, so the user is warned
 * and may delete it anyway.
 */
async function inUseWarnings(
  records: Record<string, unknown>[],
  { db, organizationId }: Omit<WarningContext, 'key'>,
): Promise<MessageSpec[]> {
  const codes = records.map((r) => r.code).filter((c): c is string => typeof c === 'string');
  if (codes.length === 0 || organizationId === null) return [];
  const used = await sql<{ code: string; partners: string }>`
    select cost_center_code as code, count(*) as partners from partner
    where organization_id = ${organizationId} and cost_center_code in (${sql.join(codes)})
    group by cost_center_code order by cost_center_code
  `.execute(db);
  return used.rows.map((row) => ({
    code: 'warnings.costCenter.inUse',
    parameters: [row.code, Number(row.partners)],
  }));
}

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
  gridColumns: [
    { name: 'code', width: 110 },
    { name: 'name', width: 300, shrink: true },
    { name: 'isActive', width: 90 },
  ],
  defaultModel: () => ({ code: '', name: '', isActive: true }),
  writeRoles: ['accountant', 'dataentryextended'],
  deleteWarnings: inUseWarnings,
  sample: (n) => ({
    code: `SM${String(n).padStart(4, '0')}`,
    name: `Stroškovno mesto ${n} – Škofja Loka`,
    isActive: true,
  }),
});
