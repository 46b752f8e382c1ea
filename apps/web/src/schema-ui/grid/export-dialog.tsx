import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import type { SpreadsheetFormat } from '@listina/contract';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { MessageAlert } from '../../ui/message-alert';

export interface ExportChoice {
  selectedOnly: boolean;
  format: SpreadsheetFormat;
}

interface ExportDialogProps {
  open: boolean;
  selectedCount: number;
  onExport: (choice: ExportChoice) => Promise<unknown>;
  onClose: () => void;
}

/** Which rows (the selection or all) and which file type (xlsx by default, or csv). */
export function ExportDialog({ open, selectedCount, onExport, onClose }: ExportDialogProps) {
  const { t } = useI18n();
  const [rows, setRows] = useState<'selected' | 'all'>('selected');
  const [format, setFormat] = useState<SpreadsheetFormat>('xlsx');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectedOnly = rows === 'selected' && selectedCount > 0;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onExport({ selectedOnly, format });
      onClose();
    } catch (failure) {
      setError(formatApiError(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : onClose}
      aria-labelledby="grid-export-title"
      data-testid="grid-export-dialog"
    >
      <DialogTitle id="grid-export-title">{t('grid.export.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
          <FormControl>
            <FormLabel id="grid-export-rows">{t('grid.export.rows')}</FormLabel>
            <RadioGroup
              aria-labelledby="grid-export-rows"
              value={selectedOnly ? 'selected' : 'all'}
              onChange={(event) => setRows(event.target.value === 'all' ? 'all' : 'selected')}
            >
              <FormControlLabel
                value="selected"
                control={<Radio />}
                disabled={selectedCount === 0}
                label={t('grid.export.selected', [selectedCount])}
              />
              <FormControlLabel value="all" control={<Radio />} label={t('grid.export.all')} />
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id="grid-export-format">{t('grid.export.format')}</FormLabel>
            <RadioGroup
              aria-labelledby="grid-export-format"
              value={format}
              onChange={(event) => setFormat(event.target.value === 'csv' ? 'csv' : 'xlsx')}
            >
              <FormControlLabel value="xlsx" control={<Radio />} label={t('grid.export.xlsx')} />
              <FormControlLabel value="csv" control={<Radio />} label={t('grid.export.csv')} />
            </RadioGroup>
          </FormControl>
          <MessageAlert message={error} testId="grid-export-error" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {t('grid.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={isBusy}
          data-testid="grid-export-submit"
        >
          {t('grid.export.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
