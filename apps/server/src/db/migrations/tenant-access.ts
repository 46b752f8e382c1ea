import { sql, type RawBuilder } from 'kysely';

/** The organisation of the transaction's tenant scope (db/scope.ts), as SQL. */
const SCOPED_ORGANIZATION = `nullif(current_setting('listina.organization_id', true), '')::bigint`;
/** The user of the transaction's tenant scope, as SQL. */
const SCOPED_USER = `nullif(current_setting('listina.user_id', true), '')::bigint`;

/**
 * What every tenant table of a new migration needs (ARCHITECTURE §2): the grants to
 * listina_tenant and row-level security that shows only the scope's organisation, or with
 * `ownUser` only the scope's user's rows in it. Table names are the migration's own constants,
 * never input.
 */
export function tenantAccess(
  table: string,
  options: { ownUser?: boolean } = {},
): RawBuilder<unknown> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`tenantAccess: bad table name ${table}`);
  const own = options.ownUser ? ` and user_id = ${SCOPED_USER}` : '';
  return sql.raw(`
    grant select, insert, update, delete on ${table} to listina_tenant;
    alter table ${table} enable row level security;
    create policy tenant_only on ${table}
      using (organization_id = ${SCOPED_ORGANIZATION}${own});
  `);
}
