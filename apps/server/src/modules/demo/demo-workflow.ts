import { sql } from 'kysely';
import type { Trx } from '../../db/scope';

/**
 * The demo documents where their status puts them in the organisation's standard workflow
 * (defaults.ts: approval by approvers and admins, then booking by accountants): active ones at either step
 * (every other one approved already), archived ones through both, rejected ones at approval;
 * with the log lines that took them there, written by the organisation's demo user.
 */
export async function seedDemoWorkflow(
  trx: Trx,
  organizationId: string,
  userId: string,
  docIds: string[],
) {
  if (docIds.length === 0) return;
  const steps = await sql<{ workflow_id: string; approval: string; accounting: string }>`
    select w.id as workflow_id,
           (select id from workflow_step where organization_id = w.organization_id
              and workflow_id = w.id and position = 1) as approval,
           (select id from workflow_step where organization_id = w.organization_id
              and workflow_id = w.id and position = 2) as accounting
    from workflow w where w.organization_id = ${organizationId} and w.code = 'STANDARD'
  `.execute(trx);
  const flow = steps.rows[0];
  if (!flow?.approval || !flow.accounting) return;
  await sql`
    update doc set
      workflow_id = ${flow.workflow_id},
      workflow_submitted_by = ${userId},
      workflow_step_id = case when status = 'active'
        then case when id % 2 = 0 then ${flow.approval}::bigint else ${flow.accounting}::bigint end end,
      workflow_standing = case when status = 'active' then 'step' end,
      workflow_current_step_system_tile_code = case status
        when 'active' then case when id % 2 = 0 then 'approval' else 'accounting' end
        when 'archived' then 'archive' end,
      workflow_step_at = created_at + interval '2 hours'
    where organization_id = ${organizationId} and id = any(${docIds}::bigint[])
      and status <> 'draft'
  `.execute(trx);
  // activated → approval; confirmed approval → accounting; confirmed accounting → archive;
  // or rejected at approval.
  await sql`
    insert into workflow_log (organization_id, key, doc_id, user_id, result_code, comment,
      from_workflow_id, to_workflow_id, from_step_id, to_step_id, from_tile, to_tile,
      seconds_in_step, created_at)
    select d.organization_id, gen_random_uuid(), d.id, ${userId}, l.result_code, l.comment,
           case when l.from_tile is null then null else d.workflow_id end, d.workflow_id,
           l.from_step, l.to_step, l.from_tile, l.to_tile, l.seconds,
           d.created_at + l.after_hours * interval '1 hour'
    from doc d
    cross join lateral (values
      (1, 'activated', null::text, null::bigint, ${flow.approval}::bigint, null::text,
        'approval', null::integer, 0),
      (2, 'confirmed', null, ${flow.approval}::bigint, ${flow.accounting}::bigint, 'approval',
        'accounting', 7200, 2),
      (3, 'confirmed', null, ${flow.accounting}::bigint, null, 'accounting', 'archive', 86400, 26),
      (4, 'rejected', 'Not our order.', ${flow.approval}::bigint, null, 'approval', null, 3600, 1)
    ) as l(n, result_code, comment, from_step, to_step, from_tile, to_tile, seconds, after_hours)
    where d.organization_id = ${organizationId} and d.id = any(${docIds}::bigint[])
      and (l.n = 1 and d.status <> 'draft'
        or l.n = 2 and (d.status = 'archived' or d.workflow_step_id = ${flow.accounting}::bigint)
        or l.n = 3 and d.status = 'archived'
        or l.n = 4 and d.status = 'rejected')
    order by d.id, l.n
  `.execute(trx);
}
