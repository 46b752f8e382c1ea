import { sql, type RawBuilder } from 'kysely';

/**
 * Whether a document is approved, as SQL on the document row `alias` (d by default): archived
 * at the end of its workflow, or active at a step after the last approval step of its workflow
 * (nobody is left to approve it). Payment orders are made only from approved documents
 * (payments/from-documents.ts), and the reports count what is approved the same way.
 */
export function approvedSql(alias = 'd'): RawBuilder<boolean> {
  const d = sql.ref(alias);
  return sql<boolean>`(${d}.status = 'archived' or (${d}.status = 'active'
    and ${d}.workflow_standing = 'step' and not exists (
      select 1 from workflow_step s
      join workflow_step c on c.organization_id = s.organization_id
        and c.id = ${d}.workflow_step_id
      where s.organization_id = ${d}.organization_id and s.workflow_id = ${d}.workflow_id
        and s.system_tile_code = 'approval' and s.position >= c.position)))`;
}
