import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { parseDecimal } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { DIALOG_MAX_WIDTH } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { OutlinedTextField } from '../../ui/outlined-text-field';
import { splitOrder } from './payments-api';

interface SplitDialogProps {
  orderKey: string;
  /** The order's version as shown: one changed since is refused, not split again. */
  version: number;
  /** The split was made; its undoId for the undo offer. */
  onSplit: (undoId: string) => Promise<void>;
  onClose: () => void;
}

/** The amount as the server takes it ('12.50'), or the text as typed for it to refuse. */
export function splitValueOf(text: string): string {
  const parsed = parseDecimal(text, { places: 2 });
  return parsed.value !== null && !parsed.invalid && !parsed.tooManyPlaces
    ? parsed.value
    : text.trim();
}

/**
 * Split a payment order (POST /api/payOrder/{key}/split): the new order takes the amount
 * typed, the original keeps the rest; the server's refusal shows under the field.
 */
export function SplitDialog({ orderKey, version, onSplit, onClose }: SplitDialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await splitOrder(orderKey, splitValueOf(text), version);
      await onSplit(result.undoId);
    } catch (failure) {
      setError(formatApiError(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      fullWidth
      aria-labelledby={titleId}
      data-testid="payments-split-dialog"
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('payments.splitTitle')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <OutlinedTextField
            label={t('payments.splitAmount')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={error !== null}
            helperText={error ?? t('payments.splitHint')}
            autoFocus
            required
            fullWidth
            testId="payments-split-amount"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy} data-testid="payments-split-cancel">
            {t('schemaForm.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isBusy || text.trim() === ''}
            data-testid="payments-split-confirm"
          >
            {t('payments.split')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
