import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { organizationRoutes } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { useSession } from '../../app/session';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { HomeTiles } from './home-tiles';
import { OnboardingChecklist } from './onboarding-checklist';

/**
 * /o/{organizationId}/home (spec §2): a welcome, the organisation, its first-day checklist
 * (issue 24), and the document tiles; the toolbar holds the search box here.
 */
export function HomePage() {
  const { organizationId = '' } = useParams();
  const { t } = useI18n();
  const { user } = useSession();
  const organization = useQuery({
    queryKey: ['organization', organizationId, 'current'],
    queryFn: ({ signal }) => callApi(organizationRoutes.current, { organizationId, signal }),
  });

  return (
    <Paper sx={{ p: 3, maxWidth: 960, mx: 'auto' }} data-testid="home-page">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('home.welcome', [user?.displayName ?? ''])}
      </Typography>
      {organization.isPending && <CenteredProgress />}
      {organization.isError && (
        <MessageAlert message={formatApiError(organization.error, t)} testId="home-error" />
      )}
      {organization.isSuccess && (
        <Stack sx={{ gap: 1 }}>
          <Typography variant="h6" component="h2" data-testid="home-organization-name">
            {organization.data.name}
          </Typography>
          {organization.data.taxNumber && (
            <Typography color="text.secondary">
              {t('home.taxNumber', [organization.data.taxNumber])}
            </Typography>
          )}
          {organization.data.connectCode && (
            <Typography color="text.secondary">
              {t('home.connectCode')}{' '}
              <Typography
                component="code"
                sx={{ fontFamily: 'monospace' }}
                data-testid="home-connect-code"
              >
                {organization.data.connectCode}
              </Typography>
            </Typography>
          )}
        </Stack>
      )}
      <OnboardingChecklist organizationId={organizationId} />
      <HomeTiles organizationId={organizationId} />
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {t('home.placeholder')}
      </Typography>
    </Paper>
  );
}
