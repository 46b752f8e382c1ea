import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableRecord } from '@listina/contract';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { fetchRecord, invalidateTables, tableQueryKey } from '../../schema-ui/api';
import { useEditDialog } from '../../schema-ui/dialogs/use-edit-dialog';
import { isWarningsOnly } from '../../schema-ui/form/server-messages';
import { useUndo } from '../../schema-ui/undo/undo-context';
import {
  activateDocuments,
  DOC_TABLE,
  previewQueryKey,
  uploadDocument,
  type UploadFiles,
} from './doc-api';

interface DocEditorInput {
  organizationId: string;
  /** The document's key; none on a new document (spec §4 create mode). */
  itemId: string | undefined;
  /** Shows the document afresh from the server (after a save or an activation). */
  onReload: () => void;
}

/**
 * The document editor's data and actions: the edit dialog's machinery (schema, record or
 * default model, save with the warnings round trip and undo) used as a page, plus the upload
 * of a new document with its files and the activation of a draft.
 */
export function useDocEditor({ organizationId, itemId, onReload }: DocEditorInput) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const isCreate = itemId === undefined;
  const openDocument = (key: string) =>
    void navigate(`/o/${organizationId}/work/edit/${key}`, { replace: true });
  /**
   * The editor opens afresh on the record the save answered. A remount takes the record's
   * cached copy as its model at once, and until the refetch lands that is the copy read before
   * the save: shown, and saved again with its old version (a 409).
   */
  const showSaved = (record: TableRecord) => {
    queryClient.setQueryData(tableQueryKey(DOC_TABLE, 'record', record.key), record);
    onReload();
  };
  const editor = useEditDialog({
    table: DOC_TABLE,
    key: itemId,
    writeable: true,
    onSaved: (record) => (isCreate ? openDocument(record.key) : showSaved(record)),
  });
  const { state, dispatch, formRef } = editor;
  /** What Continue anyway repeats after warnings (spec §4): the save, upload or activation. */
  const [retry, setRetry] = useState<
    { kind: 'save' } | { kind: 'upload'; files: UploadFiles } | { kind: 'activate' }
  >({ kind: 'save' });

  const failed = (error: unknown) => {
    if (isWarningsOnly(error))
      dispatch({ type: 'saveWarned', error, text: formatApiError(error, t) });
    else dispatch({ type: 'saveFailed', error });
  };

  const save = (ignoreWarnings = false) => {
    setRetry({ kind: 'save' });
    return editor.save({ ignoreWarnings });
  };

  /** spec §7 uploadDoc: the files and the form's values make the new draft, then it opens. */
  const upload = async (files: UploadFiles, ignoreWarnings = false) => {
    const model = state.model;
    if (!model) return;
    setRetry({ kind: 'upload', files });
    if (!ignoreWarnings && !(formRef.current?.validate() ?? true)) return;
    dispatch({ type: 'saveStarted', addAnother: false });
    try {
      const result = await uploadDocument(files, model, ignoreWarnings);
      undo.offer({ undoIds: [result.undoId], kind: 'other', tables: [DOC_TABLE] });
      void invalidateTables(queryClient, [DOC_TABLE]);
      // The answer carries the new document's files: its preview needs no second call.
      queryClient.setQueryData(previewQueryKey(result.item.key), result.preview);
      openDocument(result.item.key);
    } catch (error) {
      failed(error);
    }
  };

  /**
   * POST /api/doc/activate of this draft; what is missing shows on the form's fields, and a
   * suspected duplicate (warnings only) asks whether to activate anyway.
   */
  const activate = async (ignoreWarnings = false) => {
    if (itemId === undefined) return;
    setRetry({ kind: 'activate' });
    dispatch({ type: 'saveStarted', addAnother: false });
    try {
      const result = await activateDocuments([itemId], ignoreWarnings);
      undo.offer({ undoIds: [result.undoId], kind: 'other', tables: [DOC_TABLE] });
      await invalidateTables(queryClient, [DOC_TABLE]);
      onReload();
    } catch (error) {
      failed(error);
    }
  };

  useShowNewerCopy(itemId, state, onReload);

  const continueAnyway = () => {
    switch (retry.kind) {
      case 'upload':
        return upload(retry.files, true);
      case 'activate':
        return activate(true);
      case 'save':
        return save(true);
    }
  };

  return { ...editor, isCreate, save, upload, activate, continueAnyway };
}

/**
 * Where the document's data capture stands (issue 7). A capture that fills no field keeps the
 * version, yet its outcome (failed, or values to check) is for the editor to show.
 */
const captureStampOf = (record: Record<string, unknown>) =>
  JSON.stringify([record.captureState ?? null, record.capturedAt ?? null]);

/**
 * The form keeps the copy it loaded (later refetches never overwrite edits). When a refetch
 * brings another version of the document, e.g. after an undo of an activation or a workflow
 * action, or another stage of its capture, an editor without edits or questions shows it
 * afresh, so that its status, step, actions and captured values are those of the document as
 * it now is.
 */
function useShowNewerCopy(
  itemId: string | undefined,
  state: {
    original: Record<string, unknown> | null;
    busy: boolean;
    dirty: boolean;
    prompt: unknown;
  },
  onReload: () => void,
) {
  const cached = useQuery({
    queryKey: tableQueryKey(DOC_TABLE, 'record', itemId ?? ''),
    queryFn: ({ signal }) => fetchRecord(DOC_TABLE, itemId ?? '', signal),
    enabled: itemId !== undefined,
    gcTime: 0,
  });
  const cachedVersion = cached.data?.version;
  const shownVersion = state.original?.version;
  const isIdle = !state.busy && !state.dirty && state.prompt === null;
  const isOutdated =
    isIdle &&
    cached.data !== undefined &&
    state.original !== null &&
    cachedVersion !== undefined &&
    shownVersion !== undefined &&
    (cachedVersion !== shownVersion ||
      captureStampOf(cached.data) !== captureStampOf(state.original));
  useEffect(() => {
    if (isOutdated) onReload();
  }, [isOutdated, onReload]);
}
