import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  DIGEST_HOURS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PREFERENCE_KINDS,
  notificationRoutes,
  type NotificationChannel,
  type NotificationPreferenceKind,
  type NotificationSettings,
} from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';

/** The section's id: every notification mail's List-Unsubscribe link ends in #notifications. */
export const NOTIFICATION_SETTINGS_ANCHOR = 'notifications';

export const notificationSettingsQueryKey = ['notification', 'settings'] as const;

/** Literal keys, so that the catalogue test sees each of them. */
const KIND_KEYS: Record<NotificationPreferenceKind, string> = {
  assigned: 'account.notificationSettings.kind.assigned',
  forwarded: 'account.notificationSettings.kind.forwarded',
  rejected: 'account.notificationSettings.kind.rejected',
  supplement: 'account.notificationSettings.kind.supplement',
  comment: 'account.notificationSettings.kind.comment',
  paymentRejected: 'account.notificationSettings.kind.paymentRejected',
  reminder: 'account.notificationSettings.kind.reminder',
};

const CHANNEL_KEYS: Record<NotificationChannel, string> = {
  app: 'account.notificationSettings.channel.app',
  mail: 'account.notificationSettings.channel.mail',
  digest: 'account.notificationSettings.channel.digest',
};

/** ISO weekdays, Monday (1) first, as the server counts them. */
const DAY_KEYS: Record<number, string> = {
  1: 'account.notificationSettings.day.1',
  2: 'account.notificationSettings.day.2',
  3: 'account.notificationSettings.day.3',
  4: 'account.notificationSettings.day.4',
  5: 'account.notificationSettings.day.5',
  6: 'account.notificationSettings.day.6',
  7: 'account.notificationSettings.day.7',
};
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const HOURS = Array.from(
  { length: DIGEST_HOURS.max - DIGEST_HOURS.min + 1 },
  (_, index) => DIGEST_HOURS.min + index,
);
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The IANA zones this browser knows; the saved one is kept among them even if it does not. */
function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

interface NotificationSettingsSectionProps {
  /** The profile's language name, which mails are written in; unknown while it loads. */
  languageName?: string | undefined;
}

/**
 * The profile page's notification settings (issue 26): a channel for each kind, and when the
 * daily digest goes out (hour, days, time zone). /account/profile#notifications, the link of
 * every notification mail, scrolls here once the settings are shown.
 */
export function NotificationSettingsSection({ languageName }: NotificationSettingsSectionProps) {
  const { t } = useI18n();
  const settings = useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => callApi(notificationRoutes.settings, { signal }),
  });
  const sectionRef = useScrollToAnchor(settings.isSuccess);

  let content;
  if (settings.isPending) content = <CenteredProgress />;
  else if (settings.isError) {
    content = (
      <MessageAlert
        message={formatApiError(settings.error, t)}
        testId="notification-settings-load-error"
      />
    );
  } else content = <SettingsForm saved={settings.data} />;

  return (
    <Stack
      id={NOTIFICATION_SETTINGS_ANCHOR}
      ref={sectionRef}
      sx={{ gap: 1.5, mt: 4, scrollMarginTop: 80 }}
      data-testid="notification-settings"
    >
      <Typography variant="subtitle1" component="h2">
        {t('account.notificationSettings.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('account.notificationSettings.help')}
      </Typography>
      {languageName && (
        <Typography variant="body2" color="text.secondary" data-testid="notification-language">
          {t('account.notificationSettings.language', [languageName])}
        </Typography>
      )}
      {content}
    </Stack>
  );
}

/**
 * Scrolls the section into view when the address names it, once its content is there (the
 * browser's own jump happens before the page has loaded anything).
 */
function useScrollToAnchor(isReady: boolean) {
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!isReady || done.current || hash !== `#${NOTIFICATION_SETTINGS_ANCHOR}`) return;
    done.current = true;
    // jsdom has no scrollIntoView.
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, [isReady, hash]);
  return ref;
}

function SettingsForm({ saved }: { saved: NotificationSettings }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<NotificationSettings>(saved);
  const zones = useMemo(() => timeZoneOptions(values.timeZone), [values.timeZone]);
  const save = useMutation({
    mutationFn: (body: NotificationSettings) => callApi(notificationRoutes.saveSettings, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationSettingsQueryKey, answer);
      setValues(answer);
    },
  });

  // Any edit clears the last save's message, as the profile form does.
  const edit = (change: Partial<NotificationSettings>) => {
    save.reset();
    setValues((current) => ({ ...current, ...change }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ ...values, digestDays: [...values.digestDays].sort((a, b) => a - b) });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
      <MessageAlert
        message={save.isError ? formatApiError(save.error, t) : null}
        testId="notification-settings-error"
      />
      <MessageAlert
        message={save.isSuccess ? t('account.notificationSettings.saved') : null}
        severity="success"
        testId="notification-settings-success"
      />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        data-testid="notification-channels"
      >
        {NOTIFICATION_PREFERENCE_KINDS.map((kind) => (
          <TextField
            key={kind}
            select
            size="small"
            label={t(KIND_KEYS[kind])}
            value={values.channels[kind]}
            onChange={(event) =>
              edit({
                channels: { ...values.channels, [kind]: event.target.value as NotificationChannel },
              })
            }
            data-testid={`notification-channel-${kind}`}
          >
            {NOTIFICATION_CHANNELS.map((channel) => (
              <MenuItem key={channel} value={channel}>
                {t(CHANNEL_KEYS[channel])}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {t('account.notificationSettings.digest')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <TextField
          select
          size="small"
          label={t('account.notificationSettings.digestHour')}
          value={values.digestHour}
          onChange={(event) => edit({ digestHour: Number(event.target.value) })}
          sx={{ minWidth: 140 }}
          data-testid="notification-digest-hour"
        >
          {HOURS.map((hour) => (
            <MenuItem key={hour} value={hour}>
              {hourText(hour)}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          options={zones}
          value={values.timeZone}
          disableClearable
          autoHighlight
          size="small"
          onChange={(_event, zone) => edit({ timeZone: zone })}
          noOptionsText={t('account.notificationSettings.noTimeZone')}
          sx={{ flex: 1 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('account.notificationSettings.timeZone')}
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  'data-testid': 'notification-time-zone',
                },
              }}
            />
          )}
        />
      </Stack>
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={{ mb: 1 }}>
          {t('account.notificationSettings.digestDays')}
        </FormLabel>
        <ToggleButtonGroup
          value={values.digestDays}
          onChange={(_event, days: number[]) => edit({ digestDays: days })}
          size="small"
          color="primary"
          sx={{ flexWrap: 'wrap' }}
          data-testid="notification-digest-days"
        >
          {DAYS.map((day) => (
            <ToggleButton
              key={day}
              value={day}
              sx={{ minWidth: 52 }}
              data-testid={`notification-day-${day}`}
            >
              {t(DAY_KEYS[day] ?? '')}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {values.digestDays.length === 0 && (
          <FormHelperText>{t('account.notificationSettings.noDays')}</FormHelperText>
        )}
      </FormControl>
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        data-testid="notification-settings-submit"
      >
        {t('common.save')}
      </Button>
    </Stack>
  );
}
