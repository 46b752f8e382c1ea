import type { TableRecord, WorkflowExtras, WorkflowResultCode } from '@listina/contract';
import type { Trx } from '../../db/scope';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../plugins/i18n';
import type { StateDecision } from '../tables/state-change';
import type { TableScope } from '../tables/tables.service';
import { duplicateWarnings } from '../documents/duplicates';
import { actorOf, machineWorkflow, stateOf, valuesOf } from './doc-state';
import { movedOn } from './moved-on';
import { recordOutcome, type Told } from './record-outcome';
import { act, APPROVAL_TILE } from './state-machine';
import { findMember, type StoredWorkflow } from './workflow.repository';

/** The table engine's refusal of a write to a record changed since it was read. */
export const CHANGED_MEANWHILE = 'errors.changedMeanwhile';
export const isChangedMeanwhile = (error: unknown) =>
  error instanceof AppError &&
  error.statusCode === 409 &&
  error.errors.some((e) => e.code === CHANGED_MEANWHILE);

/** What an action carries on each document: the version seen is checked per document. */
export type ActionExtras = Omit<WorkflowExtras, 'version'>;

/** Refusals for who the caller is, not for the document: 403 (docs/authorization.md). */
const NOT_YOURS = ['errors.wf.notAssignee', 'errors.wf.notSubmitter'];
/**
 * Refusals for where the document stands (a draft, closed, in no workflow, a step this user
 * confirmed already): 409, as an activation of an active one (issue 24: a refused action is
 * 403 or 409, never a bad request).
 */
const NOT_NOW = [
  'errors.wf.notActivated',
  'errors.wf.noWorkflow',
  'errors.wf.closed.archived',
  'errors.wf.closed.rejected',
  'errors.wf.alreadyConfirmed',
];

/**
 * The decision of an action on one document, taken at the version the user saw (issue 22):
 * a document changed since is refused with where it stands now, not acted on again.
 */
export async function decideAction(
  trx: Trx,
  scope: TableScope,
  doc: TableRecord,
  taken: {
    result: WorkflowResultCode;
    extras: ActionExtras;
    seen: number | undefined;
    locale: Locale;
  },
  workflows: (trx: Trx) => Promise<Map<string, StoredWorkflow>>,
  told: Told,
): Promise<StateDecision> {
  const { result, extras } = taken;
  const title = doc.displayTitle;
  const refuse = (code: string, parameters: (string | number)[] = []): StateDecision => ({
    problems: [{ code, parameters: [title, ...parameters] }],
    ...(NOT_YOURS.includes(code) ? { status: 403 } : NOT_NOW.includes(code) ? { status: 409 } : {}),
  });
  if (taken.seen === undefined) return refuse('errors.wf.versionMissing');
  const all = await workflows(trx);
  if (taken.seen !== doc.version)
    return { problems: [movedOn(doc, all, taken.locale)], status: 409 };
  if (doc.status === 'draft') return refuse('errors.wf.notActivated');
  const state = stateOf(doc);
  if (!state) return refuse('errors.wf.noWorkflow');
  const stored = all.get(state.workflowId);
  if (!stored) return refuse('errors.wf.noWorkflow');
  const workflow = machineWorkflow(stored, doc, taken.locale);

  const action: Parameters<typeof act>[3] = { result, comment: extras.comment };
  if (result === 'forwarded' && extras.userId) {
    const member = await findMember(trx, scope.organization.id, extras.userId);
    if (!member) return refuse('errors.wf.unknownMember', [extras.userId]);
    action.forwardTo = member;
  }
  if (result === 'switchWorkflow' && extras.workflowId !== undefined) {
    const wanted = String(extras.workflowId).toLowerCase();
    const target = [...all.values()].find(
      (w) => w.isActive && (w.id === wanted || w.key === wanted || w.code.toLowerCase() === wanted),
    );
    if (!target) return refuse('errors.wf.unknownWorkflow', [String(extras.workflowId)]);
    action.switchTo = machineWorkflow(target, doc, taken.locale);
  }

  const outcome = act(workflow, state, actorOf(scope), action);
  if (!outcome.ok) return refuse(outcome.code, outcome.parameters);
  // Approving a suspected duplicate invoice is a warning first (issue 7).
  const warnings =
    result === 'confirmed' && doc.workflowCurrentStepSystemTileCode === APPROVAL_TILE
      ? await duplicateWarnings(trx, scope.organization.id, doc)
      : [];
  const landed =
    action.switchTo && outcome.state.workflowId === action.switchTo.id ? action.switchTo : workflow;
  return {
    values: valuesOf(landed, outcome.state, outcome.moved, doc),
    warnings,
    after: (writer, journal) =>
      recordOutcome(
        writer,
        journal,
        scope,
        doc,
        {
          resultCode: result,
          comment: extras.comment?.trim() || null,
          before: { workflow, state },
          after: { workflow: landed, outcome },
        },
        told,
      ),
  };
}
