import type { WorkflowResultCode } from '@listina/contract';

/** What an action's dialog asks besides the comment: whom to forward to, which workflow. */
export type WorkflowChoice = 'member' | 'workflow';

export interface WorkflowActionKind {
  /** The action's name: its button, dialog title and submit button. */
  labelKey: string;
  /** The server refuses these without a comment (spec §8 "write a comment to say why"). */
  isCommentRequired: boolean;
  choice: WorkflowChoice | null;
}

/** spec §3 workflow result codes as the editor offers them. */
export const WORKFLOW_ACTIONS: Record<WorkflowResultCode, WorkflowActionKind> = {
  confirmed: { labelKey: 'wf.action.confirmed', isCommentRequired: false, choice: null },
  forwarded: { labelKey: 'wf.action.forwarded', isCommentRequired: false, choice: 'member' },
  oneStepBack: { labelKey: 'wf.action.oneStepBack', isCommentRequired: false, choice: null },
  returnToBeginning: {
    labelKey: 'wf.action.returnToBeginning',
    isCommentRequired: false,
    choice: null,
  },
  supplementData: { labelKey: 'wf.action.supplementData', isCommentRequired: true, choice: null },
  rejected: { labelKey: 'wf.action.rejected', isCommentRequired: true, choice: null },
  movedToArchive: { labelKey: 'wf.action.movedToArchive', isCommentRequired: false, choice: null },
  switchWorkflow: {
    labelKey: 'wf.action.switchWorkflow',
    isCommentRequired: false,
    choice: 'workflow',
  },
};

export interface WorkflowMenuItem {
  code: WorkflowResultCode;
  labelKey: string;
  testId: string;
}

/**
 * The menu beside Confirm, in this order. Each item opens its action's dialog, where a
 * comment can be written (required to ask for data or to reject) and a choice made.
 */
export const WORKFLOW_MENU: readonly WorkflowMenuItem[] = [
  {
    code: 'confirmed',
    labelKey: 'wf.action.confirmWithComment',
    testId: 'wf-action-confirmWithComment',
  },
  ...(
    [
      'forwarded',
      'oneStepBack',
      'returnToBeginning',
      'supplementData',
      'rejected',
      'movedToArchive',
      'switchWorkflow',
    ] as const
  ).map((code) => ({
    code,
    labelKey: WORKFLOW_ACTIONS[code].labelKey,
    testId: `wf-action-${code}`,
  })),
];
