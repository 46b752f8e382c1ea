import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { InviteBodySchema, invitationRoutes } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { validateForm } from '../../app/validation';
import { MessageAlert } from '../../ui/message-alert';

/** The organisation's roles an invitation may give (spec §6), the commonest first. */
export const INVITABLE_ROLES = [
  'user',
  'approver',
  'accountant',
  'dataentry',
  'dataentryextended',
  'orgadmin',
] as const;

/**
 * Members invited by e-mail with roles: the invitee gets a link that works once, for seven
 * days; open invitations are listed and can be revoked.
 */
export function MembersStep({
  organizationId,
  onDone,
}: {
  organizationId: string;
  onDone: () => void;
}) {
  const { t, has } = useI18n();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<string[]>(['user']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const listKey = ['organization', organizationId, 'invitations'];
  const open = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => callApi(invitationRoutes.list, { organizationId, signal }),
  });
  const invite = useMutation({
    mutationFn: (body: { email: string; roles: string[] }) =>
      callApi(invitationRoutes.create, { organizationId, body }),
    onSuccess: () => {
      setEmail('');
      void client.invalidateQueries({ queryKey: listKey });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      callApi(invitationRoutes.revoke, { organizationId, params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: listKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(InviteBodySchema, { email, roles }, t, has);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) invite.mutate(result.data);
  };
  const toggle = (role: string, isOn: boolean) => {
    invite.reset();
    setRoles((old) => (isOn ? [...old, role] : old.filter((r) => r !== role)));
  };
  const items = open.data?.items ?? [];
  return (
    <Stack sx={{ gap: 1.5, maxWidth: 520 }}>
      <Typography variant="body2">{t('onboarding.members.help')}</Typography>
      <Stack component="form" sx={{ gap: 1 }} onSubmit={submit} noValidate>
        <TextField
          size="small"
          type="email"
          label={t('onboarding.members.email')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            invite.reset();
          }}
          error={Boolean(errors.email)}
          helperText={errors.email}
          slotProps={{ htmlInput: { 'data-testid': 'onboarding-invite-email' } }}
        />
        <FormLabel component="legend">{t('onboarding.members.roles')}</FormLabel>
        <FormGroup row>
          {INVITABLE_ROLES.map((role) => (
            <FormControlLabel
              key={role}
              label={t(`onboarding.role.${role}`)}
              control={
                <Checkbox
                  size="small"
                  checked={roles.includes(role)}
                  onChange={(event) => toggle(role, event.target.checked)}
                  slotProps={{ input: { 'data-testid': `onboarding-role-${role}` } as object }}
                />
              }
            />
          ))}
        </FormGroup>
        {errors.roles && <MessageAlert message={errors.roles} />}
        <MessageAlert
          message={
            invite.isError
              ? formatApiError(invite.error, t)
              : invite.isSuccess
                ? t('onboarding.members.sent', [invite.data.email])
                : null
          }
          severity={invite.isError ? 'error' : 'success'}
          testId="onboarding-invite-result"
        />
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            loading={invite.isPending}
            data-testid="onboarding-invite"
          >
            {t('onboarding.members.invite')}
          </Button>
          <Button
            onClick={onDone}
            disabled={items.length === 0}
            data-testid="onboarding-members-done"
          >
            {t('onboarding.members.done')}
          </Button>
        </Stack>
      </Stack>
      {items.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            {t('onboarding.members.open')}
          </Typography>
          <List dense data-testid="onboarding-invitations">
            {items.map((item) => (
              <ListItem
                key={item.id}
                secondaryAction={
                  <Button size="small" onClick={() => revoke.mutate(item.id)}>
                    {t('onboarding.members.revoke')}
                  </Button>
                }
              >
                <ListItemText
                  primary={item.email}
                  secondary={item.roles.map((role) => t(`onboarding.role.${role}`)).join(', ')}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
      <MessageAlert message={revoke.isError ? formatApiError(revoke.error, t) : null} />
    </Stack>
  );
}
