import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { MessageAlert } from '../../ui/message-alert';

interface GridLoadStatusProps {
  /** The rows have been loading for long enough to show it. */
  isLoadingShown: boolean;
  /** The rows failed to load. */
  error: unknown;
  /** The grid is sorted, so clearing the sort may help a failed load. */
  canClearSort: boolean;
  onClearSort: () => void;
}

/** Under the toolbar: a loading bar of fixed height, and a failed load with a way out of its sort. */
export function GridLoadStatus({
  isLoadingShown,
  error,
  canClearSort,
  onClearSort,
}: GridLoadStatusProps) {
  const { t } = useI18n();
  return (
    <>
      <Box sx={{ height: 4 }}>
        {isLoadingShown && (
          <LinearProgress aria-label={t('grid.loading')} data-testid="grid-loading" />
        )}
      </Box>
      {error && (
        <Box data-testid="grid-load-error">
          <MessageAlert message={formatApiError(error, t)} testId="grid-error" />
          {canClearSort && (
            <Button size="small" onClick={onClearSort} sx={{ mb: 1 }}>
              {t('grid.clearSort')}
            </Button>
          )}
        </Box>
      )}
    </>
  );
}
