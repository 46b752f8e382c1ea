import { type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { accountRoutes, ChangePasswordBodySchema } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { FORM_TEXT_KEYS, validateForm } from '../../app/validation';
import { MessageAlert } from '../../ui/message-alert';
import { PageCard } from '../../ui/page-card';
import { useSession } from '../../app/session';
import { newPasswordError } from './new-password-error';
import { PasswordFeedback, usePasswordEstimate, weakPasswordError } from './password-strength';
import { useFormState } from './use-form-state';

const EMPTY = { oldPassword: '', newPassword: '', passwordRepeat: '' };

export function ChangePasswordPage() {
  const { t, has } = useI18n();
  const { user } = useSession();
  const form = useFormState(EMPTY, { onEdit: () => change.reset() });
  const estimate = usePasswordEstimate(form.values.newPassword, user ?? {});
  const change = useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) =>
      callApi(accountRoutes.changePassword, { body }),
    onSuccess: () => form.setValues(EMPTY),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { passwordRepeat, ...body } = form.values;
    const result = validateForm(ChangePasswordBodySchema, body, t, has);
    const errors = result.ok ? {} : { ...result.errors };
    const policy = errors.newPassword
      ? undefined
      : (newPasswordError(body.newPassword, user ?? {}, t) ?? weakPasswordError(estimate, t));
    if (policy) errors.newPassword = policy;
    if (passwordRepeat !== body.newPassword) {
      errors.passwordRepeat = t(FORM_TEXT_KEYS.passwordsDiffer);
    }
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) change.mutate(body);
  };

  return (
    <PageCard title={t('account.changePassword.title')} testId="changepwd-page">
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
        <MessageAlert
          message={change.isError ? formatApiError(change.error, t) : null}
          testId="changepwd-error"
        />
        <MessageAlert
          message={change.isSuccess ? t('account.changePassword.success') : null}
          severity="success"
          testId="changepwd-success"
        />
        <TextField
          label={t('account.changePassword.oldPassword')}
          type="password"
          {...form.field('oldPassword')}
          autoComplete="current-password"
          required
          slotProps={{ htmlInput: { 'data-testid': 'changepwd-old' } }}
        />
        <TextField
          label={t('account.changePassword.newPassword')}
          type="password"
          {...form.field('newPassword')}
          autoComplete="new-password"
          required
          slotProps={{ htmlInput: { 'data-testid': 'changepwd-new' } }}
        />
        <PasswordFeedback estimate={estimate} testId="changepwd-new-feedback" />
        <TextField
          label={t('account.changePassword.passwordRepeat')}
          type="password"
          {...form.field('passwordRepeat')}
          autoComplete="new-password"
          required
          slotProps={{ htmlInput: { 'data-testid': 'changepwd-repeat' } }}
        />
        <Button
          type="submit"
          variant="contained"
          loading={change.isPending}
          data-testid="changepwd-submit"
        >
          {t('account.changePassword.submit')}
        </Button>
      </Stack>
    </PageCard>
  );
}
