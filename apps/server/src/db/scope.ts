import { sql, type Transaction } from 'kysely';
import type { Db } from './create-db';
import type { Database } from './schema';

export type Trx = Transaction<Database>;

/** Who a query runs for. Tenant data is only reached through a scope with organizationId. */
export interface Scope {
  userId: string;
  organizationId?: string;
}

/**
 * Runs fn in a transaction under the role listina_tenant with the scope in transaction-local
 * settings, so row-level security hides every other organisation's rows even if a query
 * forgets its where clause (ARCHITECTURE §2: the second wall).
 */
export async function inScope<T>(db: Db, scope: Scope, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // One round trip: set_config('role', …, true) is SET LOCAL ROLE.
    await sql`select set_config('listina.user_id', ${scope.userId}, true),
                     set_config('listina.organization_id', ${scope.organizationId ?? ''}, true),
                     set_config('role', 'listina_tenant', true)`.execute(trx);
    return fn(trx);
  });
}
