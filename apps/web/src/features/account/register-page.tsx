import { type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { accountRoutes, RegisterBodySchema, type RegisterBody } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { LanguageMenu } from '../../app/shell/language-menu';
import { FORM_TEXT_KEYS, validateForm } from '../../app/validation';
import { GradientLayout } from '../../ui/gradient-layout';
import { MessageAlert } from '../../ui/message-alert';
import { OutlinedTextField } from '../../ui/outlined-text-field';
import { newPasswordError } from './new-password-error';
import { PasswordFeedback, usePasswordEstimate, weakPasswordError } from './password-strength';
import { useFormState } from './use-form-state';

const EMPTY = { username: '', email: '', displayName: '', password: '', passwordRepeat: '' };

export function RegisterPage() {
  const { t, has, locale } = useI18n();
  const form = useFormState(EMPTY, { onEdit: () => register.reset() });
  const estimate = usePasswordEstimate(form.values.password, form.values);
  const register = useMutation({
    mutationFn: (body: RegisterBody) => callApi(accountRoutes.register, { body }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { passwordRepeat, ...body } = form.values;
    const result = validateForm(RegisterBodySchema, { ...body, lang: locale }, t, has);
    const errors = result.ok ? {} : { ...result.errors };
    const policy = errors.password
      ? undefined
      : (newPasswordError(body.password, body, t) ?? weakPasswordError(estimate, t));
    if (policy) errors.password = policy;
    if (passwordRepeat !== body.password) errors.passwordRepeat = t(FORM_TEXT_KEYS.passwordsDiffer);
    form.setErrors(errors);
    if (result.ok && Object.keys(errors).length === 0) register.mutate(result.data);
  };

  return (
    <GradientLayout title={t('account.register.title')} actions={<LanguageMenu />}>
      {register.isSuccess ? (
        <Stack sx={{ gap: 2 }}>
          <MessageAlert
            message={t('account.register.checkMail', [register.data.email])}
            severity="success"
            testId="register-success"
          />
          <Button component={RouterLink} to="/account/login" variant="contained">
            {t('account.register.toLogin')}
          </Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
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
          <Link component={RouterLink} to="/account/login" data-testid="register-login">
            {t('account.register.haveAccount')}
          </Link>
        </Stack>
      )}
    </GradientLayout>
  );
}
