import { type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  accountRoutes,
  invitationRoutes,
  RegisterBodySchema,
  type InvitationPreview,
  type RegisterBody,
} from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { loginUrl } from '../../app/guard';
import { useI18n } from '../../app/i18n';
import { LanguageMenu } from '../../app/shell/language-menu';
import { FORM_TEXT_KEYS, validateForm } from '../../app/validation';
import { CenteredProgress } from '../../ui/centered-progress';
import { GradientLayout } from '../../ui/gradient-layout';
import { MessageAlert } from '../../ui/message-alert';
import { OutlinedTextField } from '../../ui/outlined-text-field';
import { newPasswordError } from './new-password-error';
import { PasswordFeedback, usePasswordEstimate, weakPasswordError } from './password-strength';
import { invitationPath } from './invitation-links';
import { useFormState } from './use-form-state';

const EMPTY = { username: '', email: '', displayName: '', password: '', passwordRepeat: '' };

/** An invitation the newcomer registers from: its link's secret and what it offers. */
interface Invited extends InvitationPreview {
  code: string;
}

/**
 * /account/newuser, and /account/newuser?invitation={code} from an invitation link (issue 24):
 * then the invited address is filled in, and confirming it joins the organisation.
 */
export function RegisterPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('invitation');
  return (
    <GradientLayout title={t('account.register.title')} actions={<LanguageMenu />}>
      {code ? <RegisterFromInvitation code={code} /> : <RegisterForm />}
    </GradientLayout>
  );
}

function RegisterFromInvitation({ code }: { code: string }) {
  const { t } = useI18n();
  const lookup = useQuery({
    queryKey: ['invitation', 'public', code],
    queryFn: ({ signal }) => callApi(invitationRoutes.lookup, { params: { code }, signal }),
    retry: false,
  });
  if (lookup.isPending) return <CenteredProgress />;
  if (lookup.isError) {
    return (
      <Stack sx={{ gap: 2 }}>
        <MessageAlert message={formatApiError(lookup.error, t)} testId="register-error" />
        <Button component={RouterLink} to="/account/newuser" variant="outlined">
          {t('account.register.title')}
        </Button>
      </Stack>
    );
  }
  return <RegisterForm invited={{ ...lookup.data, code }} />;
}

function RegisterForm({ invited }: { invited?: Invited }) {
  const { t, has, locale } = useI18n();
  const form = useFormState(
    { ...EMPTY, email: invited?.email ?? '' },
    { onEdit: () => register.reset() },
  );
  const estimate = usePasswordEstimate(form.values.password, form.values);
  const register = useMutation({
    mutationFn: (body: RegisterBody) => callApi(accountRoutes.register, { body }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { passwordRepeat, ...body } = form.values;
    const result = validateForm(
      RegisterBodySchema,
      { ...body, lang: locale, ...(invited ? { invitation: invited.code } : {}) },
      t,
      has,
    );
    const errors = result.ok ? {} : { ...result.errors };
    const policy = errors.password
      ? undefined
      : (newPasswordError(body.password, body, t) ?? weakPasswordError(estimate, t));
    if (policy) errors.password = policy;
    if (passwordRepeat !== body.password) errors.passwordRepeat = t(FORM_TEXT_KEYS.passwordsDiffer);
    form.setErrors(errors);
    if (result.ok && Object.keys(errors).length === 0) register.mutate(result.data);
  };

  if (register.isSuccess) {
    const { email } = register.data;
    return (
      <Stack sx={{ gap: 2 }}>
        <MessageAlert
          message={
            invited
              ? t('invitation.registered', [email, invited.organizationName])
              : t('account.register.checkMail', [email])
          }
          severity="success"
          testId="register-success"
        />
        <Button component={RouterLink} to="/account/login" variant="contained">
          {t('account.register.toLogin')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
      {invited && (
        <Typography data-testid="register-invitation">
          {t('invitation.registerIntro', [invited.organizationName])}
        </Typography>
      )}
      <MessageAlert
        message={register.isError ? formatApiError(register.error, t) : null}
        testId="register-error"
      />
      <OutlinedTextField
        label={t('account.register.username')}
        {...form.field('username')}
        autoComplete="username"
        autoFocus
        required
        testId="register-username"
      />
      <OutlinedTextField
        label={t('account.register.email')}
        type="email"
        {...form.field('email')}
        autoComplete="email"
        readOnly={invited !== undefined}
        required
        testId="register-email"
      />
      <OutlinedTextField
        label={t('account.register.displayName')}
        {...form.field('displayName')}
        autoComplete="name"
        required
        testId="register-display-name"
      />
      <OutlinedTextField
        label={t('account.register.password')}
        type="password"
        {...form.field('password')}
        autoComplete="new-password"
        required
        testId="register-password"
      />
      <PasswordFeedback estimate={estimate} testId="register-password-feedback" />
      <OutlinedTextField
        label={t('account.register.passwordRepeat')}
        type="password"
        {...form.field('passwordRepeat')}
        autoComplete="new-password"
        required
        testId="register-password-repeat"
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={register.isPending}
        data-testid="register-submit"
      >
        {t('account.register.submit')}
      </Button>
      <Link
        component={RouterLink}
        to={invited ? loginUrl(invitationPath(invited.code)) : '/account/login'}
        data-testid="register-login"
      >
        {t('account.register.haveAccount')}
      </Link>
    </Stack>
  );
}
