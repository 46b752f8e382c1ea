import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useI18n } from '../../app/i18n';
import { WarningsDialog } from '../../schema-ui/dialogs/warnings-dialog';
import type { WorkflowActionState } from './use-workflow-action';
import { WorkflowActionDialog } from './workflow-action-dialog';

interface WorkflowPromptsProps {
  workflow: WorkflowActionState;
  documentTitle: string;
  onReload: () => void;
}

/**
 * What a workflow action shows besides its buttons: the open action's dialog (which shows its
 * own refusals), or the refusal of Confirm; a 409 offers to show the document as it now is.
 * An action answered with warnings only asks on top whether to take it anyway (spec §4).
 */
export function WorkflowPrompts({ workflow, documentTitle, onReload }: WorkflowPromptsProps) {
  const { dialog, warnings } = workflow;
  return (
    <>
      {dialog && (
        <WorkflowActionDialog
          code={dialog}
          documentKey={workflow.documentKey}
          documentTitle={documentTitle}
          busy={workflow.busy}
          error={workflow.failure?.text ?? null}
          onSubmit={(extras) => void workflow.run(dialog, extras)}
          onCancel={workflow.close}
        />
      )}
      {!dialog && <WorkflowFailure workflow={workflow} onReload={onReload} />}
      {warnings && (
        <WarningsDialog
          text={warnings.text}
          onContinue={workflow.continueAnyway}
          onCancel={workflow.dismissWarnings}
          testId="wf-warnings"
        />
      )}
    </>
  );
}

/** The refusal of an action taken without its dialog (Confirm). */
function WorkflowFailure({ workflow, onReload }: Omit<WorkflowPromptsProps, 'documentTitle'>) {
  const { t } = useI18n();
  const { failure } = workflow;
  if (!failure) return null;
  return (
    <Alert
      severity="error"
      data-testid="wf-error"
      sx={{ whiteSpace: 'pre-line', my: 1 }}
      onClose={workflow.close}
      closeText={t('common.close')}
      action={
        failure.isConflict ? (
          <Button color="inherit" size="small" onClick={onReload} data-testid="wf-reload">
            {t('wf.reload')}
          </Button>
        ) : undefined
      }
    >
      {failure.text}
    </Alert>
  );
}
