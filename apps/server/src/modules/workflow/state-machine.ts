/**
 * The approval workflow of a document (issue 6, spec §3 workflow result codes, §4): where a
 * document stands, who may act on it, and where each result code takes it. Pure: the caller
 * reads the workflow and the document, evaluates each step's condition for it, and writes
 * what this answers.
 */

export const RESULT_CODES = [
  'confirmed',
  'forwarded',
  'returnToBeginning',
  'supplementData',
  'rejected',
  'oneStepBack',
  'movedToArchive',
  'switchWorkflow',
] as const;
export type ResultCode = (typeof RESULT_CODES)[number];

/** spec §4: a document is archived when its current step's system tile code is this. */
export const ARCHIVE_TILE = 'archive';
/** Steps of this tile approve: confirming one checks for a duplicate invoice first (issue 7). */
export const APPROVAL_TILE = 'approval';
/** The tile of a document sent back to its submitter for more data (supplementData). */
export const SUPPLEMENT_TILE = 'supplement';

/** How many of a step's assignees must confirm it. */
export type ApprovalRule = 'any' | 'all' | 'atLeast';

export interface Step {
  id: string;
  systemTileCode: string;
  /** Users who may act at this step, by id. */
  userIds: readonly string[];
  /** Roles whose members may act at this step (lower case). */
  roles: readonly string[];
  rule: ApprovalRule;
  /** For atLeast: how many distinct approvers. */
  minApprovers: number;
  /** A reject or a return (to the beginning, one step back) needs a comment. */
  commentRequired: boolean;
  /** Whether the step's condition holds for this document (a step that does not is skipped). */
  applies: boolean;
}

export interface Workflow {
  id: string;
  /** In order. */
  steps: readonly Step[];
}

export type Standing =
  | { kind: 'step'; stepId: string }
  /** Sent back to the submitter; their confirm returns it to stepId. */
  | { kind: 'supplement'; stepId: string }
  | { kind: 'archived' }
  | { kind: 'rejected' };

export interface DocumentState {
  workflowId: string;
  standing: Standing;
  /** Who activated it: supplementData and rejections go back to them. */
  submitterId: string;
  /** A forward at the current step: only this user (or an admin) acts on it now. */
  forwardedTo: string | null;
  /** Who confirmed the current step so far (for all and atLeast rules). */
  approvals: readonly string[];
}

export interface Actor {
  userId: string;
  roles: readonly string[];
  isAdmin: boolean;
}

export interface Action {
  result: ResultCode;
  comment?: string;
  /** forwarded: userId, who must be allowed at the step; switchWorkflow: the workflow. */
  forwardTo?: { userId: string; roles: readonly string[] };
  switchTo?: Workflow;
}

/** Who is told: users by id, and the members of roles. */
export interface Recipients {
  userIds: string[];
  roles: string[];
  reason: 'assigned' | 'forwarded' | 'rejected' | 'supplement';
}

export type Outcome =
  | {
      ok: true;
      state: DocumentState;
      /** The document left its step (a log line with the time spent; approvals reset). */
      moved: boolean;
      notify: Recipients | null;
    }
  | { ok: false; code: string; parameters?: (string | number)[] };

const refuse = (code: string, parameters?: (string | number)[]): Outcome => ({
  ok: false,
  code,
  ...(parameters ? { parameters } : {}),
});

const findStep = (workflow: Workflow, id: string) => workflow.steps.find((s) => s.id === id);

/** The tile a document shows in: its step's, the supplement or archive tile, or none. */
export function tileOf(workflow: Workflow, standing: Standing): string | null {
  switch (standing.kind) {
    case 'step':
      return findStep(workflow, standing.stepId)?.systemTileCode ?? null;
    case 'supplement':
      return SUPPLEMENT_TILE;
    case 'archived':
      return ARCHIVE_TILE;
    case 'rejected':
      return null;
  }
}

/** Where a document enters a workflow: its first step that applies (archived when none). */
export function enter(workflow: Workflow): Standing {
  return standingAt(workflow, 0, 1);
}

/** The first applying step from index on, in direction; archived past the end. */
function standingAt(workflow: Workflow, from: number, direction: 1 | -1): Standing {
  for (let i = from; i >= 0 && i < workflow.steps.length; i += direction) {
    const step = workflow.steps[i];
    if (!step?.applies) continue;
    if (step.systemTileCode === ARCHIVE_TILE) return { kind: 'archived' };
    return { kind: 'step', stepId: step.id };
  }
  return { kind: 'archived' };
}

/** Whether the actor is one of the step's assignees (by user or by role). */
export function isAssignee(step: Step, actor: Pick<Actor, 'userId' | 'roles'>): boolean {
  return step.userIds.includes(actor.userId) || step.roles.some((r) => actor.roles.includes(r));
}

/** The users and roles told when a document reaches a standing. */
export function assignedRecipients(workflow: Workflow, state: DocumentState): Recipients | null {
  const { standing } = state;
  if (standing.kind === 'supplement')
    return { userIds: [state.submitterId], roles: [], reason: 'supplement' };
  if (standing.kind !== 'step') return null;
  const step = findStep(workflow, standing.stepId);
  if (!step) return null;
  if (state.forwardedTo) return { userIds: [state.forwardedTo], roles: [], reason: 'assigned' };
  return { userIds: [...step.userIds], roles: [...step.roles], reason: 'assigned' };
}

