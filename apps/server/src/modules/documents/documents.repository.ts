import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { readInScope, type Scope } from '../../db/scope';

export interface DocCounts {
  drafts: number;
  active: number;
  archived: number;
  rejected: number;
  capturePending: number;
}

/**
 * The organisation's documents counted by state, in one statement with its scope: counts per
 * status from the (organization_id, status) index, pending captures from their own.
 */
export async function countDocuments(db: Db, scope: Scope): Promise<DocCounts> {
  const rows = await readInScope(
    db,
    scope,
    sql<{ state: string; n: string }>`
      select status as state, count(*) as n from doc
      where organization_id = ${scope.organizationId} group by status
      union all
      select 'capturePending', count(*) from doc
      where organization_id = ${scope.organizationId} and capture_state = 'pending'
    `,
  );
  const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return {
    drafts: count('draft'),
    active: count('active'),
    archived: count('archived'),
    rejected: count('rejected'),
    capturePending: count('capturePending'),
  };
}
