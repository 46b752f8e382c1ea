import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RedoIcon from '@mui/icons-material/Redo';
import type { Onboarding, OnboardingStep } from '@listina/contract';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { MessageAlert } from '../../ui/message-alert';
import { useOnboarding, useOnboardingChange } from './onboarding-api';
import { BankAccountStep, CompanyStep } from './onboarding-steps';
import { MembersStep } from './onboarding-members';

/**
 * A new organisation's first-day checklist on its home (issue 24): the steps with their state
 * and the progress, kept by the server so every member sees the same. Admins walk it: each
 * step can be done here or skipped; the list can be put away and brought back. It hides once
 * every step is done or skipped, and the home page keeps a button to show it again.
 */
export function OnboardingChecklist({ organizationId }: { organizationId: string }) {
  const { t } = useI18n();
  const onboarding = useOnboarding(organizationId);
  const change = useOnboardingChange(organizationId);
  const [isShownAgain, setShownAgain] = useState(false);

  if (onboarding.isPending) return null;
  if (onboarding.isError) {
    return <MessageAlert message={formatApiError(onboarding.error, t)} testId="onboarding-error" />;
  }
  const data = onboarding.data;
  const isAllFinished = data.finished === data.total;
  const isHidden = (data.isDismissed || isAllFinished) && !isShownAgain;
  if (isHidden) {
    return (
      <Button
        size="small"
        sx={{ mt: 2 }}
        onClick={() => {
          setShownAgain(true);
          if (data.isDismissed && data.canChange) change.dismiss.mutate(false);
        }}
        data-testid="onboarding-show"
      >
        {t('onboarding.show')}
      </Button>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} data-testid="onboarding">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('onboarding.title')}
        </Typography>
        <Typography color="text.secondary" data-testid="onboarding-progress">
          {t('onboarding.progress', [data.finished, data.total])}
        </Typography>
        {data.canChange && (
          <Button
            size="small"
            onClick={() => {
              setShownAgain(false);
              change.dismiss.mutate(true);
            }}
            data-testid="onboarding-hide"
          >
            {t('onboarding.hide')}
          </Button>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={(100 * data.finished) / data.total}
        sx={{ my: 1 }}
        aria-label={t('onboarding.progress', [data.finished, data.total])}
      />
      {!data.canChange && (
        <Typography color="text.secondary" variant="body2">
          {t('onboarding.readOnly')}
        </Typography>
      )}
      <MessageAlert
        message={
          change.step.isError
            ? formatApiError(change.step.error, t)
            : change.dismiss.isError
              ? formatApiError(change.dismiss.error, t)
              : null
        }
        testId="onboarding-change-error"
      />
      <Steps organizationId={organizationId} data={data} change={change} />
    </Paper>
  );
}

interface StepsProps {
  organizationId: string;
  data: Onboarding;
  change: ReturnType<typeof useOnboardingChange>;
}

function Steps({ organizationId, data, change }: StepsProps) {
  const { t } = useI18n();
  const firstOpen = data.steps.find((s) => s.state === 'open')?.step;
  const [chosen, setChosen] = useState<OnboardingStep | undefined>(undefined);
  const open = chosen ?? firstOpen;
  const finish = (name: OnboardingStep) => {
    setChosen(undefined);
    change.step.mutate({ name, state: 'done' });
  };
  const body: Record<OnboardingStep, ReactNode> = {
    company: <CompanyStep organizationId={organizationId} onDone={() => finish('company')} />,
    bankAccount: (
      <BankAccountStep organizationId={organizationId} onDone={() => finish('bankAccount')} />
    ),
    members: <MembersStep organizationId={organizationId} onDone={() => finish('members')} />,
    documentTypes: (
      <Stack sx={{ gap: 1 }}>
        <Typography variant="body2">{t('onboarding.documentTypes.text')}</Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={`/o/${organizationId}/cl/documentType`}>
            {t('onboarding.documentTypes.openTypes')}
          </Button>
          <Button component={RouterLink} to={`/o/${organizationId}/cl/workflow`}>
            {t('onboarding.documentTypes.openWorkflows')}
          </Button>
          <Button
            variant="contained"
            onClick={() => finish('documentTypes')}
            data-testid="onboarding-documentTypes-done"
          >
            {t('onboarding.documentTypes.understood')}
          </Button>
        </Stack>
      </Stack>
    ),
    firstUpload: (
      <Stack sx={{ gap: 1, alignItems: 'flex-start' }}>
        <Typography variant="body2">{t('onboarding.firstUpload.text')}</Typography>
        <Button
          variant="contained"
          component={RouterLink}
          to={`/o/${organizationId}/work/edit`}
          data-testid="onboarding-firstUpload-open"
        >
          {t('onboarding.firstUpload.open')}
        </Button>
      </Stack>
    ),
  };
  return (
    <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
      {data.steps.map(({ step, state }) => {
        const isOpen = open === step && data.canChange;
        return (
          <Box
            component="li"
            key={step}
            data-testid={`onboarding-step-${step}`}
            data-state={state}
            sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
              {state === 'done' ? (
                <CheckCircleIcon color="success" fontSize="small" />
              ) : state === 'skipped' ? (
                <RedoIcon color="disabled" fontSize="small" />
              ) : (
                <RadioButtonUncheckedIcon color="action" fontSize="small" />
              )}
              <Button
                color="inherit"
                sx={{ textTransform: 'none', justifyContent: 'flex-start', flex: 1 }}
                onClick={() => setChosen(step)}
                disabled={!data.canChange}
                aria-expanded={isOpen}
              >
                <Typography sx={{ fontWeight: isOpen ? 600 : 400 }}>
                  {t(`onboarding.${step}.title`)}
                </Typography>
              </Button>
              {state !== 'open' && <Chip size="small" label={t(`onboarding.state.${state}`)} />}
              {data.canChange && state === 'open' && (
                <Button
                  size="small"
                  onClick={() => {
                    setChosen(undefined);
                    change.step.mutate({ name: step, state: 'skipped' });
                  }}
                  data-testid={`onboarding-skip-${step}`}
                >
                  {t('onboarding.skip')}
                </Button>
              )}
            </Stack>
            {isOpen && <Box sx={{ pl: 4, pb: 1 }}>{body[step]}</Box>}
          </Box>
        );
      })}
    </Stack>
  );
}
