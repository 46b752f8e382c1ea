import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { readInScope, type Scope } from '../../db/scope';
import { myTasksSql } from '../workflow/tasks';

export interface DocCounts {
  drafts: number;
  active: number;
  archived: number;
  rejected: number;
  capturePending: number;
  /** The user's tasks by the tile of their step (approval, accounting, supplement, ...). */
  tasks: Map<string, number>;
  /** The tiles of the organisation's active workflows' steps, in step order. */
  stepTiles: string[];
}

/**
 * The organisation's documents counted by state, in one statement with its scope: counts per
 * status from the (organization_id, status) index, pending captures from their own, the
 * user's tasks per tile through the steps they may act on, and the tiles of the steps.
 */
export async function countDocuments(db: Db, scope: Required<Scope>): Promise<DocCounts> {
  const rows = await readInScope(
    db,
    scope,
    sql<{ state: string; n: string }>`
      select status as state, count(*) as n from doc
      where organization_id = ${scope.organizationId} group by status
      union all
      select 'capturePending', count(*) from doc
      where organization_id = ${scope.organizationId} and capture_state = 'pending'
      union all
      select 'task:' || workflow_current_step_system_tile_code, count(*) from doc
      where organization_id = ${scope.organizationId} and ${myTasksSql()}
      group by workflow_current_step_system_tile_code
      union all
      select 'step:' || s.system_tile_code, min(s.position) from workflow_step s
      join workflow w on w.organization_id = s.organization_id and w.id = s.workflow_id
      where s.organization_id = ${scope.organizationId} and w.is_active
        and s.system_tile_code <> 'archive'
      group by s.system_tile_code
    `,
  );
  const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  const prefixed = (prefix: string) =>
    rows
      .filter((r) => r.state.startsWith(prefix))
      .map((r) => ({ name: r.state.slice(prefix.length), n: Number(r.n) }));
  return {
    drafts: count('draft'),
    active: count('active'),
    archived: count('archived'),
    rejected: count('rejected'),
    capturePending: count('capturePending'),
    tasks: new Map(prefixed('task:').map((t) => [t.name, t.n])),
    stepTiles: prefixed('step:')
      .sort((a, b) => a.n - b.n || a.name.localeCompare(b.name))
      .map((t) => t.name),
  };
}
