import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useI18n } from '../../app/i18n';
import { MessageAlert } from '../../ui/message-alert';
import { WarningsDialog } from '../dialogs/warnings-dialog';

export interface DeleteRequest {
  keys: string[];
  /** displayTitle of the one record, when a single one is deleted. */
  title?: string;
}

interface DeleteDialogProps {
  request: DeleteRequest | null;
  isBusy: boolean;
  error: string | null;
  /** The formatted answer of a delete refused with warnings only (spec §4, §8). */
  warnings: string | null;
  onConfirm: () => void;
  /** Continue anyway: delete again ignoring the warnings. */
  onContinue: () => void;
  onClose: () => void;
}

/**
 * Asks before deleting (one row by its title, several by their number); undo follows. When
 * the server answers with warnings only, the Error dialog asks whether to continue anyway;
 * cancelling it deletes nothing more.
 */
export function DeleteDialog(props: DeleteDialogProps) {
  const { request, isBusy, error, warnings, onConfirm, onClose } = props;
  const { t } = useI18n();
  if (request !== null && warnings !== null) {
    return (
      <WarningsDialog
        text={warnings}
        onContinue={props.onContinue}
        onCancel={onClose}
        testId="grid-delete-warnings"
      />
    );
  }
  const question =
    request?.title !== undefined
      ? t('grid.delete.one', [request.title])
      : t('grid.delete.many', [request?.keys.length ?? 0]);
  return (
    <Dialog
      open={request !== null}
      onClose={isBusy ? undefined : onClose}
      aria-labelledby="grid-delete-title"
      data-testid="grid-delete-dialog"
    >
      <DialogTitle id="grid-delete-title">{t('grid.delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{question}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{t('grid.delete.undoHint')}</DialogContentText>
        <MessageAlert message={error} testId="grid-delete-error" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {t('grid.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={isBusy}
          data-testid="grid-delete-confirm"
        >
          {t('grid.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
