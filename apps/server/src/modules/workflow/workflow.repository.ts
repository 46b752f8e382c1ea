import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import { uuidv7 } from '../../lib/ids';
import type { NotificationKind } from '@listina/contract';
import type { Journal } from '../tables/journal';
import type { ApprovalRule } from './state-machine';

/** A workflow's step as stored, its members already resolved to user ids. */
export interface StoredStep {
  id: string;
  position: number;
  systemTileCode: string;
  name: string;
  userIds: string[];
  roles: string[];
  rule: ApprovalRule;
  minApprovers: number;
  condition: string | null;
  commentRequired: boolean;
}

export interface StoredWorkflow {
  id: string;
  key: string;
  code: string;
  name: string;
  documentTypeId: string | null;
  isActive: boolean;
  steps: StoredStep[];
}

/** Workflows of the organisation by id, with their steps in order (one read per action). */
export async function loadWorkflows(
  trx: Trx,
  organizationId: string,
  ids?: string[],
): Promise<Map<string, StoredWorkflow>> {
  const { rows: flows } = await sql<{
    id: string;
    key: string;
    code: string;
    name: string;
    document_type_id: string | null;
    is_active: boolean;
  }>`
    select id, key, code, name, document_type_id, is_active from workflow
    where organization_id = ${organizationId}
      ${ids ? sql`and id = any(${ids}::bigint[])` : sql``}
  `.execute(trx);
  const { rows: steps } = await sql<{
    id: string;
    workflow_id: string;
    position: number;
    system_tile_code: string;
    name: string;
    user_ids: string[] | null;
    roles: string[];
    approval_rule: ApprovalRule;
    min_approvers: number;
    condition: string | null;
    comment_required: boolean;
  }>`
    select s.id, s.workflow_id, s.position, s.system_tile_code, s.name, s.roles,
           s.approval_rule, s.min_approvers, s.condition, s.comment_required,
           (select array_agg(m.user_id::text order by m.user_id) from organization_member m
             where m.organization_id = s.organization_id and m.key::text = any(s.member_keys)
               and m.is_active) as user_ids
    from workflow_step s
    where s.organization_id = ${organizationId}
      and s.workflow_id = any(${flows.map((f) => f.id)}::bigint[])
    order by s.workflow_id, s.position, s.id
  `.execute(trx);
  const result = new Map<string, StoredWorkflow>();
  for (const flow of flows) {
    result.set(flow.id, {
      id: flow.id,
      key: flow.key,
      code: flow.code,
      name: flow.name,
      documentTypeId: flow.document_type_id,
      isActive: flow.is_active,
      steps: steps
        .filter((s) => s.workflow_id === flow.id)
        .map((s) => ({
          id: s.id,
          position: s.position,
          systemTileCode: s.system_tile_code,
          name: s.name,
          userIds: s.user_ids ?? [],
          roles: s.roles,
          rule: s.approval_rule,
          minApprovers: s.min_approvers,
          condition: s.condition,
          commentRequired: s.comment_required,
        })),
    });
  }
  return result;
}

/**
 * The workflow a document of this type enters: an active one of its type, else an active one
 * for any type; the lowest code first when there are several.
 */
export function workflowFor(
  workflows: Map<string, StoredWorkflow>,
  documentTypeId: string | null,
  preferredId: string | null = null,
): StoredWorkflow | undefined {
  const active = [...workflows.values()]
    .filter((w) => w.isActive && w.steps.length > 0)
    .sort((a, b) => a.code.localeCompare(b.code));
  // A workflow an intake rule chose for the document (issue 25), while it is usable.
  const preferred = active.find((w) => preferredId !== null && w.id === preferredId);
  if (preferred) return preferred;
  return (
    active.find((w) => documentTypeId !== null && w.documentTypeId === documentTypeId) ??
    active.find((w) => w.documentTypeId === null)
  );
}

/** An active member of the organisation, by member key or user key: their user id and roles. */
export async function findMember(
  trx: Trx,
  organizationId: string,
  key: string,
): Promise<{ userId: string; roles: string[] } | undefined> {
  const { rows } = await sql<{ user_id: string; roles: string[] }>`
    select m.user_id, m.roles from organization_member m
    join app_user u on u.id = m.user_id
    where m.organization_id = ${organizationId} and m.is_active
      and (m.key::text = ${key.toLowerCase()} or u.key::text = ${key.toLowerCase()})
  `.execute(trx);
  const row = rows[0];
  return row ? { userId: String(row.user_id), roles: row.roles } : undefined;
}

/** The active members who get a notification: the users named and the members of the roles. */
export async function recipientIds(
  trx: Trx,
  organizationId: string,
  userIds: string[],
  roles: string[],
): Promise<string[]> {
  if (userIds.length === 0 && roles.length === 0) return [];
  const { rows } = await sql<{ user_id: string }>`
    select distinct user_id from organization_member
    where organization_id = ${organizationId} and is_active
      and (user_id = any(${userIds}::bigint[]) or roles && ${roles}::text[])
    order by user_id
  `.execute(trx);
  return rows.map((r) => String(r.user_id));
}

