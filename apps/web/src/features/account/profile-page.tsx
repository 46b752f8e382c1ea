import { type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { accountRoutes, UpdateProfileBodySchema, type Profile } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { validateForm } from '../../app/validation';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { PageCard } from '../../ui/page-card';
import { SessionsSection, SignInsSection } from './account-security';
import { NotificationSettingsSection } from './notification-settings';
import { useFormState } from './use-form-state';

const profileQueryKey = ['account', 'profile'] as const;

export function ProfilePage() {
  const { t, languages } = useI18n();
  const profile = useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => callApi(accountRoutes.getProfile, { signal }),
  });
  let content;
  if (profile.isPending) content = <CenteredProgress />;
  else if (profile.isError) {
    content = <MessageAlert message={formatApiError(profile.error, t)} testId="profile-error" />;
  } else content = <ProfileForm profile={profile.data} />;
  // Mails are written in the profile's language (the saved one, not the one being chosen).
  const languageName = languages.find((language) => language.code === profile.data?.lang)?.name;
  return (
    <PageCard title={t('account.profile.title')} testId="profile-page" maxWidth={720}>
      {content}
      <NotificationSettingsSection languageName={languageName} />
      <SessionsSection />
      <SignInsSection />
    </PageCard>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t, has, languages, setLocale } = useI18n();
  const queryClient = useQueryClient();
  const form = useFormState(
    { displayName: profile.displayName, lang: profile.lang },
    { onEdit: () => save.reset() },
  );
  const save = useMutation({
    mutationFn: (body: { displayName: string; lang: string }) =>
      callApi(accountRoutes.updateProfile, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['account', 'me'] });
      setLocale(saved.lang); // the chosen language applies at once
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(UpdateProfileBodySchema, form.values, t, has);
    form.setErrors(result.ok ? {} : result.errors);
    if (result.ok) save.mutate(result.data);
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
      <MessageAlert
        message={save.isError ? formatApiError(save.error, t) : null}
        testId="profile-error"
      />
      <MessageAlert
        message={save.isSuccess ? t('account.profile.saved') : null}
        severity="success"
        testId="profile-success"
      />
      <TextField label={t('account.profile.username')} value={profile.username} disabled />
      <TextField label={t('account.profile.email')} value={profile.email} disabled />
      <TextField
        label={t('account.profile.displayName')}
        {...form.field('displayName')}
        required
        slotProps={{ htmlInput: { 'data-testid': 'profile-display-name' } }}
      />
      <TextField
        select
        label={t('account.profile.language')}
        {...form.field('lang')}
        data-testid="profile-language"
      >
        {languages.map((language) => (
          <MenuItem key={language.code} value={language.code}>
            {language.name}
          </MenuItem>
        ))}
      </TextField>
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        data-testid="profile-submit"
      >
        {t('common.save')}
      </Button>
      <Link component={RouterLink} to="/account/changepwd" data-testid="profile-changepwd">
        {t('account.changePassword.title')}
      </Link>
    </Stack>
  );
}
