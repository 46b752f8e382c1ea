import { type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ConnectBodySchema,
  CreateOrganizationBodySchema,
  organizationRoutes,
  type Organization,
} from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { useSession } from '../../app/session';
import { validateForm } from '../../app/validation';
import { MessageAlert } from '../../ui/message-alert';
import { PageCard } from '../../ui/page-card';
import { useFormState } from './use-form-state';

/** Joins the session and opens the organisation's home. */
function useLandInOrganization() {
  const { addOrganization } = useSession();
  const navigate = useNavigate();
  return ({ id, nameNick, roles }: Organization) => {
    addOrganization({ id, nameNick, roles });
    void navigate(`/o/${id}/home`);
  };
}

/** /account/addorg: connect to an organisation by its code, or create a new one. */
export function AddOrganizationPage() {
  const { t } = useI18n();
  const { organizations } = useSession();
  return (
    <PageCard title={t('account.addOrganization.title')} maxWidth={560} testId="addorg-page">
      {organizations.length === 0 && (
        <MessageAlert
          message={t('common.noOrganization')}
          severity="info"
          testId="no-organization"
        />
      )}
      <ConnectForm />
      <CreateForm />
    </PageCard>
  );
}

function ConnectForm() {
  const { t, has } = useI18n();
  const land = useLandInOrganization();
  const form = useFormState({ code: '' }, { onEdit: () => connect.reset() });
  const connect = useMutation({
    mutationFn: (code: string) => callApi(organizationRoutes.connect, { body: { code } }),
    onSuccess: land,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(ConnectBodySchema, form.values, t, has);
    form.setErrors(result.ok ? {} : result.errors);
    if (result.ok) connect.mutate(result.data.code);
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2, mt: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {t('account.addOrganization.connectTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('account.addOrganization.connectHelp')}
      </Typography>
      <MessageAlert
        message={connect.isError ? formatApiError(connect.error, t) : null}
        testId="addorg-connect-error"
      />
      <TextField
        label={t('account.addOrganization.code')}
        {...form.field('code')}
        required
        slotProps={{ htmlInput: { 'data-testid': 'addorg-code' } }}
      />
      <Button
        type="submit"
        variant="contained"
        loading={connect.isPending}
        data-testid="addorg-connect"
      >
        {t('account.addOrganization.connect')}
      </Button>
    </Stack>
  );
}

function CreateForm() {
  const { t, has } = useI18n();
  const land = useLandInOrganization();
  const form = useFormState(
    { name: '', nameNick: '', taxNumber: '' },
    { onEdit: () => create.reset() },
  );
  const create = useMutation({
    mutationFn: (body: { name: string; nameNick?: string; taxNumber?: string }) =>
      callApi(organizationRoutes.create, { body }),
    onSuccess: land,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { name, nameNick, taxNumber } = form.values;
    // Empty optional fields are left out rather than sent as ''.
    const body = {
      name,
      nameNick: nameNick.trim() || undefined,
      taxNumber: taxNumber.trim() || undefined,
    };
    const result = validateForm(CreateOrganizationBodySchema, body, t, has);
    form.setErrors(result.ok ? {} : result.errors);
    if (result.ok) create.mutate(result.data);
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2, mt: 4 }}>
      <Typography variant="subtitle1" component="h2">
        {t('account.addOrganization.createTitle')}
      </Typography>
      <MessageAlert
        message={create.isError ? formatApiError(create.error, t) : null}
        testId="addorg-create-error"
      />
      <TextField
        label={t('account.addOrganization.name')}
        {...form.field('name')}
        required
        slotProps={{ htmlInput: { 'data-testid': 'addorg-name' } }}
      />
      <TextField
        label={t('account.addOrganization.nameNick')}
        {...form.field('nameNick')}
        slotProps={{ htmlInput: { 'data-testid': 'addorg-name-nick' } }}
      />
      <TextField
        label={t('account.addOrganization.taxNumber')}
        {...form.field('taxNumber')}
        slotProps={{ htmlInput: { 'data-testid': 'addorg-tax-number' } }}
      />
      <Button
        type="submit"
        variant="contained"
        loading={create.isPending}
        data-testid="addorg-create"
      >
        {t('account.addOrganization.create')}
      </Button>
    </Stack>
  );
}
