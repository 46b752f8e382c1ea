import { use, useReducer, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Model } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { useUnsavedChanges } from '../../app/leave-guard';
import {
  deleteRecords,
  fetchDefaultModel,
  fetchRecord,
  invalidateTables,
  saveRecord,
  tableQueryKey,
  useSchema,
} from '../api';
import type { SchemaFormHandle } from '../form/schema-form';
import { isWarningsOnly } from '../form/server-messages';
import { UndoContext } from '../undo/undo-context';
import type { EditDialogParams } from './dialog-context';
import { editDialogReducer, initialEditState } from './edit-dialog-state';

/** spec §5: the caller's hook blocks saving with anything but true or nothing. */
export function hookErrorsOf(result: ReturnType<NonNullable<EditDialogParams['validate']>>) {
  if (result === true || result === undefined) return [];
  return (Array.isArray(result) ? result : [result]).filter((text) => text !== '');
}

/**
 * The edit dialog's data and actions (spec §2, §4): loads the schema and the record (or the
 * default model on create, with initialModel laid over), saves with the warnings round trip,
 * deletes, and offers undo for both.
 */
export function useEditDialog(params: EditDialogParams) {
  const { table, key } = params;
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const undo = use(UndoContext);
  const isCreate = key === undefined || key === '' || params.append === true;
  const [state, dispatch] = useReducer(
    editDialogReducer,
    { create: isCreate, writeable: params.writeable },
    initialEditState,
  );
  const formRef = useRef<SchemaFormHandle>(null);
  // Leaving the page (a link, back, reload, closing the tab) asks first while it has changes;
  // not while a save runs, whose answer may open the saved record elsewhere.
  useUnsavedChanges(state.mode !== 'closed' && state.dirty && !state.busy);
  const schema = useSchema(table);
  const source = useQuery({
    queryKey: tableQueryKey(table, isCreate ? 'defaultModel' : 'record', isCreate ? '' : key),
    queryFn: async ({ signal }): Promise<Model> =>
      isCreate ? fetchDefaultModel(table, signal) : fetchRecord(table, key ?? '', signal),
    // A dialog always opens on the record as it is now, never on an earlier copy.
    gcTime: 0,
  });

  // The first answer becomes the dialog's model; later refetches never overwrite edits.
  if (state.original === null && source.data && state.mode !== 'closed') {
    const model = isCreate ? { ...source.data, ...params.initialModel } : source.data;
    dispatch({ type: 'loaded', model });
  }

  const startNewRecord = async () => {
    try {
      dispatch({ type: 'newRecord', model: await fetchDefaultModel(table) });
    } catch (error) {
      dispatch({ type: 'saveFailed', error });
    }
  };

  const save = async (options: { ignoreWarnings?: boolean; addAnother?: boolean } = {}) => {
    const model = state.model;
    if (!model) return;
    const addAnother = options.addAnother ?? false;
    if (!options.ignoreWarnings) {
      const formValid = formRef.current?.validate() ?? true;
      const hookErrors = hookErrorsOf(params.validate?.(model));
      dispatch({ type: 'blocked', errors: hookErrors });
      if (!formValid || hookErrors.length > 0) return;
    }
    dispatch({ type: 'saveStarted', addAnother });
    try {
      const result = await saveRecord(table, model, options.ignoreWarnings);
      void invalidateTables(queryClient, [table]);
      undo?.offer({ undoIds: [result.undoId], kind: 'other', tables: [table] });
      dispatch({ type: 'saved', record: result.item });
      params.onSaved?.(result.item);
      if (addAnother) await startNewRecord();
    } catch (error) {
      if (isWarningsOnly(error)) {
        dispatch({ type: 'saveWarned', error, text: formatApiError(error, t) });
      } else {
        dispatch({ type: 'saveFailed', error });
      }
    }
  };

  /** spec §2 add another: save what changed, then start a new record. */
  const addAnother = async () => {
    const hasChanges = state.mode === 'create' || (state.mode === 'edit' && state.dirty);
    if (hasChanges) await save({ addAnother: true });
    else await startNewRecord();
  };

  /** spec §4, §8: a delete answered with warnings only asks, then repeats ignoring them. */
  const remove = async (options: { ignoreWarnings?: boolean } = {}) => {
    const recordKey = typeof state.model?.key === 'string' ? state.model.key : key;
    if (recordKey === undefined) return;
    dispatch({ type: 'deleteStarted' });
    try {
      const result = await deleteRecords(table, [recordKey], options.ignoreWarnings);
      void invalidateTables(queryClient, [table]);
      undo?.offer({ undoIds: [result.undoId], kind: 'delete', tables: [table] });
      dispatch({ type: 'deleted' });
    } catch (error) {
      if (isWarningsOnly(error)) dispatch({ type: 'deleteWarned', text: formatApiError(error, t) });
      else dispatch({ type: 'deleteFailed', error });
    }
  };

  return {
    state,
    dispatch,
    isCreate,
    formRef,
    schema: schema.data,
    loadError: schema.error ?? source.error,
    save,
    addAnother,
    remove,
    requestClose: () =>
      dispatch({ type: 'closeRequested', warnOnCancel: params.warnOnCancel !== false }),
  };
}
