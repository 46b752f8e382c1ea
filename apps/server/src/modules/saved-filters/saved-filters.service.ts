import type { SavedFilter } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { inScope } from '../../db/scope';
import type { ActiveOrganization, AuthedUser } from '../../plugins/context';
import { getListedEntity } from '../tables/registry';
import { checkFilters } from '../tables/list-plan';

export interface SavedFilterScope {
  user: AuthedUser;
  organization: ActiveOrganization;
}

/**
 * A user's saved list filters, per organisation and table (issue 5). They are checked as the
 * list call checks its `filter`, so what is saved is always a filter the list takes.
 */
export function createSavedFiltersService(db: Db) {
  const scopeOf = ({ user, organization }: SavedFilterScope) => ({
    userId: user.id,
    organizationId: organization.id,
  });

  return {
    async read(scope: SavedFilterScope, table: string): Promise<SavedFilter> {
      const entity = getListedEntity(table);
      const row = await inScope(db, scopeOf(scope), (trx) =>
        trx
          .selectFrom('saved_filter')
          .select(['filter', 'updated_at'])
          .where('organization_id', '=', scope.organization.id)
          .where('user_id', '=', scope.user.id)
          .where('table_name', '=', entity.name)
          .executeTakeFirst(),
      );
      return {
        table: entity.name,
        filter: row?.filter ?? [],
        updatedAt: row ? row.updated_at.toISOString() : null,
      };
    },

    async save(scope: SavedFilterScope, table: string, filter: string[]): Promise<SavedFilter> {
      const entity = getListedEntity(table);
      checkFilters(entity, filter);
      const row = await inScope(db, scopeOf(scope), (trx) =>
        trx
          .insertInto('saved_filter')
          .values({
            organization_id: scope.organization.id,
            user_id: scope.user.id,
            table_name: entity.name,
            filter,
          })
          .onConflict((conflict) =>
            conflict
              .columns(['organization_id', 'user_id', 'table_name'])
              .doUpdateSet({ filter, updated_at: new Date() }),
          )
          .returning('updated_at')
          .executeTakeFirstOrThrow(),
      );
      return { table: entity.name, filter, updatedAt: row.updated_at.toISOString() };
    },
  };
}
export type SavedFiltersService = ReturnType<typeof createSavedFiltersService>;
