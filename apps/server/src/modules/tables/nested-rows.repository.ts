import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import type { ArrayDef } from './entity';
import { engineColumnsOf, type Row } from './model';
import { selectWhereById } from './tables.repository';

/**
 * The nested rows of many parents at once, each with its parent's id (which the generic
 * findRows leaves out): export and import read a page of records' bank accounts in one query.
 * With the engine's columns, so an update journals their old values for undo.
 */
export async function findChildRows(
  trx: Trx,
  array: ArrayDef,
  organizationId: string | null,
  parentIds: string[],
  forUpdate = false,
): Promise<Row[]> {
  const parent = array.parentColumn;
  if (parent === null || parentIds.length === 0) return [];
  const entity = array.entity;
  const columns = [
    ...new Set([
      'id',
      'key',
      'version',
      ...engineColumnsOf(entity),
      ...entity.columns.map((c) => c.column),
      parent,
    ]),
  ];
  const where = [sql`${sql.ref(parent)} in (${sql.join(parentIds)})`];
  if (entity.scope === 'tenant') where.unshift(sql`organization_id = ${organizationId}`);
  return selectWhereById(trx, entity, sql.join(columns.map((c) => sql.ref(c))), where, forUpdate);
}
