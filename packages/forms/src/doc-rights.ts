/**
 * What a user may do with a document now (issue 6, spec §4 and §6, docs/roles.md): one rule
 * the server refuses by and the web offers by (issue 24), so that nothing is offered that is
 * then refused. Pure: the caller says who the user is and where the document stands.
 */

/** The user, from their roles in the active organisation. */
export interface DocActor {
  /** orgadmin, sysadmin or support (spec §6). */
  isAdmin: boolean;
  /** Holds one of the doc table's write roles, or is an admin. */
  canWriteDocs: boolean;
  /** dataentryextended: corrects a document at any workflow step. */
  isExtendedDataEntry: boolean;
}

/** A document as the rules see it. */
export interface DocStanding {
  /** draft, active, archived or rejected. */
  status: unknown;
  /**
   * It waits for this user now (issue 6 "my tasks"): an assignee of its step, the user it was
   * forwarded to, or its submitter while data is supplemented.
   */
  isMyTask: boolean;
}

/** Where a document stands in its workflow, which confirming also asks (the list's row facts). */
export interface DocWorkflowStanding extends DocStanding {
  /** It is at a step or waits for data: a workflow is there to confirm in. */
  isInWorkflow: boolean;
  /** This user confirmed its current step already (a step several approvers must confirm). */
  isConfirmedByMe: boolean;
}

/** Why a document is locked for a user: closed (409), or a step not theirs (403). */
export type DocLock = 'archived' | 'rejected' | 'notYourStep';

/**
 * Who may change a document (its fields, cost lines and files, or delete it) by its status,
 * past the doc table's write roles: a draft anyone who writes documents; an active one admins,
 * dataentryextended and whoever has it as a task; an archived or rejected one admins only.
 */
export function docLock(doc: DocStanding, actor: DocActor): DocLock | undefined {
  if (actor.isAdmin) return undefined;
  switch (doc.status) {
    case 'archived':
      return 'archived';
    case 'rejected':
      return 'rejected';
    case 'active':
      return actor.isExtendedDataEntry || doc.isMyTask ? undefined : 'notYourStep';
    default:
      return undefined;
  }
}

/** Changing the document's fields or files, or deleting it. */
export const canChangeDoc = (doc: DocStanding, actor: DocActor): boolean =>
  actor.canWriteDocs && docLock(doc, actor) === undefined;

/** Deleting it: as changing it (a kept, archived document is an admin's to delete). */
export const canDeleteDoc = canChangeDoc;

/**
 * Activating it (POST /api/doc/activate): drafts only, by whoever writes documents. Whether it
 * is complete for its type is its data's question, answered when activated.
 */
export const canActivateDoc = (doc: Pick<DocStanding, 'status'>, actor: DocActor): boolean =>
  actor.canWriteDocs && doc.status === 'draft';

/**
 * Confirming it at its workflow step (spec §6 act): an active document in a workflow, by an
 * admin or whoever has it as a task now, once per step and user.
 */
export const canConfirmDoc = (doc: DocWorkflowStanding, actor: DocActor): boolean =>
  doc.status === 'active' &&
  doc.isInWorkflow &&
  !doc.isConfirmedByMe &&
  (actor.isAdmin || doc.isMyTask);
