import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { accountRoutes } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { LanguageMenu } from '../../app/shell/language-menu';
import { CenteredProgress } from '../../ui/centered-progress';
import { GradientLayout } from '../../ui/gradient-layout';
import { MessageAlert } from '../../ui/message-alert';

/**
 * /account/unlock?code=…: the link mailed when the right password was held back by the limit
 * of the address (docs/security.md "Controls: sessions and sign-in"). Opening it lets the
 * account in from this address; the user then signs in again with the password.
 */
export function UnlockPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const { t } = useI18n();
  // A query, not a mutation, so that a double mount (StrictMode) uses the code only once.
  const probe = useQuery({
    queryKey: ['account', 'unlock', code],
    queryFn: () => callApi(accountRoutes.unlock, { body: { code } }),
    enabled: code !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  let content;
  if (code === '') {
    content = <MessageAlert message={t('account.unlock.noCode')} testId="unlock-error" />;
  } else if (probe.isPending) content = <CenteredProgress />;
  else if (probe.isError) {
    content = <MessageAlert message={formatApiError(probe.error, t)} testId="unlock-error" />;
  } else {
    content = (
      <Stack sx={{ gap: 2 }}>
        <MessageAlert
          message={t('account.unlock.done')}
          severity="success"
          testId="unlock-success"
        />
        <Button
          component={RouterLink}
          to="/account/login"
          variant="contained"
          data-testid="unlock-login"
        >
          {t('account.unlock.signIn')}
        </Button>
      </Stack>
    );
  }

  return (
    <GradientLayout title={t('account.unlock.title')} actions={<LanguageMenu />}>
      {content}
    </GradientLayout>
  );
}
