import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MessageAlert } from '../ui/message-alert';
import { reportError } from './error-reporting';
import { useI18n } from './i18n';
import { ChunkLoadError } from './lazy-page';

/** Error boundary of the routes: reports the error and offers a reload (spec §8 chunk errors). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useI18n();
  const isChunkError = error instanceof ChunkLoadError;

  useEffect(() => {
    reportError(error);
  }, [error]);

  return (
    <Stack sx={{ maxWidth: 520, mx: 'auto', mt: 8, px: 2, gap: 2 }} data-testid="error-boundary">
      <MessageAlert
        message={t(isChunkError ? 'common.chunkLoadError' : 'common.unexpectedError')}
      />
      <Button
        variant="contained"
        onClick={() => window.location.reload()}
        data-testid="error-reload"
      >
        {t('common.reload')}
      </Button>
    </Stack>
  );
}
