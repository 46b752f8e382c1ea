import type { TableRecord } from '@listina/contract';
import { DEFAULT_LOCALE } from '@listina/contract';
import { evaluateCondition } from '@listina/forms';
import { AppError } from '../../lib/errors';
import { isAdmin } from '../../plugins/context';
import { translate, type Locale } from '../../plugins/i18n';
import type { TableScope } from '../tables/tables.service';
import type { StoredWorkflow } from './workflow.repository';
import {
  tileOf,
  type Actor,
  type DocumentState,
  type Standing,
  type Workflow,
} from './state-machine';

/**
 * Between a document's columns and the state machine (state-machine.ts): where a document
 * stands, read from its columns, and the columns of a state to write back.
 */

export const actorOf = (scope: TableScope): Actor => ({
  userId: scope.user.id,
  roles: scope.organization.roles,
  isAdmin: isAdmin(scope.organization.roles),
});

/** The state machine's workflow for one document: each step's condition evaluated on it. */
export function machineWorkflow(
  stored: StoredWorkflow,
  doc: TableRecord,
  locale: Locale = DEFAULT_LOCALE,
): Workflow {
  return {
    id: stored.id,
    steps: stored.steps.map((step) => {
      let applies: boolean;
      try {
        applies = evaluateCondition(step.condition ?? undefined, doc);
      } catch (error) {
        throw new AppError(400, [
          {
            code: 'errors.wf.conditionFailed',
            parameters: [
              // Issue 24: an unnamed step by its tile's name in the user's language, never its code.
              step.name || translate(locale, `tiles.${step.systemTileCode}`),
              error instanceof Error ? error.message : String(error),
            ],
          },
        ]);
      }
      return { ...step, applies };
    }),
  };
}

export const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** Where a document stands, from its columns; undefined when it is in no workflow. */
export function stateOf(doc: TableRecord): DocumentState | undefined {
  const workflowId = text(doc.workflowId);
  if (workflowId === null) return undefined;
  const stepId = text(doc.workflowStepId) ?? '';
  let standing: Standing;
  if (doc.status === 'archived') standing = { kind: 'archived' };
  else if (doc.status === 'rejected') standing = { kind: 'rejected' };
  else if (doc.workflowStanding === 'supplement') standing = { kind: 'supplement', stepId };
  else standing = { kind: 'step', stepId };
  return {
    workflowId,
    standing,
    submitterId: text(doc.workflowSubmittedBy) ?? '',
    forwardedTo: text(doc.workflowForwardedTo),
    approvals: Array.isArray(doc.workflowApprovals) ? doc.workflowApprovals.map(String) : [],
  };
}

/** The document's columns for a state (status, step, tile and the rest). */
export function valuesOf(
  workflow: Workflow,
  state: DocumentState,
  moved: boolean,
  doc: TableRecord,
) {
  const { standing } = state;
  const status =
    standing.kind === 'archived'
      ? 'archived'
      : standing.kind === 'rejected'
        ? 'rejected'
        : 'active';
  const stepId =
    standing.kind === 'step' || standing.kind === 'supplement' ? standing.stepId : null;
  return {
    status,
    workflowId: state.workflowId,
    workflowStepId: stepId,
    workflowStanding: stepId === null ? null : standing.kind,
    workflowForwardedTo: state.forwardedTo,
    workflowApprovals: state.approvals,
    workflowSubmittedBy: state.submitterId,
    workflowStepAt: moved ? new Date() : (doc.workflowStepAt ?? new Date()),
    workflowCurrentStepSystemTileCode: tileOf(workflow, standing),
  };
}

export const secondsSince = (at: unknown) => {
  if (typeof at !== 'string' && !(at instanceof Date)) return null;
  const time = new Date(at).getTime();
  return Number.isNaN(time) ? null : Math.max(0, Math.round((Date.now() - time) / 1000));
};
