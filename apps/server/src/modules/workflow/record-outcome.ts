import type { NotificationKind, TableRecord } from '@listina/contract';
import type { Trx } from '../../db/scope';
import type { Journal } from '../tables/journal';
import type { TableScope } from '../tables/tables.service';
import { secondsSince } from './doc-state';
import {
  tileOf,
  type DocumentState,
  type Outcome,
  type Standing,
  type Workflow,
} from './state-machine';
import {
  insertLogLine,
  insertNotifications,
  participantIds,
  recipientIds,
} from './workflow.repository';

/** Users told of an action, once it committed (server-sent events). */
export interface Told {
  organizationId: string;
  userIds: Set<string>;
}

/** Writes the log line and the notifications of an outcome, journaled with the action. */
export async function recordOutcome(
  trx: Trx,
  journal: Journal,
  scope: TableScope,
  doc: TableRecord,
  entry: {
    resultCode: string;
    comment: string | null;
    before: { workflow: Workflow | null; state: DocumentState | undefined };
    after: { workflow: Workflow; outcome: Extract<Outcome, { ok: true }> };
  },
  told: Told,
) {
  const organizationId = scope.organization.id;
  const { before, after } = entry;
  const stepOf = (standing: Standing | undefined) =>
    standing && (standing.kind === 'step' || standing.kind === 'supplement')
      ? standing.stepId
      : null;
  await insertLogLine(
    trx,
    organizationId,
    {
      docId: String(doc.id),
      userId: scope.user.id,
      resultCode: entry.resultCode,
      comment: entry.comment,
      fromWorkflowId: before.state?.workflowId ?? null,
      toWorkflowId: after.outcome.state.workflowId,
      fromStepId: stepOf(before.state?.standing),
      toStepId: stepOf(after.outcome.state.standing),
      fromTile:
        before.workflow && before.state ? tileOf(before.workflow, before.state.standing) : null,
      toTile: tileOf(after.workflow, after.outcome.state.standing),
      secondsInStep: before.state ? secondsSince(doc.workflowStepAt) : null,
    },
    journal,
  );
  const notify = after.outcome.notify;
  const recipients = notify
    ? (await recipientIds(trx, organizationId, notify.userIds, notify.roles)).filter(
        (id) => id !== scope.user.id,
      )
    : [];
  // A comment is told to the others who took part in the document (issue 26), unless the
  // action itself tells them (a rejection, a request for data carry it already).
  const commented = entry.comment?.trim()
    ? (await participantIds(trx, organizationId, String(doc.id))).filter(
        (id) => id !== scope.user.id && !recipients.includes(id),
      )
    : [];
  const of = (userId: string, kind: NotificationKind) => ({
    userId,
    docId: String(doc.id),
    kind,
    actorId: scope.user.id,
    resultCode: entry.resultCode,
    tile: tileOf(after.workflow, after.outcome.state.standing),
    comment: entry.comment,
  });
  const reason = notify?.reason ?? 'assigned';
  await insertNotifications(
    trx,
    organizationId,
    [
      ...recipients.map((userId) => of(userId, reason)),
      ...commented.map((userId) => of(userId, 'comment')),
    ],
    journal,
  );
  told.organizationId = organizationId;
  for (const id of [...recipients, ...commented]) told.userIds.add(id);
}
