import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ReadIcon from '@mui/icons-material/DocumentScannerOutlined';
import { useI18n } from '../../app/i18n';
import { WarningsDialog } from '../../schema-ui/dialogs/warnings-dialog';
import type { DocCaptureState } from './use-doc-capture';

interface DocCaptureButtonProps {
  capture: DocCaptureState;
  disabled: boolean;
  /** Why it is disabled, when the user can do something about it (save, add a main file). */
  reason: string | null;
}

/** Read data: capture of the document's main file into its empty fields (issue 7). */
export function DocCaptureButton({ capture, disabled, reason }: DocCaptureButtonProps) {
  const { t } = useI18n();
  const button = (
    <Button
      variant="outlined"
      startIcon={<ReadIcon />}
      disabled={disabled || capture.isReading}
      onClick={() => void capture.run()}
      data-testid="doc-capture"
    >
      {t('work.capture.read')}
    </Button>
  );
  return (
    <Tooltip title={reason ?? t('work.capture.readHint')}>
      {/* A disabled button fires no events: the span shows the tooltip of why. */}
      <span>{button}</span>
    </Tooltip>
  );
}

/** Shown in the header while the capture runs, with a way out of one that does not end. */
export function DocCaptureProgress({ capture }: { capture: DocCaptureState }) {
  const { t } = useI18n();
  if (!capture.isReading) return null;
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', gap: 1 }}
      role="status"
      data-testid="doc-capture-progress"
    >
      <CircularProgress size={16} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {t('work.capture.reading')}
      </Typography>
      {capture.state === 'pending' && (
        <Button size="small" onClick={() => void capture.cancel()} data-testid="doc-capture-cancel">
          {t('work.capture.stop')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * What capture says besides its button: why the last capture failed, the server's refusal to
 * queue it, and the question whether to capture again a document captured already.
 */
export function DocCaptureMessages({ capture }: { capture: DocCaptureState }) {
  const { t, has } = useI18n();
  let failure = null;
  if (capture.state === 'failed' && !capture.isQueueing) {
    const reason = capture.error && has(capture.error) ? t(capture.error) : capture.error;
    failure = (
      <Alert severity="warning" sx={{ my: 1 }} data-testid="doc-capture-failed">
        {reason ? t('work.capture.failed', [reason]) : t('work.capture.failedNoReason')}
      </Alert>
    );
  }
  return (
    <>
      {failure}
      {capture.refusal && (
        <Alert
          severity="error"
          sx={{ whiteSpace: 'pre-line', my: 1 }}
          onClose={capture.dismiss}
          closeText={t('common.close')}
          data-testid="doc-capture-error"
        >
          {capture.refusal}
        </Alert>
      )}
      {capture.warning && (
        <WarningsDialog
          text={capture.warning}
          onContinue={() => void capture.continueAnyway()}
          onCancel={capture.dismiss}
          testId="doc-capture-warnings"
        />
      )}
    </>
  );
}
