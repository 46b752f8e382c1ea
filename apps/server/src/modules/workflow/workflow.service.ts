import type {
  NotificationKind,
  TableRecord,
  WorkflowBulkExtras,
  WorkflowExtras,
  WorkflowLogEntry,
  WorkflowResultCode,
} from '@listina/contract';
import { DEFAULT_LOCALE } from '@listina/contract';
import { evaluateCondition } from '@listina/forms';
import type { Db } from '../../db/create-db';
import { inScope, type Trx } from '../../db/scope';
import { AppError, type MessageSpec } from '../../lib/errors';
import { isAdmin } from '../../plugins/context';
import { translate, type Locale } from '../../plugins/i18n';
import type { Journal } from '../tables/journal';
import type { StateDecision } from '../tables/state-change';
import { doc as docEntity } from '../tables/entities/doc';
import { canWrite, type TableScope, type TablesService } from '../tables/tables.service';
import { duplicateWarnings } from '../documents/duplicates';
import { docLocks } from './edit-rights';
import { movedOn, versionsByKey } from './moved-on';
import type { NotificationEvents } from './notification-events';
import {
  act,
  APPROVAL_TILE,
  assignedRecipients,
  enter,
  mayAct,
  tileOf,
  type Actor,
  type DocumentState,
  type Outcome,
  type Standing,
  type Workflow,
} from './state-machine';
import {
  findMember,
  insertLogLine,
  insertNotifications,
  participantIds,
  loadWorkflows,
  readLog,
  recipientIds,
  workflowFor,
  type StoredWorkflow,
} from './workflow.repository';

/** The table engine's refusal of a write to a record changed since it was read. */
const CHANGED_MEANWHILE = 'errors.changedMeanwhile';
const isChangedMeanwhile = (error: unknown) =>
  error instanceof AppError &&
  error.statusCode === 409 &&
  error.errors.some((e) => e.code === CHANGED_MEANWHILE);

/** What an action carries on each document: the version seen is checked per document. */
type ActionExtras = Omit<WorkflowExtras, 'version'>;

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

/** The log's result of entering a workflow (not a result code a user posts). */
export const ACTIVATED = 'activated';

const actorOf = (scope: TableScope): Actor => ({
  userId: scope.user.id,
  roles: scope.organization.roles,
  isAdmin: isAdmin(scope.organization.roles),
});

