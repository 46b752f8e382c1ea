import { type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { accountRoutes, ConfirmBodySchema, type ConfirmResponse } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { LanguageMenu } from '../../app/shell/language-menu';
import { FORM_TEXT_KEYS, validateForm } from '../../app/validation';
import { CenteredProgress } from '../../ui/centered-progress';
import { GradientLayout } from '../../ui/gradient-layout';
import { MessageAlert } from '../../ui/message-alert';
import { OutlinedTextField } from '../../ui/outlined-text-field';
import { PasswordFeedback, usePasswordEstimate, weakPasswordError } from './password-strength';
import { useFormState } from './use-form-state';

/**
 * /account/confirm/{code}: one page for both mailed codes. The code is tried once; a reset
 * code answers passwordRequired and the page asks for the new password.
 */
export function ConfirmPage() {
  const { code = '' } = useParams();
  const { t } = useI18n();
  // A query, not a mutation, so that a double mount (StrictMode) uses the code only once.
  const probe = useQuery({
    queryKey: ['account', 'confirm', code],
    queryFn: () => callApi(accountRoutes.confirm, { body: { code } }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  let content;
  if (probe.isPending) content = <CenteredProgress />;
  else if (probe.isError) {
    content = <MessageAlert message={formatApiError(probe.error, t)} testId="confirm-error" />;
  } else if (probe.data.result === 'passwordRequired') content = <NewPasswordForm code={code} />;
  else if (probe.data.invitation) content = <Joined invitation={probe.data.invitation} />;
  else content = <Done text={t(`account.confirm.${probe.data.result}`)} />;

  return (
    <GradientLayout title={t('account.confirm.title')} actions={<LanguageMenu />}>
      {content}
    </GradientLayout>
  );
}

/**
 * An account registered from an invitation (issue 24): confirming the address joined its
 * organisation, and signing in lands there; or the invitation no longer worked.
 */
function Joined({ invitation }: { invitation: NonNullable<ConfirmResponse['invitation']> }) {
  const { t } = useI18n();
  const { organizationName, result } = invitation;
  return result === 'accepted' ? (
    <Done text={t('invitation.joined', [organizationName])} />
  ) : (
    <Done text={t(`invitation.notJoined.${result}`, [organizationName])} severity="warning" />
  );
}

function Done({ text, severity = 'success' }: { text: string; severity?: 'success' | 'warning' }) {
  const { t } = useI18n();
  return (
    <Stack sx={{ gap: 2 }}>
      <MessageAlert message={text} severity={severity} testId="confirm-success" />
      <Button
        component={RouterLink}
        to="/account/login"
        variant="contained"
        data-testid="confirm-login"
      >
        {t('account.confirm.toLogin')}
      </Button>
    </Stack>
  );
}

function NewPasswordForm({ code }: { code: string }) {
  const { t, has } = useI18n();
  const form = useFormState({ password: '', passwordRepeat: '' });
  // The account's names are not known here: the server checks those.
  const estimate = usePasswordEstimate(form.values.password, {});
  const reset = useMutation({
    mutationFn: (password: string) => callApi(accountRoutes.confirm, { body: { code, password } }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { password, passwordRepeat } = form.values;
    const result = validateForm(ConfirmBodySchema, { code, password }, t, has);
    const errors = result.ok ? {} : { ...result.errors };
    const policy = errors.password ? undefined : weakPasswordError(estimate, t);
    if (policy) errors.password = policy;
    if (password !== passwordRepeat) errors.passwordRepeat = t(FORM_TEXT_KEYS.passwordsDiffer);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) reset.mutate(password);
  };

  if (reset.isSuccess) return <Done text={t(`account.confirm.${reset.data.result}`)} />;
  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
      <MessageAlert message={t('account.confirm.passwordRequired')} severity="info" />
      <MessageAlert
        message={reset.isError ? formatApiError(reset.error, t) : null}
        testId="confirm-error"
      />
      <OutlinedTextField
        label={t('account.confirm.newPassword')}
        type="password"
        {...form.field('password')}
        autoComplete="new-password"
        autoFocus
        required
        testId="confirm-password"
      />
      <PasswordFeedback estimate={estimate} testId="confirm-password-feedback" />
      <OutlinedTextField
        label={t('account.confirm.passwordRepeat')}
        type="password"
        {...form.field('passwordRepeat')}
        autoComplete="new-password"
        required
        testId="confirm-password-repeat"
      />
      <Button
        type="submit"
        variant="contained"
        loading={reset.isPending}
        data-testid="confirm-submit"
      >
        {t('account.confirm.submit')}
      </Button>
    </Stack>
  );
}