/**
 * Who took part in a document's workflow (issue 26: a comment is told to them): its submitter
 * and everyone who acted on it, as active members.
 */
export async function participantIds(
  trx: Trx,
  organizationId: string,
  docId: string,
): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    select distinct m.user_id from organization_member m
    where m.organization_id = ${organizationId} and m.is_active and (
      m.user_id in (select l.user_id from workflow_log l
                    where l.organization_id = ${organizationId} and l.doc_id = ${docId})
      or m.user_id = (select d.workflow_submitted_by from doc d
                      where d.organization_id = ${organizationId} and d.id = ${docId}))
    order by m.user_id
  `.execute(trx);
  return rows.map((r) => String(r.user_id));
}

export interface LogLine {
  docId: string;
  userId: string;
  resultCode: string;
  comment: string | null;
  fromWorkflowId: string | null;
  toWorkflowId: string | null;
  fromStepId: string | null;
  toStepId: string | null;
  fromTile: string | null;
  toTile: string | null;
  secondsInStep: number | null;
}

/** Writes a log line, journaled so that the action's undo removes it. */
export async function insertLogLine(
  trx: Trx,
  organizationId: string,
  line: LogLine,
  journal: Journal,
) {
  const key = uuidv7();
  const { rows } = await sql<{ id: string; version: number }>`
    insert into workflow_log (organization_id, key, doc_id, user_id, result_code, comment,
      from_workflow_id, to_workflow_id, from_step_id, to_step_id, from_tile, to_tile,
      seconds_in_step)
    values (${organizationId}, ${key}, ${line.docId}, ${line.userId}, ${line.resultCode},
      ${line.comment}, ${line.fromWorkflowId}, ${line.toWorkflowId}, ${line.fromStepId},
      ${line.toStepId}, ${line.fromTile}, ${line.toTile}, ${line.secondsInStep})
    returning id, version
  `.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('workflow_log insert returned no row');
  journal.operations.push({
    kind: 'created',
    entity: 'workflowLog',
    id: String(row.id),
    key,
    version: Number(row.version),
  });
}

export interface NewNotification {
  userId: string;
  docId: string;
  kind: NotificationKind;
  actorId: string;
  resultCode: string;
  tile: string | null;
  comment: string | null;
}

/** Writes notifications, journaled so that the action's undo removes them. */
export async function insertNotifications(
  trx: Trx,
  organizationId: string,
  notifications: NewNotification[],
  journal: Journal,
) {
  for (const n of notifications) {
    const key = uuidv7();
    const { rows } = await sql<{ id: string; version: number }>`
      insert into notification (organization_id, key, user_id, doc_id, kind, actor_id,
        result_code, tile, comment)
      values (${organizationId}, ${key}, ${n.userId}, ${n.docId}, ${n.kind}, ${n.actorId},
        ${n.resultCode}, ${n.tile}, ${n.comment})
      returning id, version
    `.execute(trx);
    const row = rows[0];
    if (!row) throw new Error('notification insert returned no row');
    journal.operations.push({
      kind: 'created',
      entity: 'notification',
      id: String(row.id),
      key,
      version: Number(row.version),
    });
  }
}

export interface LogEntry {
  key: string;
  at: Date;
  user_name: string;
  display_name: string;
  result_code: string;
  comment: string | null;
  from_tile: string | null;
  to_tile: string | null;
  from_step_name: string | null;
  to_step_name: string | null;
  from_workflow_name: string | null;
  to_workflow_name: string | null;
  seconds_in_step: number | null;
}

/** A document's log lines, oldest first, with who acted and the steps' names. */
export async function readLog(trx: Trx, organizationId: string, docId: string) {
  const { rows } = await sql<LogEntry>`
    select l.key, l.created_at as at, u.username as user_name, u.display_name, l.result_code,
           l.comment, l.from_tile, l.to_tile, l.seconds_in_step,
           fs.name as from_step_name, ts.name as to_step_name,
           fw.name as from_workflow_name, tw.name as to_workflow_name
    from workflow_log l
    join app_user u on u.id = l.user_id
    left join workflow_step fs on fs.organization_id = l.organization_id and fs.id = l.from_step_id
    left join workflow_step ts on ts.organization_id = l.organization_id and ts.id = l.to_step_id
    left join workflow fw on fw.organization_id = l.organization_id and fw.id = l.from_workflow_id
    left join workflow tw on tw.organization_id = l.organization_id and tw.id = l.to_workflow_id
    where l.organization_id = ${organizationId} and l.doc_id = ${docId}
    order by l.id
  `.execute(trx);
  return rows;
}
