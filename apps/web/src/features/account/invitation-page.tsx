import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { invitationRoutes } from '@listina/contract';
import { formatDate } from '@listina/forms';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { useSession } from '../../app/session';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { PageCard } from '../../ui/page-card';

/**
 * /account/invitation/{code}: the link of an invitation mail (issue 24). Signed in (the guard
 * sends a newcomer to sign in, or to register and come back), the user sees the organisation
 * and the roles and joins; the link then stops working.
 */
export function InvitationPage() {
  const { code = '' } = useParams();
  const { t } = useI18n();
  const { addOrganization } = useSession();
  const navigate = useNavigate();
  const preview = useQuery({
    queryKey: ['invitation', code],
    queryFn: ({ signal }) => callApi(invitationRoutes.preview, { params: { code }, signal }),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => callApi(invitationRoutes.accept, { params: { code } }),
    onSuccess: (organization) => {
      addOrganization(organization);
      void navigate(`/o/${organization.id}/home`);
    },
  });
  return (
    <PageCard title={t('invitation.title')} maxWidth={560} testId="invitation-page">
      {preview.isPending && <CenteredProgress />}
      <MessageAlert
        message={preview.isError ? formatApiError(preview.error, t) : null}
        testId="invitation-error"
      />
      {preview.isSuccess && (
        <Stack sx={{ gap: 2 }}>
          <Typography data-testid="invitation-intro">
            {t('invitation.intro', [
              preview.data.organizationName,
              preview.data.roles.map((role) => t(`onboarding.role.${role}`)).join(', '),
            ])}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t('invitation.validUntil', [formatDate(preview.data.expiresAt.slice(0, 10))])}
          </Typography>
          <MessageAlert
            message={accept.isError ? formatApiError(accept.error, t) : null}
            testId="invitation-accept-error"
          />
          <Button
            variant="contained"
            loading={accept.isPending}
            onClick={() => accept.mutate()}
            data-testid="invitation-accept"
          >
            {t('invitation.accept', [preview.data.organizationName])}
          </Button>
        </Stack>
      )}
    </PageCard>
  );
}
