import { useMutation, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { accountRoutes, type SignInEvent } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n, type TFunction } from '../../app/i18n';
import { formatDateTime } from '../../schema-ui/grid/columns';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';

/** Sign-ins shown on the profile page. */
const SIGN_IN_COUNT = 10;
export const signInsQueryKey = ['account', 'signins'] as const;

/**
 * "Chrome 131 on Windows 10" as the server named the user-agent header (issue 24); a client no
 * parser knows (a script, curl) keeps its header, which is then the best name it has.
 */
export function deviceName(event: SignInEvent, t: TFunction): string {
  if (event.browser && event.system)
    return t('language.signIns.device', [event.browser, event.system]);
  return event.browser ?? event.system ?? event.userAgent ?? '';
}

/** The profile page's security part: sign out all other sessions. */
export function SessionsSection() {
  const { t } = useI18n();
  const end = useMutation({ mutationFn: () => callApi(accountRoutes.logoutOthers) });
  return (
    <Stack sx={{ gap: 1.5, mt: 4 }} data-testid="sessions-section">
      <Typography variant="subtitle1" component="h2">
        {t('account.sessions.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('account.sessions.help')}
      </Typography>
      <MessageAlert
        message={end.isError ? formatApiError(end.error, t) : null}
        testId="sessions-error"
      />
      <MessageAlert
        message={end.isSuccess ? t('account.sessions.ended', [end.data.ended]) : null}
        severity="success"
        testId="sessions-ended"
      />
      <Button
        variant="outlined"
        onClick={() => end.mutate()}
        loading={end.isPending}
        data-testid="sessions-logout-others"
      >
        {t('account.sessions.logoutOthers')}
      </Button>
    </Stack>
  );
}

/** The user's newest sign-in attempts: when, with what result, from where. */
export function SignInsSection() {
  const { t } = useI18n();
  const signIns = useQuery({
    queryKey: signInsQueryKey,
    queryFn: ({ signal }) =>
      callApi(accountRoutes.signIns, { query: { count: SIGN_IN_COUNT }, signal }),
  });
  let content;
  if (signIns.isPending) content = <CenteredProgress />;
  else if (signIns.isError) {
    content = <MessageAlert message={formatApiError(signIns.error, t)} testId="signins-error" />;
  } else if (signIns.data.items.length === 0) {
    content = <Typography variant="body2">{t('account.signIns.empty')}</Typography>;
  } else {
    content = (
      <Table size="small" data-testid="signins-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('account.signIns.at')}</TableCell>
            <TableCell>{t('account.signIns.result')}</TableCell>
            <TableCell>{t('account.signIns.ip')}</TableCell>
            <TableCell>{t('account.signIns.userAgent')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {signIns.data.items.map((item, index) => (
            <TableRow key={`${item.at} ${index}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.at)}</TableCell>
              <TableCell>{t(`account.signIns.result.${item.result}`)}</TableCell>
              <TableCell>{item.ip}</TableCell>
              <TableCell
                sx={{ wordBreak: 'break-word' }}
                title={item.userAgent ?? undefined}
                data-testid="signin-device"
              >
                {deviceName(item, t)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <Stack sx={{ gap: 1.5, mt: 4 }} data-testid="signins-section">
      <Typography variant="subtitle1" component="h2">
        {t('account.signIns.title')}
      </Typography>
      {content}
    </Stack>
  );
}
