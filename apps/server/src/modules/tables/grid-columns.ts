import type { SchemaGridColumn } from '@listina/forms';
import type { DefaultGridColumn, EntityDef } from './entity';
import { listColumns } from './list-plan';

/**
 * The columns a table's grid offers (spec §3 schema `gridColumns`, issue 24): the entity's
 * default set in its order and widths, then its other listed columns, switched off. The grid
 * takes its columns from here, not from the rows it happens to have, so an organisation with
 * no rows yet shows the same columns as one with many.
 */
export function gridColumnsOf(entity: EntityDef): SchemaGridColumn[] {
  const listed = listColumns(entity, false).map((column) => column.name);
  const defaults: readonly Partial<DefaultGridColumn>[] =
    entity.gridColumns ?? listed.map((name) => ({ name }));
  const chosen = new Set(defaults.map((column) => column.name));
  return [
    ...defaults.map(({ name = '', width, shrink }) => ({
      name,
      ...(width === undefined ? {} : { width }),
      ...(shrink ? { shrink } : {}),
    })),
    ...listed.filter((name) => !chosen.has(name)).map((name) => ({ name, hidden: true })),
  ];
}
