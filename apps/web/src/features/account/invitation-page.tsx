import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { invitationRoutes, type InvitationPreview } from '@listina/contract';
import { formatDate } from '@listina/forms';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { loginUrl } from '../../app/guard';
import { useI18n } from '../../app/i18n';
import { useSession } from '../../app/session';
import { LanguageMenu } from '../../app/shell/language-menu';
import { CenteredProgress } from '../../ui/centered-progress';
import { GradientLayout } from '../../ui/gradient-layout';
import { MessageAlert } from '../../ui/message-alert';
import { PageCard } from '../../ui/page-card';
import { invitationPath, registerFromInvitation } from './invitation-links';

/**
 * /account/invitation/{code}: the link of an invitation mail (issue 24). Signed in, the user
 * sees the organisation and the roles and joins with one click; the link then stops working.
 * Signed out, the page offers to sign in (and come back here) or to create the account with
 * the invited address, which joins the organisation once the address is confirmed.
 */
export function InvitationPage() {
  const { status } = useSession();
  return status === 'signedIn' ? <SignedInInvitation /> : <VisitorInvitation />;
}

function Details({ preview }: { preview: InvitationPreview }) {
  const { t } = useI18n();
  return (
    <>
      <Typography data-testid="invitation-intro">
        {t('invitation.intro', [
          preview.organizationName,
          preview.roles.map((role) => t(`onboarding.role.${role}`)).join(', '),
        ])}
      </Typography>
      <Typography color="text.secondary" variant="body2">
        {t('invitation.validUntil', [formatDate(preview.expiresAt.slice(0, 10))])}
      </Typography>
    </>
  );
}

function VisitorInvitation() {
  const { code = '' } = useParams();
  const { t } = useI18n();
  const lookup = useQuery({
    queryKey: ['invitation', 'public', code],
    queryFn: ({ signal }) => callApi(invitationRoutes.lookup, { params: { code }, signal }),
    retry: false,
  });
  return (
    <GradientLayout
      title={t('invitation.title')}
      actions={<LanguageMenu />}
      testId="invitation-page"
    >
      {lookup.isPending && <CenteredProgress />}
      <MessageAlert
        message={lookup.isError ? formatApiError(lookup.error, t) : null}
        testId="invitation-error"
      />
      {lookup.isSuccess && (
        <Stack sx={{ gap: 2 }}>
          <Details preview={lookup.data} />
          <Typography data-testid="invitation-signed-out">
            {t('invitation.signedOut', [lookup.data.email])}
          </Typography>
          <Button
            component={RouterLink}
            to={loginUrl(invitationPath(code))}
            variant="contained"
            data-testid="invitation-sign-in"
          >
            {t('invitation.signIn')}
          </Button>
          <Button
            component={RouterLink}
            to={registerFromInvitation(code)}
            variant="outlined"
            data-testid="invitation-register"
          >
            {t('invitation.register')}
          </Button>
        </Stack>
      )}
    </GradientLayout>
  );
}

function SignedInInvitation() {
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
          <Details preview={preview.data} />
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
