import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { canActivateDoc, type Model } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { canSave } from '../../schema-ui/dialogs/edit-dialog-state';
import { WarningsDialog } from '../../schema-ui/dialogs/warnings-dialog';
import { SchemaForm } from '../../schema-ui/form/schema-form';
import { UndoContext, useUndo, type Undo, type UndoOffer } from '../../schema-ui/undo/undo-context';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { foundSupplierOf, foundValueOf, lowConfidenceFields } from './capture-api';
import { CapturePartner } from './capture-partner';
import { CustomerHistory } from './customer-history';
import { useDocActor } from './doc-actor';
import { usePreviewInfo } from './doc-api';
import { DocCaptureButton, DocCaptureMessages, DocCaptureProgress } from './doc-capture';
import { DocEditorHeader } from './doc-editor-header';
import { docHandlers } from './doc-handlers';
import { DocUpload } from './doc-upload';
import { PreviewPanel } from './preview/preview-panel';
import { usePreviewSide } from './preview/use-preview-side';
import { RightBar, useIsWideWorkspace } from './right-bar';
import { useDocCapture } from './use-doc-capture';
import { useDocEditor } from './use-doc-editor';
import { useWorkflowAction } from './use-workflow-action';
import { useWorkflowLog } from './workflow-api';
import { PHONE_ACTION_BAR_SPACE, WorkflowActions } from './workflow-actions';
import { WorkflowLog } from './workflow-log';
import { WorkflowPrompts } from './workflow-prompts';

