import type {
  TableRecord,
  WorkflowBulkExtras,
  WorkflowExtras,
  WorkflowLogEntry,
  WorkflowResultCode,
} from '@listina/contract';
import type { Db } from '../../db/create-db';
import { inScope, type Trx } from '../../db/scope';
import { AppError, type MessageSpec } from '../../lib/errors';
import { translate, type Locale } from '../../plugins/i18n';
import type { StateDecision } from '../tables/state-change';
import { doc as docEntity } from '../tables/entities/doc';
import { canWrite, type TableScope, type TablesService } from '../tables/tables.service';
import { CHANGED_MEANWHILE, decideAction, isChangedMeanwhile } from './decide-action';
import { actorOf, machineWorkflow, stateOf, text, valuesOf } from './doc-state';
import { docLocks } from './edit-rights';
import { movedOn, versionsByKey } from './moved-on';
import type { NotificationEvents } from './notification-events';
import { recordOutcome, type Told } from './record-outcome';
import {
  assignedRecipients,
  enter,
  mayAct,
  type DocumentState,
  type Outcome,
} from './state-machine';
import { loadWorkflows, readLog, workflowFor, type StoredWorkflow } from './workflow.repository';

/**
 * The workflow's service (spec §7): activation into a workflow, actions on one document or
 * many, and a document's log. What an action decides is in decide-action.ts, what it writes
 * beside the document (log line, notifications) in record-outcome.ts, and how a document's
 * columns map to the state machine in doc-state.ts.
 */

/** The log's result of entering a workflow (not a result code a user posts). */
export const ACTIVATED = 'activated';

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
            recordOutcome(
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