/** The state machine's workflow for one document: each step's condition evaluated on it. */
function machineWorkflow(
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

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** Where a document stands, from its columns; undefined when it is in no workflow. */
function stateOf(doc: TableRecord): DocumentState | undefined {
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
function valuesOf(workflow: Workflow, state: DocumentState, moved: boolean, doc: TableRecord) {
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

const secondsSince = (at: unknown) => {
  if (typeof at !== 'string' && !(at instanceof Date)) return null;
  const time = new Date(at).getTime();
  return Number.isNaN(time) ? null : Math.max(0, Math.round((Date.now() - time) / 1000));
};

/** Users told of an action, once it committed (server-sent events). */
interface Told {
  organizationId: string;
  userIds: Set<string>;
}

export function createWorkflowService(db: Db, tables: TablesService, events: NotificationEvents) {
  // An undo of an action removes its notifications: the open streams of the organisation
  // count again (an undo names no users; it is rare, and each stream counts once).
  tables.onUndone((organizationId, changed) => {
    if (changed.includes('notification')) events.changedAll(organizationId);
  });

  /** The organisation's workflows, read once per call (in its transaction). */
  function workflowsOnce(organizationId: string) {
    let loaded: Promise<Map<string, StoredWorkflow>> | undefined;
    return (trx: Trx) => (loaded ??= loadWorkflows(trx, organizationId));
  }

  /** Writes the log line and the notifications of an outcome, journaled with the action. */
  async function record(
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

  /**
   * The decision of an action on one document, taken at the version the user saw (issue 22):
   * a document changed since is refused with where it stands now, not acted on again.
   */
  async function decideAction(
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
      ...(NOT_YOURS.includes(code)
        ? { status: 403 }
        : NOT_NOW.includes(code)
          ? { status: 409 }
          : {}),
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
        (w) =>
          w.isActive && (w.id === wanted || w.key === wanted || w.code.toLowerCase() === wanted),
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
      action.switchTo && outcome.state.workflowId === action.switchTo.id
        ? action.switchTo
        : workflow;
    return {
      values: valuesOf(landed, outcome.state, outcome.moved, doc),
      warnings,
      after: (writer, journal) =>
        record(
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

  /** Where a document stands now, read afresh: the refusal of an action it has moved on from. */
  async function movedOnNow(scope: TableScope, key: string, locale: Locale) {
    const doc = await tables.read('doc', scope, key);
    const workflows = await inScope(
      db,
      { userId: scope.user.id, organizationId: scope.organization.id },
      (trx) => loadWorkflows(trx, scope.organization.id),
    );
    return movedOn(doc, workflows, locale);
  }

  const newTold = (): Told => ({ organizationId: '', userIds: new Set() });
  const tell = (told: Told) => {
    if (told.userIds.size > 0) events.changed(told.organizationId, [...told.userIds]);
  };

  return {
    /**
     * The decision that activates a document (POST /api/doc/activate): it enters the workflow
     * of its type (or for any type) at the first step that applies, and the step's assignees
     * are told. With no workflow it is active and stays where it is.
     */
    activationDecider(scope: TableScope) {
      const workflows = workflowsOnce(scope.organization.id);
      const told = newTold();
      const decide = async (doc: TableRecord, trx: Trx): Promise<StateDecision> => {
        const stored = workflowFor(
          await workflows(trx),
          text(doc.documentTypeId),
          text(doc.preferredWorkflowId),
        );
        if (!stored) return { values: { status: 'active' } };
        const workflow = machineWorkflow(stored, doc, scope.locale);
        const state: DocumentState = {
          workflowId: workflow.id,
          standing: enter(workflow),
          submitterId: scope.user.id,
          forwardedTo: null,
          approvals: [],
        };
        const outcome: Extract<Outcome, { ok: true }> = {
          ok: true,
          state,
          moved: true,
          notify: assignedRecipients(workflow, state),
        };
        return {
          values: valuesOf(workflow, state, true, doc),
          after: (trx2, journal) =>
            record(
              trx2,
              journal,
              scope,
              doc,
              {
                resultCode: ACTIVATED,
                comment: null,
                before: { workflow: null, state: undefined },
                after: { workflow, outcome },
              },
              told,
            ),
        };
      };
      return { decide, done: () => tell(told) };
    },

    /**
     * spec §7 POST /api/wf/action/{id}: one document, at the version the user saw; refused
     * with its reason (400, 403, 409).
     */
    async action(
      scope: TableScope,
      key: string,
      result: WorkflowResultCode,
      extras: WorkflowExtras,
      locale: Locale,
      ignoreWarnings = false,
    ) {
      const workflows = workflowsOnce(scope.organization.id);
      const told = newTold();
      const { version: seen, ...rest } = extras;
      const taken = { result, extras: rest, seen, locale };
      let done;
      try {
        done = await tables.changeState(
          'doc',
          scope,
          [key],
          (doc, trx) => decideAction(trx, scope, doc, taken, workflows, told),
          { callerDecidesRights: true, ignoreWarnings },
        );
      } catch (error) {
        // Another request moved it on between our read and our write (PostgreSQL).
        if (!isChangedMeanwhile(error)) throw error;
        throw new AppError(409, [await movedOnNow(scope, key, locale)]);
      }
      tell(told);
      const item = done.items[0];
      if (!item) throw new Error('the workflow action changed no document');
      return { item, undoId: done.undoId };
    },

    /**
     * spec §7 POST /api/wf/actions/: each document checked on its own, at the version the user
     * saw (extras.versions); those refused are reported with their reasons and the others
     * acted on, with one undo for them all.
     */
    async actions(
      scope: TableScope,
      keys: string[],
      result: WorkflowResultCode,
      extras: WorkflowBulkExtras,
      locale: Locale,
      ignoreWarnings = false,
    ) {
      const workflows = workflowsOnce(scope.organization.id);
      const told = newTold();
      const { versions, ...rest } = extras;
      const seen = versionsByKey(versions);
      const done = await tables.changeState(
        'doc',
        scope,
        keys,
        (doc, trx) =>
          decideAction(
            trx,
            scope,
            doc,
            { result, extras: rest, seen: seen.get(String(doc.key)), locale },
            workflows,
            told,
          ),
        { partial: true, callerDecidesRights: true, ignoreWarnings },
      );
      tell(told);
      const byKey = new Map(done.items.map((item) => [String(item.key), item]));
      const refusedByKey = new Map(done.refused.map((r) => [r.key, r]));
      const message = (m: MessageSpec) => ({
        code: m.code,
        msg: translate(locale, m.code, m.parameters ?? []),
      });
      const items = [];
      for (const documentKey of new Set(keys)) {
        const item = byKey.get(documentKey) ?? byKey.get(documentKey.toLowerCase());
        if (item) {
          items.push({ documentKey, ok: true, item });
          continue;
        }
        const refused =
          refusedByKey.get(documentKey) ?? refusedByKey.get(documentKey.toLowerCase());
        let problems = refused?.problems ?? [];
        // Moved on between our read and our write (PostgreSQL): said as any other move.
        if (problems.some((p) => p.code === CHANGED_MEANWHILE))
          problems = [await movedOnNow(scope, documentKey, locale)];
        items.push({
          documentKey,
          ok: false,
          errors: problems.map(message),
          ...(refused?.warnings ? { warnings: refused.warnings.map(message) } : {}),
        });
      }
      return {
        items,
        done: done.items.length,
        refused: done.refused.length,
        undoId: done.items.length > 0 ? done.undoId : null,
      };
    },

    /** GET /api/wf/{id}/log: a document's log lines, oldest first. */
    async log(
      scope: TableScope,
      key: string,
      locale: Locale,
    ): Promise<{ items: WorkflowLogEntry[]; canAct: boolean; canEdit: boolean }> {
      const doc = await tables.read('doc', scope, key);
      const { rows, canAct, canEdit } = await inScope(
        db,
        { userId: scope.user.id, organizationId: scope.organization.id },
        async (trx) => {
          const state = stateOf(doc);
          const stored = state
            ? (await loadWorkflows(trx, scope.organization.id, [state.workflowId])).get(
                state.workflowId,
              )
            : undefined;
          const [lock] = await docLocks([doc], {
            trx,
            userId: scope.user.id,
            roles: scope.organization.roles,
          });
          return {
            canEdit: canWrite(docEntity, scope.organization.roles) && lock === undefined,
            rows: await readLog(trx, scope.organization.id, String(doc.id)),
            canAct:
              doc.status === 'active' && state !== undefined && stored !== undefined
                ? mayAct(machineWorkflow(stored, doc), state, actorOf(scope))
                : false,
          };
        },
      );
      const place = (name: string | null, tile: string | null) =>
        name || (tile ? translate(locale, `tiles.${tile}`) : null);
      return {
        canAct,
        canEdit,
        items: rows.map((row) => ({
          key: row.key,
          at: row.at.toISOString(),
          user: row.display_name,
          userName: row.user_name,
          resultCode: row.result_code,
          result: translate(locale, `wf.result.${row.result_code}`),
          comment: row.comment,
          fromTile: row.from_tile,
          toTile: row.to_tile,
          from: place(row.from_step_name, row.from_tile),
          to: place(row.to_step_name, row.to_tile),
          fromWorkflow: row.from_workflow_name,
          toWorkflow: row.to_workflow_name,
          secondsInStep: row.seconds_in_step,
        })),
      };
    },
  };
}
export type WorkflowService = ReturnType<typeof createWorkflowService>;
