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

/** The organisation's documents counted by state, in one statement with its scope. */
export async function countDocuments(db: Db, scope: Scope): Promise<DocCounts> {
  const [row] = await readInScope(
    db,
    scope,
    sql<Record<keyof DocCounts, string>>`
      select count(*) filter (where status = 'draft') as "drafts",
             count(*) filter (where status = 'active') as "active",
             count(*) filter (where status = 'archived') as "archived",
             count(*) filter (where status = 'rejected') as "rejected",
             count(*) filter (where capture_state = 'pending') as "capturePending"
      from doc where organization_id = ${scope.organizationId}
    `,
  );
  return {
    drafts: Number(row?.drafts ?? 0),
    active: Number(row?.active ?? 0),
    archived: Number(row?.archived ?? 0),
    rejected: Number(row?.rejected ?? 0),
    capturePending: Number(row?.capturePending ?? 0),
  };
}