/** The form field an element belongs to, by its test id (field-{name}, field-{name}-{part}). */
const fieldNameOf = (element: EventTarget) => {
  const marked = element instanceof Element ? element.closest('[data-testid^="field-"]') : null;
  return /^field-([A-Za-z0-9_]+)/.exec(marked?.getAttribute('data-testid') ?? '')?.[1] ?? null;
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * /o/{organizationId}/work/edit/{itemId?} (spec §2 docEdit): a document's form with its
 * preview in the right bar, or a new document (no itemId) with its files to upload.
 */
export function DocEditPage() {
  const { organizationId = '', itemId } = useParams();
  const undo = useUndo();
  const [generation, setGeneration] = useState(0);
  // spec §2: the undo snackbar hides on a route change. A new document's save moves to its
  // own route, so its undo offer is made once that route is shown.
  const pending = useRef<UndoOffer[]>([]);
  const deferred = useMemo<Undo>(() => ({ offer: (offer) => pending.current.push(offer) }), []);
  useEffect(() => {
    for (const offer of pending.current.splice(0)) undo.offer(offer);
  }, [itemId, undo]);

  return (
    <UndoContext value={itemId === undefined ? deferred : undo}>
      <DocEditor
        key={`${itemId ?? ''}:${generation}`}
        organizationId={organizationId}
        itemId={itemId}
        onReload={() => setGeneration((value) => value + 1)}
      />
    </UndoContext>
  );
}

interface DocEditorProps {
  organizationId: string;
  itemId: string | undefined;
  onReload: () => void;
}

function DocEditor({ organizationId, itemId, onReload }: DocEditorProps) {
  const { t, has } = useI18n();
  const actor = useDocActor();
  const isWide = useIsWideWorkspace();
  const editor = useDocEditor({ organizationId, itemId, onReload });
  const { state, schema, loadError, formRef } = editor;
  const side = usePreviewSide(itemId ?? '', organizationId);
  const model: Model | null = state.model;
  const status = itemId === undefined ? null : (text(state.original?.status) ?? null);
  const title =
    itemId === undefined
      ? t('work.edit.newTitle')
      : (text(state.original?.displayTitle) ??
        text(state.original?.number) ??
        t('work.edit.title'));
  const customerKey = text(model?.customerKey);
  const documentTypeId =
    typeof model?.documentTypeId === 'number' ? model.documentTypeId : undefined;
  // spec §4: an active document moves through its workflow; archived and rejected ones are done.
  const isInWorkflow = status === 'active';
  const workflow = useWorkflowAction({
    documentKey: itemId ?? '',
    version: typeof state.original?.version === 'number' ? state.original.version : undefined,
    onDone: onReload,
  });
  // The server says whether this user may act now (an assignee of the step, or an admin) and
  // whether they may change the document at its step (docs/roles.md).
  const isSubmitted = status !== null && status !== 'draft';
  const log = useWorkflowLog(itemId ?? '', isSubmitted);
  const isLocked = isSubmitted && log.data?.canEdit === false;
  const tile = text(state.original?.workflowCurrentStepSystemTileCode);
  const step = isInWorkflow && tile ? (has(`tiles.${tile}`) ? t(`tiles.${tile}`) : tile) : null;
  // Issue 7: a document still being worked on can have its data read from its main file.
  const canCapture = (status === 'draft' || status === 'active') && !isLocked;
  const capture = useDocCapture(itemId);
  const preview = usePreviewInfo(itemId ?? '', canCapture);
  const hasNoMainFile = preview.data !== undefined && preview.data.documents.length === 0;
  const lowConfidenceText = t('work.capture.lowConfidence');
  const captureWarnings = useMemo(
    () =>
      Object.fromEntries(
        lowConfidenceFields(state.original?.captureResult, model).map((field) => [
          field,
          lowConfidenceText,
        ]),
      ),
    [state.original?.captureResult, model, lowConfidenceText],
  );
  // Issue 7: the field with the focus shows on the preview where its value was read.
  const [focusedField, setFocusedField] = useState<string | null>(null);
  const highlight = focusedField ? foundValueOf(state.original?.captureResult, focusedField) : null;
  const supplier =
    itemId !== undefined && capture.state === 'done' && canCapture && !customerKey
      ? foundSupplierOf(state.original?.captureResult)
      : null;
  const [partnerSet, setPartnerSet] = useState<{ key: string; label: string } | null>(null);

  let rightBar = null;
  if (itemId === undefined) {
    rightBar = (
      <RightBar beside={isWide}>
        <DocUpload busy={state.busy || !model} onUpload={(files) => void editor.upload(files)} />
      </RightBar>
    );
  } else if (side.isShown) {
    rightBar = (
      <RightBar beside={isWide}>
        <PreviewPanel
          documentKey={itemId}
          costLines={model?.costLines}
          highlight={highlight}
          onClose={side.close}
          onPopOut={side.popOut}
        />
      </RightBar>
    );
  }

  const hasActionBar = isInWorkflow && log.data?.canAct === true;
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: isWide ? 'row' : 'column',
        gap: 2,
        flex: 1,
        minHeight: 0,
        overflow: isWide ? 'hidden' : 'auto',
        // Issue 26: room below the document for the phone's bottom action bar.
        pb: { xs: hasActionBar ? PHONE_ACTION_BAR_SPACE : 0, sm: 0 },
      }}
    >
      <Paper
        sx={{ flex: isWide ? 1 : 'none', minWidth: 0, p: 2, overflow: isWide ? 'auto' : 'visible' }}
        data-testid="doc-edit-page"
      >
        <DocEditorHeader
          organizationId={organizationId}
          title={title}
          status={status}
          step={step}
          workflowActions={
            hasActionBar && (
              <WorkflowActions
                disabled={state.busy || state.dirty || workflow.busy || capture.isReading}
                hint={state.dirty ? t('wf.actions.saveFirst') : undefined}
                onConfirm={() => void workflow.run('confirmed')}
                onChoose={workflow.open}
              />
            )
          }
          captureAction={
            canCapture && (
              <DocCaptureButton
                capture={capture}
                disabled={state.busy || workflow.busy || state.dirty || hasNoMainFile}
                reason={
                  hasNoMainFile
                    ? t('work.capture.noMainFile')
                    : state.dirty
                      ? t('work.capture.saveFirst')
                      : null
                }
              />
            )
          }
          captureProgress={<DocCaptureProgress capture={capture} />}
          canSave={canSave(state) && !isLocked}
          canActivate={canActivateDoc({ status }, actor)}
          canShowPreview={itemId !== undefined && !side.isOpen && !side.isPoppedOut}
          isActivateDisabled={state.busy || state.dirty || capture.isReading}
          onSave={() => void editor.save()}
          onActivate={() => void editor.activate()}
          onShowPreview={side.open}
        />
        {state.busy || workflow.busy ? (
          <LinearProgress />
        ) : (
          <LinearProgress sx={{ visibility: 'hidden' }} />
        )}
        <WorkflowPrompts workflow={workflow} documentTitle={title} onReload={onReload} />
        {itemId !== undefined && <DocCaptureMessages capture={capture} />}
        {supplier && model && (
          <CapturePartner
            supplier={supplier}
            disabled={state.busy || state.mode === 'closed' || capture.isReading}
            onUse={(key, label) => {
              editor.dispatch({ type: 'changed', model: { ...model, customerKey: key } });
              setPartnerSet({ key, label });
            }}
          />
        )}
        {partnerSet && partnerSet.key === customerKey && state.dirty && (
          <MessageAlert
            severity="success"
            message={t('work.capturePartner.set', [partnerSet.label])}
            testId="capture-partner-set"
          />
        )}
        {isLocked && (
          <MessageAlert message={t('work.edit.locked')} severity="info" testId="doc-locked" />
        )}
        {loadError ? (
          <MessageAlert message={formatApiError(loadError, t)} testId="doc-load-error" />
        ) : !schema || !model ? (
          <CenteredProgress label={t('schemaForm.dialog.loading')} />
        ) : (
          <Box onFocus={(event) => setFocusedField(fieldNameOf(event.target))}>
            <SchemaForm
              ref={formRef}
              schema={schema}
              model={model}
              onChange={(next) => editor.dispatch({ type: 'changed', model: next })}
              // What the capture fills would meet edits made meanwhile: the form waits for it.
              readonly={state.busy || state.mode === 'closed' || capture.isReading || isLocked}
              serverError={state.serverError}
              fieldWarnings={captureWarnings}
              validations={model.validations}
              handlers={docHandlers}
              testId="doc-form"
            />
          </Box>
        )}
        {customerKey && (
          <CustomerHistory
            organizationId={organizationId}
            input={{ customerKey, documentKey: itemId, documentTypeId }}
          />
        )}
        {itemId !== undefined && status !== null && status !== 'draft' && (
          <WorkflowLog documentKey={itemId} />
        )}
      </Paper>
      {rightBar}
      {state.prompt?.kind === 'warnings' && (
        <WarningsDialog
          text={state.prompt.text}
          onContinue={() => void editor.continueAnyway()}
          onCancel={() => editor.dispatch({ type: 'promptDismissed' })}
          testId="doc-warnings"
        />
      )}
    </Box>
  );
}
