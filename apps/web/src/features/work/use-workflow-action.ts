import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WorkflowResultCode } from '@listina/contract';
import { isApiRequestError } from '../../api/api-error';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { invalidateTables, tableQueryKey } from '../../schema-ui/api';
import { isWarningsOnly } from '../../schema-ui/form/server-messages';
import { useUndo } from '../../schema-ui/undo/undo-context';
import { DOC_TABLE } from './doc-api';
import { takeWorkflowAction, type WorkflowActionExtras } from './workflow-api';

interface WorkflowActionInput {
  documentKey: string;
  /** The version the user sees: a document moved on by someone else meanwhile answers 409. */
  version: number | undefined;
  /** Shows the document afresh (its cached copy is already the one the action answered). */
  onDone: () => void;
}

export interface WorkflowFailure {
  text: string;
  /** 409: someone else moved the document on; reloading shows where it stands now. */
  isConflict: boolean;
}

/** spec §4: an action answered with warnings only, to take again ignoring them or not. */
export interface WorkflowWarnings {
  /** The server's answer, formatted (warnings after the info prefix). */
  text: string;
  code: WorkflowResultCode;
  extras: WorkflowActionExtras;
}

/**
 * A document's workflow actions (POST /api/wf/action/{id}): the open dialog, if any, and the
 * call with the document's version. After an action the document shows as answered, the
 * lists, tiles and log refresh, and undo is offered; a refusal keeps the server's message.
 * Warnings only (a suspected duplicate) ask whether to take the same action anyway.
 */
export function useWorkflowAction({ documentKey, version, onDone }: WorkflowActionInput) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const [dialog, setDialog] = useState<WorkflowResultCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<WorkflowFailure | null>(null);
  const [warnings, setWarnings] = useState<WorkflowWarnings | null>(null);

  const run = async (
    code: WorkflowResultCode,
    extras: WorkflowActionExtras = {},
    ignoreWarnings = false,
  ) => {
    setFailure(null);
    setWarnings(null);
    // Issue 22: an action names the version it was taken on; without one it is not sent.
    if (version === undefined) {
      setFailure({ text: t('validation.wf.versionRequired'), isConflict: true });
      return;
    }
    setBusy(true);
    try {
      const result = await takeWorkflowAction(
        documentKey,
        code,
        { ...extras, version },
        ignoreWarnings,
      );
      // As after a save: the editor opens afresh on the answer, not on the copy read before.
      queryClient.setQueryData(tableQueryKey(DOC_TABLE, 'record', result.item.key), result.item);
      undo.offer({ undoIds: [result.undoId], kind: 'other', tables: [DOC_TABLE] });
      setDialog(null);
      void invalidateTables(queryClient, [DOC_TABLE]);
      onDone();
    } catch (error) {
      if (isWarningsOnly(error)) {
        setWarnings({ text: formatApiError(error, t), code, extras });
        return;
      }
      const isConflict = isApiRequestError(error) && error.status === 409;
      setFailure({ text: formatApiError(error, t), isConflict });
    } finally {
      setBusy(false);
    }
  };

  return {
    documentKey,
    dialog,
    busy,
    failure,
    warnings,
    run,
    /** Continue anyway: the same action with the same extras, ignoring warnings. */
    continueAnyway: () => {
      if (warnings) void run(warnings.code, warnings.extras, true);
    },
    dismissWarnings: () => setWarnings(null),
    open: (code: WorkflowResultCode) => {
      setFailure(null);
      setWarnings(null);
      setDialog(code);
    },
    close: () => {
      setFailure(null);
      setWarnings(null);
      setDialog(null);
    },
  };
}

export type WorkflowActionState = ReturnType<typeof useWorkflowAction>;
