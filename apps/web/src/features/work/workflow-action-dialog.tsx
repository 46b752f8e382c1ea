import { useId, useMemo, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAX_WORKFLOW_COMMENT, type WorkflowResultCode } from '@listina/contract';
import { FieldSchema, type Field } from '@listina/forms';
import { DIALOG_MAX_WIDTH } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { FieldInput } from '../../schema-ui/inputs/field-input';
import { MessageAlert } from '../../ui/message-alert';
import { WORKFLOW_ACTIONS, type WorkflowChoice } from './workflow-action-kinds';
import type { WorkflowActionExtras } from './workflow-api';

/**
 * forwarded: a member who may act at the document's step (the server's `assigneeOf` filter;
 * anyone else would be refused), searched as typed (extras.userId is its key).
 */
const memberField = (documentKey: string) =>
  FieldSchema.parse({
    name: 'userId',
    inputType: 'combo',
    references: {
      table: 'organizationMember',
      field: 'key',
      displayFields: ['displayName', 'userName'],
      serverFilters: { assigneeOf: documentKey },
    },
  });

/** switchWorkflow: one of the organisation's active workflows (extras.workflowId, its key). */
const WORKFLOW_FIELD = FieldSchema.parse({
  name: 'workflowId',
  inputType: 'select',
  references: { table: 'workflow', field: 'key', displayFields: ['code', 'name'] },
});

const choiceOf = (
  choice: WorkflowChoice,
  documentKey: string,
): { field: Field; labelKey: string } =>
  choice === 'member'
    ? { field: memberField(documentKey), labelKey: 'wf.dialog.member' }
    : { field: WORKFLOW_FIELD, labelKey: 'wf.dialog.workflow' };

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

interface WorkflowActionDialogProps {
  code: WorkflowResultCode;
  /** The document acted on: a forward lists the members who may act at its step. */
  documentKey: string;
  documentTitle: string;
  busy: boolean;
  /** The server's refusal, formatted (spec §8); the dialog stays open to fix it. */
  error: string | null;
  onSubmit: (extras: WorkflowActionExtras) => void;
  onCancel: () => void;
}

/**
 * The dialog of one workflow action (spec §2 small dialog, 400 wide): a comment, required to
 * reject or to ask for more data and offered for the others, and for forward or switch the
 * member or workflow, chosen with the schema UI's lookups.
 */
export function WorkflowActionDialog(props: WorkflowActionDialogProps) {
  const { code, documentKey, documentTitle, busy, error, onCancel } = props;
  const { t } = useI18n();
  const titleId = useId();
  const choiceId = useId();
  const kind = WORKFLOW_ACTIONS[code];
  const choice = useMemo(
    () => (kind.choice ? choiceOf(kind.choice, documentKey) : null),
    [kind.choice, documentKey],
  );
  const [comment, setComment] = useState('');
  const [chosen, setChosen] = useState<unknown>(null);
  const isComplete =
    !(kind.isCommentRequired && comment.trim() === '') && !(choice && isBlank(chosen));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !isComplete) return;
    const text = comment.trim();
    props.onSubmit({
      ...(text ? { comment: text } : {}),
      ...(kind.choice === 'member' ? { userId: String(chosen) } : {}),
      ...(kind.choice === 'workflow' ? { workflowId: String(chosen) } : {}),
    });
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      maxWidth={false}
      fullWidth
      aria-labelledby={titleId}
      data-testid="wf-dialog"
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t(kind.labelKey)}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2 }}>
            <DialogContentText>{t('wf.dialog.document', [documentTitle])}</DialogContentText>
            {choice && (
              <FieldInput
                field={choice.field}
                id={choiceId}
                label={t(choice.labelKey)}
                value={chosen}
                model={{ [choice.field.name]: chosen }}
                readonly={busy}
                onChange={setChosen}
              />
            )}
            <TextField
              label={t('wf.dialog.comment')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              required={kind.isCommentRequired}
              helperText={
                kind.isCommentRequired
                  ? t('wf.dialog.commentRequired')
                  : t('wf.dialog.commentOptional')
              }
              disabled={busy}
              multiline
              minRows={3}
              fullWidth
              autoFocus={!choice}
              slotProps={{
                htmlInput: { maxLength: MAX_WORKFLOW_COMMENT, 'data-testid': 'wf-comment' },
              }}
            />
            <MessageAlert message={error} testId="wf-dialog-error" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} data-testid="wf-cancel">
            {t('schemaForm.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={code === 'rejected' ? 'error' : 'primary'}
            disabled={busy || !isComplete}
            data-testid="wf-submit"
          >
            {t(kind.labelKey)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
