import type { GridPreference, SaveGridPreferenceBody } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { inScope } from '../../db/scope';
import { badRequest } from '../../lib/errors';
import type { ActiveOrganization, AuthedUser } from '../../plugins/context';
import type { EntityDef } from '../tables/entity';
import { gridColumnsOf } from '../tables/grid-columns';
import { getListedEntity } from '../tables/registry';

export interface GridPreferenceScope {
  user: AuthedUser;
  organization: ActiveOrganization;
}

/** A column name that is none of the table's grid columns: 400 naming it and the known ones. */
function checkColumns(entity: EntityDef, body: SaveGridPreferenceBody): void {
  const offered = gridColumnsOf(entity).map((column) => column.name);
  const known = new Set(offered);
  const seen = new Set<string>();
  for (const name of body.columns ?? []) {
    if (!known.has(name)) {
      throw badRequest('errors.unknownGridColumn', [name, offered.join(', ')], 'columns');
    }
    if (seen.has(name)) throw badRequest('errors.repeatedGridColumn', [name], 'columns');
    seen.add(name);
  }
  for (const name of Object.keys(body.widths)) {
    if (!known.has(name)) {
      throw badRequest('errors.unknownGridColumn', [name, offered.join(', ')], 'widths');
    }
  }
}

const NOTHING_SAVED = { columns: null, widths: {}, updatedAt: null };

/**
 * A user's columns and widths of a table's grid, per organisation and table (issue 24): read,
 * saved whole (checked against the table's grid columns) and reset to the table's defaults.
 * Row-level security shows each user only their own (migration 0034).
 */
export function createGridPreferencesService(db: Db) {
  const scopeOf = ({ user, organization }: GridPreferenceScope) => ({
    userId: user.id,
    organizationId: organization.id,
  });

  return {
    async read(scope: GridPreferenceScope, table: string): Promise<GridPreference> {
      const entity = getListedEntity(table);
      const row = await inScope(db, scopeOf(scope), (trx) =>
        trx
          .selectFrom('grid_preference')
          .select(['columns', 'widths', 'updated_at'])
          .where('organization_id', '=', scope.organization.id)
          .where('user_id', '=', scope.user.id)
          .where('table_name', '=', entity.name)
          .executeTakeFirst(),
      );
      if (!row) return { table: entity.name, ...NOTHING_SAVED };
      // A column the table no longer offers is left out, never shown empty.
      const offered = new Set(gridColumnsOf(entity).map((column) => column.name));
      return {
        table: entity.name,
        columns: row.columns?.filter((name) => offered.has(name)) ?? null,
        widths: Object.fromEntries(
          Object.entries(row.widths).filter(([name]) => offered.has(name)),
        ),
        updatedAt: row.updated_at.toISOString(),
      };
    },

    async save(
      scope: GridPreferenceScope,
      table: string,
      body: SaveGridPreferenceBody,
    ): Promise<GridPreference> {
      const entity = getListedEntity(table);
      checkColumns(entity, body);
      const values = { columns: body.columns, widths: JSON.stringify(body.widths) };
      const row = await inScope(db, scopeOf(scope), (trx) =>
        trx
          .insertInto('grid_preference')
          .values({
            organization_id: scope.organization.id,
            user_id: scope.user.id,
            table_name: entity.name,
            ...values,
          })
          .onConflict((conflict) =>
            conflict
              .columns(['organization_id', 'user_id', 'table_name'])
              .doUpdateSet({ ...values, updated_at: new Date() }),
          )
          .returning('updated_at')
          .executeTakeFirstOrThrow(),
      );
      return {
        table: entity.name,
        columns: body.columns,
        widths: body.widths,
        updatedAt: row.updated_at.toISOString(),
      };
    },

    async reset(scope: GridPreferenceScope, table: string): Promise<GridPreference> {
      const entity = getListedEntity(table);
      await inScope(db, scopeOf(scope), (trx) =>
        trx
          .deleteFrom('grid_preference')
          .where('organization_id', '=', scope.organization.id)
          .where('user_id', '=', scope.user.id)
          .where('table_name', '=', entity.name)
          .execute(),
      );
      return { table: entity.name, ...NOTHING_SAVED };
    },
  };
}
export type GridPreferencesService = ReturnType<typeof createGridPreferencesService>;
