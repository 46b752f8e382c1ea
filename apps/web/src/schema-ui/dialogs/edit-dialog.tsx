import { Suspense, use, useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { formatApiError } from '../../api/format-error';
import { PREVIEW_DIALOG_MAX_WIDTH, SCHEMA_DIALOG_MAX_WIDTH } from '../../app/constants';
import { useI18n, type TFunction } from '../../app/i18n';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { useTableRights } from '../api';
import { SchemaForm } from '../form/schema-form';
import { ConfirmDialog } from './confirm-dialog';
import type { EditDialogParams, EditDialogResult } from './dialog-context';
import { recordDialogTitle } from './dialog-title';
import { EditDialogHeader } from './edit-dialog-header';
import { FormActionBar } from './form-actions';
import { RecordPreviewContext } from './record-preview';
import { canSave, type Prompt } from './edit-dialog-state';
import { StackedDialog } from './stacked-dialog';
import { useEditDialog } from './use-edit-dialog';
import { WarningsDialog } from './warnings-dialog';

export interface EditDialogProps {
  params: EditDialogParams;
  /** Dialogs stacked above this one. */
  depth: number;
  /** Called once the dialog has closed, with what happened to the record. */
  onDone: (result: EditDialogResult) => void;
}

/** The question a prompt other than warnings asks, worded for the confirm dialog. */
function promptTexts(prompt: Exclude<Prompt, { kind: 'warnings' }>, t: TFunction) {
  const cancelText = t('schemaForm.dialog.cancel');
  switch (prompt.kind) {
    case 'discard':
      return {
        title: t('schemaForm.dialog.unsavedTitle'),
        text: t('common.discardChanges'),
        confirmText: t('schemaForm.dialog.discard'),
        cancelText,
        danger: true,
      };
    case 'delete':
      return {
        title: t('schemaForm.dialog.delete'),
        text: t('schemaForm.dialog.deleteConfirm'),
        confirmText: t('schemaForm.dialog.delete'),
        cancelText,
        danger: true,
      };
  }
}

/**
 * spec §2 edit dialog: a schema form in view mode (locked), edit mode (unlocked) or create
 * mode, with lock, add another, delete, preview, save and cancel.
 */
export function EditDialog({ params, depth, onDone }: EditDialogProps) {
  const { t, has, locale } = useI18n();
  const titleId = useId();
  const { state, dispatch, schema, formRef, loadError, save, addAnother, remove, requestClose } =
    useEditDialog(params);
  const canShowPreview = schema?.options?.canShowPreview === true;
  const hasRecord = state.mode === 'view' || state.mode === 'edit';
  // Whoever opened the dialog, it offers only what the user may do with the table (GET /api/cl).
  const rights = useTableRights(params.table);
  const canUnlock = params.canUnlock !== false && rights?.canWrite === true;

  const onPromptConfirm = () => {
    switch (state.prompt?.kind) {
      case 'delete':
        return void remove();
      case 'warnings':
        return state.prompt.retry === 'delete'
          ? void remove({ ignoreWarnings: true })
          : void save({ ignoreWarnings: true, addAnother: state.addAnother });
      case 'discard':
      case undefined:
        return dispatch({ type: 'promptConfirmed' });
    }
  };
  // spec §2 eye: the record's files, when the app gives a preview and the record is stored.
  const renderPreview = use(RecordPreviewContext);
  const recordKey = typeof state.model?.key === 'string' ? state.model.key : undefined;
  const previewKey = state.previewing && hasRecord ? recordKey : undefined;
  const togglePreview = () => {
    params.onPreview?.(!state.previewing, state.model ?? {});
    dispatch({ type: 'previewToggled' });
  };

  let content;
  if (loadError) {
    content = (
      <MessageAlert message={formatApiError(loadError, t)} testId="edit-dialog-load-error" />
    );
  } else if (!schema || !state.model) {
    content = <CenteredProgress label={t('schemaForm.dialog.loading')} />;
  } else {
    content = (
      <SchemaForm
        key={state.generation}
        ref={formRef}
        schema={schema}
        model={state.model}
        onChange={(model) => dispatch({ type: 'changed', model })}
        readonly={state.mode === 'view' || state.busy}
        serverError={state.serverError}
        validations={state.model.validations}
        extraErrors={state.hookErrors}
        handlers={params.handlers}
        testId="edit-dialog-form"
      />
    );
  }
  const onPromptCancel = () => dispatch({ type: 'promptDismissed' });
  let prompt = null;
  if (state.prompt?.kind === 'warnings') {
    prompt = (
      <WarningsDialog
        text={state.prompt.text}
        onContinue={onPromptConfirm}
        onCancel={onPromptCancel}
        testId="edit-dialog-prompt-warnings"
      />
    );
  } else if (state.prompt) {
    prompt = (
      <ConfirmDialog
        open
        {...promptTexts(state.prompt, t)}
        onConfirm={onPromptConfirm}
        onCancel={onPromptCancel}
        testId={`edit-dialog-prompt-${state.prompt.kind}`}
      />
    );
  }

  return (
    <StackedDialog
      open={state.mode !== 'closed'}
      onClose={requestClose}
      onExited={() => {
        if (state.confirmed && state.saved) params.onConfirm?.(state.saved);
        onDone({ saved: state.saved, confirmed: state.confirmed, deleted: state.deleted });
      }}
      maxWidth={state.previewing ? PREVIEW_DIALOG_MAX_WIDTH : SCHEMA_DIALOG_MAX_WIDTH}
      depth={depth}
      labelledBy={titleId}
      testId="edit-dialog"
    >
      <EditDialogHeader
        titleId={titleId}
        title={recordDialogTitle(state, params, schema, t, has, locale)}
        locked={hasRecord && canUnlock ? state.mode === 'view' : null}
        lockEnabled={!state.busy && !state.dirty}
        canAddMore={
          params.canAddMore !== false && state.model !== null && rights?.canCreate === true
        }
        canDelete={params.canDelete !== false && hasRecord && rights?.canDelete === true}
        previewing={canShowPreview ? state.previewing : null}
        busy={state.busy}
        onToggleLock={() => dispatch({ type: state.mode === 'view' ? 'unlock' : 'lock' })}
        onAddAnother={() => void addAnother()}
        onDelete={() => dispatch({ type: 'deleteRequested' })}
        onTogglePreview={togglePreview}
        onClose={requestClose}
      />
      {state.busy ? <LinearProgress /> : <LinearProgress sx={{ visibility: 'hidden' }} />}
      <DialogContent dividers>
        {renderPreview && previewKey ? (
          // spec §2, §9: while previewing, the record's files beside its form (3000 wide).
          <Stack direction="row" sx={{ gap: 2, alignItems: 'stretch', minHeight: '70vh' }}>
            <Box sx={{ flex: '0 1 800px', minWidth: 0 }}>{content}</Box>
            <Box
              sx={{ flex: '1 1 0', minWidth: 0, display: 'flex' }}
              data-testid="edit-dialog-preview-panel"
            >
              <Suspense fallback={<CenteredProgress />}>
                {renderPreview({
                  table: params.table,
                  recordKey: previewKey,
                  model: state.model ?? {},
                  onClose: togglePreview,
                })}
              </Suspense>
            </Box>
          </Stack>
        ) : (
          content
        )}
      </DialogContent>
      {schema && state.model && (
        <FormActionBar table={params.table} model={state.model} disabled={state.busy} />
      )}
      <DialogActions>
        <Button onClick={requestClose} disabled={state.busy} data-testid="edit-dialog-cancel">
          {t('schemaForm.dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!canSave(state)}
          onClick={() => void save()}
          data-testid="edit-dialog-save"
        >
          {t('common.save')}
        </Button>
      </DialogActions>
      {prompt}
    </StackedDialog>
  );
}
