import { useQuery } from '@tanstack/react-query';
import {
  workflowRoutes,
  type WorkflowBulkExtras,
  type WorkflowExtras,
  type WorkflowResultCode,
} from '@listina/contract';
import { callApi } from '../../api/client';
import { tableQueryKey } from '../../schema-ui/api';
import { DOC_TABLE, ignoring } from './doc-api';

/**
 * The workflow calls of spec §7. The log lives under the doc table's key, so that an action,
 * a save or an undo of a document refreshes it with the lists and the tiles.
 */

/** What the user gives an action (comment, member, workflow); the version is added to it. */
export type WorkflowActionExtras = Omit<WorkflowExtras, 'version'>;

/**
 * POST /api/wf/action/{id}: one document at the version the user sees (extras.version: one
 * moved on since answers 409 instead of being acted on again), as an assignee of its step;
 * undoable. Confirming a suspected duplicate answers warnings only, unless asked again
 * ignoring them.
 */
export function takeWorkflowAction(
  documentKey: string,
  workflowStepResultCode: WorkflowResultCode,
  extras: WorkflowExtras,
  ignoreWarnings = false,
) {
  return callApi(workflowRoutes.action, {
    params: { id: documentKey },
    query: ignoring(ignoreWarnings),
    body: { workflowStepResultCode, extras },
  });
}

/**
 * POST /api/wf/actions/: each document checked on its own, at the version the user sees
 * (extras.versions by key); one undo for those acted on. A suspected duplicate is refused
 * with its warnings, unless asked again ignoring them.
 */
export function takeWorkflowActions(
  documentKeys: string[],
  workflowStepResultCode: WorkflowResultCode,
  extras: WorkflowBulkExtras,
  ignoreWarnings = false,
) {
  return callApi(workflowRoutes.actions, {
    query: ignoring(ignoreWarnings),
    body: { documentKeys, workflowStepResultCode, extras },
  });
}

/** GET /api/doc/{id}/wflog, oldest first as the server answers. */
export function useWorkflowLog(documentKey: string, enabled: boolean) {
  return useQuery({
    queryKey: tableQueryKey(DOC_TABLE, 'wflog', documentKey),
    queryFn: ({ signal }) =>
      callApi(workflowRoutes.docLog, { params: { id: documentKey }, signal }),
    enabled,
  });
}