/** The approvals a step needs before it is done. */
function isApproved(step: Step, approvals: readonly string[]): boolean {
  switch (step.rule) {
    case 'any':
      return approvals.length >= 1;
    case 'atLeast':
      return approvals.length >= Math.max(1, step.minApprovers);
    case 'all':
      // Every named user; a step of roles only cannot list "all", so one of them does.
      return step.userIds.length === 0
        ? approvals.length >= 1
        : step.userIds.every((id) => approvals.includes(id));
  }
}

function moveTo(workflow: Workflow, state: DocumentState, standing: Standing): Outcome {
  const next: DocumentState = {
    ...state,
    workflowId: workflow.id,
    standing,
    forwardedTo: null,
    approvals: [],
  };
  return { ok: true, state: next, moved: true, notify: assignedRecipients(workflow, next) };
}

/**
 * Whether the actor may act on the document now: an assignee of its step (the forwarded user
 * after a forward), its submitter while data is supplemented, or an admin; nobody once it is
 * archived or rejected.
 */
export function mayAct(workflow: Workflow, state: DocumentState, actor: Actor): boolean {
  const { standing } = state;
  if (standing.kind === 'archived' || standing.kind === 'rejected') return false;
  if (actor.isAdmin) return true;
  if (standing.kind === 'supplement') return actor.userId === state.submitterId;
  const step = findStep(workflow, standing.stepId);
  if (!step) return false;
  return state.forwardedTo ? state.forwardedTo === actor.userId : isAssignee(step, actor);
}

/**
 * What an action does to a document: its new state, or why it is refused. Only the current
 * assignees act (the forwarded user after a forward, the submitter while data is supplemented);
 * admins may act at any step.
 */
export function act(
  workflow: Workflow,
  state: DocumentState,
  actor: Actor,
  action: Action,
): Outcome {
  const { standing } = state;
  const comment = action.comment?.trim() ?? '';

  if (standing.kind === 'archived' || standing.kind === 'rejected') {
    // A closed document is reopened only by an admin, from the beginning of a workflow.
    if (!actor.isAdmin) return refuse(`errors.wf.closed.${standing.kind}`);
    if (action.result === 'returnToBeginning') return moveTo(workflow, state, enter(workflow));
    if (action.result === 'switchWorkflow') return switchWorkflow(state, action);
    return refuse(`errors.wf.closed.${standing.kind}`);
  }

  const index = workflow.steps.findIndex((s) => s.id === standing.stepId);
  const step = workflow.steps[index];
  if (!step) return refuse('errors.wf.unknownStep');

  if (standing.kind === 'supplement') {
    if (actor.userId !== state.submitterId && !actor.isAdmin)
      return refuse('errors.wf.notSubmitter');
    if (action.result !== 'confirmed' && !actor.isAdmin)
      return refuse('errors.wf.supplementOnlyConfirm');
    if (action.result === 'confirmed')
      return moveTo(workflow, state, { kind: 'step', stepId: step.id });
  } else {
    const allowed = state.forwardedTo
      ? state.forwardedTo === actor.userId
      : isAssignee(step, actor);
    if (!allowed && !actor.isAdmin) return refuse('errors.wf.notAssignee');
  }

  const needsComment =
    ['rejected', 'supplementData'].includes(action.result) ||
    (step.commentRequired && ['returnToBeginning', 'oneStepBack'].includes(action.result));
  if (needsComment && comment === '') return refuse('errors.wf.commentRequired', [action.result]);

  switch (action.result) {
    case 'confirmed': {
      if (state.approvals.includes(actor.userId)) return refuse('errors.wf.alreadyConfirmed');
      const approvals = [...state.approvals, actor.userId];
      // A forwarded step is the forwarded user's alone: their confirm completes it, as an
      // admin's does.
      const decides = actor.isAdmin || state.forwardedTo === actor.userId;
      if (!decides && !isApproved(step, approvals)) {
        return { ok: true, state: { ...state, approvals }, moved: false, notify: null };
      }
      return moveTo(workflow, state, standingAt(workflow, index + 1, 1));
    }
    case 'forwarded': {
      const target = action.forwardTo;
      if (!target) return refuse('errors.wf.forwardToMissing');
      if (!isAssignee(step, target)) return refuse('errors.wf.forwardToNotAssignee');
      if (target.userId === state.forwardedTo) return refuse('errors.wf.alreadyForwarded');
      const next = { ...state, forwardedTo: target.userId, approvals: [] };
      return {
        ok: true,
        state: next,
        moved: false,
        notify: { userIds: [target.userId], roles: [], reason: 'forwarded' },
      };
    }
    case 'returnToBeginning':
      return moveTo(workflow, state, enter(workflow));
    case 'supplementData':
      return moveTo(workflow, state, { kind: 'supplement', stepId: step.id });
    case 'rejected': {
      const next = {
        ...state,
        standing: { kind: 'rejected' } as const,
        forwardedTo: null,
        approvals: [],
      };
      return {
        ok: true,
        state: next,
        moved: true,
        notify: { userIds: [state.submitterId], roles: [], reason: 'rejected' },
      };
    }
    case 'oneStepBack': {
      const back = standingAt(workflow, index - 1, -1);
      // Nothing applies before the first step: there is no step back.
      if (back.kind !== 'step') return refuse('errors.wf.atFirstStep');
      return moveTo(workflow, state, back);
    }
    case 'movedToArchive':
      return moveTo(workflow, state, { kind: 'archived' });
    case 'switchWorkflow':
      return switchWorkflow(state, action);
  }
}

function switchWorkflow(state: DocumentState, action: Action): Outcome {
  const target = action.switchTo;
  if (!target) return refuse('errors.wf.workflowMissing');
  if (target.id === state.workflowId) return refuse('errors.wf.sameWorkflow');
  return moveTo(target, state, enter(target));
}
