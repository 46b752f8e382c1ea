import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { onboardingRoutes, type CompanyLookup } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { MessageAlert } from '../../ui/message-alert';
import { readOrganization, saveOrganization } from './onboarding-api';

interface StepProps {
  organizationId: string;
  /** The step's work is saved: the checklist marks it done. */
  onDone: () => void;
}

const COMPANY_FIELDS = ['name', 'address', 'postCode', 'town', 'countryCode'] as const;
type CompanyField = (typeof COMPANY_FIELDS)[number];
const EMPTY_COMPANY: Record<CompanyField, string> = {
  name: '',
  address: '',
  postCode: '',
  town: '',
  countryCode: 'SI',
};

/** The look-up's outcome as the line under the VAT ID. */
function lookupMessage(answer: CompanyLookup): { key: string; severity: 'success' | 'warning' } {
  if (answer.status === 'found') {
    return {
      key: answer.source === 'local' ? 'onboarding.company.foundLocal' : 'onboarding.company.found',
      severity: 'success',
    };
  }
  return { key: `onboarding.company.${answer.status}`, severity: 'warning' };
}

/**
 * Company data by VAT ID: the server asks the company register (ADR 0019) and the fields are
 * filled, editable; saving writes them to the organisation's record.
 */
export function CompanyStep({ organizationId, onDone }: StepProps) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [vatId, setVatId] = useState('');
  const [company, setCompany] = useState(EMPTY_COMPANY);
  const lookUp = useMutation({
    mutationFn: (value: string) =>
      callApi(onboardingRoutes.lookUpCompany, { organizationId, query: { vatId: value } }),
    onSuccess: (answer) => {
      setVatId(answer.vatId);
      if (answer.company) setCompany(answer.company);
    },
  });
  const save = useMutation({
    mutationFn: () => saveOrganization(organizationId, { taxNumber: vatId, ...company }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['organization', organizationId, 'current'] });
      onDone();
    },
  });
  const submitLookUp = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    if (vatId.trim()) lookUp.mutate(vatId);
  };
  const found = lookUp.data ? lookupMessage(lookUp.data) : undefined;
  return (
    <Stack sx={{ gap: 1.5, maxWidth: 520 }}>
      <Typography variant="body2">{t('onboarding.company.help')}</Typography>
      <Stack component="form" direction="row" sx={{ gap: 1 }} onSubmit={submitLookUp} noValidate>
        <TextField
          size="small"
          label={t('onboarding.company.vatId')}
          value={vatId}
          onChange={(event) => {
            setVatId(event.target.value);
            lookUp.reset();
          }}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'onboarding-vat-id' } }}
        />
        <Button
          type="submit"
          variant="outlined"
          loading={lookUp.isPending}
          data-testid="onboarding-look-up"
        >
          {t('onboarding.company.lookUp')}
        </Button>
      </Stack>
      <MessageAlert
        message={lookUp.isError ? formatApiError(lookUp.error, t) : found ? t(found.key) : null}
        severity={lookUp.isError ? 'error' : found?.severity}
        testId="onboarding-look-up-result"
      />
      {COMPANY_FIELDS.map((field) => (
        <TextField
          key={field}
          size="small"
          label={t(`onboarding.company.${field}`)}
          value={company[field]}
          onChange={(event) => setCompany((old) => ({ ...old, [field]: event.target.value }))}
          slotProps={{ htmlInput: { 'data-testid': `onboarding-company-${field}` } }}
        />
      ))}
      <MessageAlert
        message={save.isError ? formatApiError(save.error, t) : null}
        testId="onboarding-company-error"
      />
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        loading={save.isPending}
        disabled={!vatId.trim() || !company.name.trim()}
        onClick={() => save.mutate()}
        data-testid="onboarding-company-save"
      >
        {t('onboarding.company.save')}
      </Button>
    </Stack>
  );
}

/**
 * The paying bank account: the IBAN is checked and its bank and BIC come from the bank list;
 * it is saved as the organisation's default account.
 */
export function BankAccountStep({ organizationId, onDone }: StepProps) {
  const { t } = useI18n();
  const [iban, setIban] = useState('');
  const [bic, setBic] = useState('');
  const [bankName, setBankName] = useState('');
  const check = useMutation({
    mutationFn: (value: string) =>
      callApi(onboardingRoutes.bankOfIban, { organizationId, query: { iban: value } }),
    onSuccess: (answer) => {
      if (answer.problem) return;
      setIban(answer.iban);
      setBic(answer.bic ?? '');
      setBankName(answer.bankName ?? '');
    },
  });
  const save = useMutation({
    mutationFn: async () => {
      const current = await readOrganization(organizationId);
      const accounts = Array.isArray(current.organizationBankAccounts)
        ? (current.organizationBankAccounts as Record<string, unknown>[])
        : [];
      return saveOrganization(organizationId, {
        organizationBankAccounts: [
          ...accounts.map((account) => ({ ...account, isDefault: false })),
          { id: -1, code: iban, bic, displayText: bankName, isDefault: true, isActive: true },
        ],
      });
    },
    onSuccess: onDone,
  });
  const problem = check.data?.problem;
  const unknownBank = check.data && !problem && check.data.bic === null;
  return (
    <Stack sx={{ gap: 1.5, maxWidth: 520 }}>
      <Typography variant="body2">{t('onboarding.bankAccount.help')}</Typography>
      <Stack
        component="form"
        direction="row"
        sx={{ gap: 1 }}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (iban.trim()) check.mutate(iban);
        }}
      >
        <TextField
          size="small"
          label={t('onboarding.bankAccount.iban')}
          value={iban}
          onChange={(event) => {
            setIban(event.target.value);
            check.reset();
          }}
          onBlur={() => {
            if (iban.trim() && !check.data) check.mutate(iban);
          }}
          error={Boolean(problem)}
          helperText={problem ? t(problem) : undefined}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'onboarding-iban' } }}
        />
        <Button
          type="submit"
          variant="outlined"
          loading={check.isPending}
          data-testid="onboarding-iban-check"
        >
          {t('onboarding.bankAccount.check')}
        </Button>
      </Stack>
      {unknownBank && (
        <MessageAlert message={t('onboarding.bankAccount.unknownBank')} severity="info" />
      )}
      <TextField
        size="small"
        label={t('onboarding.bankAccount.bic')}
        value={bic}
        onChange={(event) => setBic(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'onboarding-bic' } }}
      />
      <TextField
        size="small"
        label={t('onboarding.bankAccount.bankName')}
        value={bankName}
        onChange={(event) => setBankName(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'onboarding-bank-name' } }}
      />
      <MessageAlert
        message={
          check.isError
            ? formatApiError(check.error, t)
            : save.isError
              ? formatApiError(save.error, t)
              : null
        }
        testId="onboarding-bank-error"
      />
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        loading={save.isPending}
        disabled={!check.data || Boolean(problem)}
        onClick={() => save.mutate()}
        data-testid="onboarding-bank-save"
      >
        {t('onboarding.bankAccount.save')}
      </Button>
    </Stack>
  );
}
