import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DIALOG_MAX_WIDTH } from '../../app/constants';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmText: string;
  cancelText: string;
  /** The confirming action is destructive (discard, delete). */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}

/** A small question over a dialog (discard changes, delete, continue anyway); 400 wide (spec §9). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, text, confirmText, cancelText, danger = false, testId } = props;
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={props.onCancel}
      maxWidth={false}
      fullWidth
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-line' }} data-testid={`${testId}-text`}>
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} data-testid={`${testId}-cancel`}>
          {cancelText}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          onClick={props.onConfirm}
          data-testid={`${testId}-confirm`}
        >
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
