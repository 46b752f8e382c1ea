import { Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { accountRoutes, LoginBodySchema, type AuthToken } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { safeReturnUrl } from '../../app/guard';
import { useI18n } from '../../app/i18n';
import { lazyPage } from '../../app/lazy-page';
import { pickActiveOrganization, sortOrganizations } from '../../app/organizations';
import { useSession } from '../../app/session';
import { LanguageMenu } from '../../app/shell/language-menu';
import { readStored, STORAGE_KEYS } from '../../app/storage';
import { validateForm } from '../../app/validation';
import { GradientLayout } from '../../ui/gradient-layout';
import { MessageAlert } from '../../ui/message-alert';
import { OutlinedTextField } from '../../ui/outlined-text-field';
import { invitationOf, registerFromInvitation } from './invitation-links';
import { useFormState } from './use-form-state';

// The dialog (MUI's Dialog and Modal) loads when first opened.
const ForgotPasswordDialog = lazyPage(
  () => import('./forgot-password-dialog'),
  (m) => m.ForgotPasswordDialog,
);

/** Where a fresh sign-in goes: the returnUrl, else the active organisation's home. */
function landingPath(token: AuthToken, returnUrl: string | null, locale: string): string | null {
  if (returnUrl) return returnUrl;
  const sorted = sortOrganizations(token.organizations, locale);
  const active = pickActiveOrganization(sorted, readStored(STORAGE_KEYS.organizationId));
  return active ? `/o/${active.id}/home` : null;
}

/** The register page for a return to an invitation link: registering keeps the invitation. */
function registerPath(returnUrl: string | null): string {
  const code = invitationOf(returnUrl);
  return code ? registerFromInvitation(code) : '/account/newuser';
}

/** /account/login (spec §2): gradient layout, language switcher, alert, forgot-password dialog. */
export function LoginPage() {
  const { t } = useI18n();
  const [hasNoOrganization, setHasNoOrganization] = useState(false);
  return (
    <GradientLayout title={t('account.login.title')} actions={<LanguageMenu />} testId="login-page">
      {hasNoOrganization ? (
        <NoOrganization />
      ) : (
        <LoginForm onNoOrganization={() => setHasNoOrganization(true)} />
      )}
    </GradientLayout>
  );
}

function LoginForm({ onNoOrganization }: { onNoOrganization: () => void }) {
  const { t, has, locale } = useI18n();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useFormState({ username: '', password: '' }, { onEdit: () => login.reset() });
  const [isForgotOpen, setForgotOpen] = useState(false);
  const [wasForgotOpened, setForgotOpened] = useState(false);

  const login = useMutation({
    mutationFn: (body: { username: string; password: string }) =>
      callApi(accountRoutes.login, { body: { ...body, lang: locale } }),
    onSuccess: (token) => {
      signIn(token);
      const next = landingPath(token, safeReturnUrl(searchParams.get('returnUrl')), locale);
      if (next) void navigate(next, { replace: true });
      else onNoOrganization(); // spec §4: a login without organisations shows the message
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(LoginBodySchema, form.values, t, has);
    form.setErrors(result.ok ? {} : result.errors);
    // The server normalises the username itself; what the user typed is sent as typed.
    if (result.ok) login.mutate(form.values);
  };

  return (
    <>
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
        <MessageAlert
          message={login.isError ? formatApiError(login.error, t) : null}
          testId="login-error"
        />
        <OutlinedTextField
          label={t('account.login.username')}
          {...form.field('username')}
          autoComplete="username"
          autoFocus
          required
          testId="login-username"
        />
        <OutlinedTextField
          label={t('account.login.password')}
          type="password"
          {...form.field('password')}
          autoComplete="current-password"
          required
          testId="login-password"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={login.isPending}
          data-testid="login-submit"
        >
          {t('account.login.submit')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Link
            component="button"
            type="button"
            onClick={() => {
              setForgotOpen(true);
              setForgotOpened(true);
            }}
            data-testid="login-forgot"
          >
            {t('account.login.forgotPassword')}
          </Link>
          <Link
            component={RouterLink}
            to={registerPath(safeReturnUrl(searchParams.get('returnUrl')))}
            data-testid="login-register"
          >
            {t('account.login.register')}
          </Link>
        </Stack>
      </Stack>
      {/* Outside the form: React events bubble through portals, so a nested submit would reach it.
          Mounted from the first opening on, so that closing animates. */}
      {wasForgotOpened && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={isForgotOpen}
            initialUsername={form.values.username}
            onClose={() => setForgotOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

function NoOrganization() {
  const { t } = useI18n();
  return (
    <Stack sx={{ gap: 2 }}>
      <MessageAlert message={t('common.noOrganization')} severity="info" testId="no-organization" />
      <Button
        component={RouterLink}
        to="/account/addorg"
        variant="contained"
        data-testid="goto-addorg"
      >
        {t('account.addOrganization.title')}
      </Button>
    </Stack>
  );
}
