import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PASSWORD_PROBLEMS, passwordSuggestionKey, passwordWarningKey } from '@listina/forms';
import type * as EstimatorModule from '@listina/forms/password-strength';
import type { PasswordEstimate } from '@listina/forms/password-strength';
import { useI18n, type TFunction } from '../../app/i18n';

type Estimator = typeof EstimatorModule;
let loading: Promise<Estimator> | undefined;

/**
 * The estimator with its dictionaries (zxcvbn-ts, about 1 MB): a chunk of its own, fetched by
 * the first page that sets a password, never by the sign-in page. A failed fetch is tried again
 * on the next keystroke; meanwhile the server's check still holds.
 */
function loadEstimator() {
  loading ??= import('@listina/forms/password-strength').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Typing is estimated after this pause, not on every key. */
const PAUSE_MS = 150;

/** The estimate of the password being typed; undefined until the estimator has answered. */
export function usePasswordEstimate(
  password: string,
  account: { username?: string | undefined; email?: string | undefined },
): PasswordEstimate | undefined {
  const [estimate, setEstimate] = useState<{ password: string; result: PasswordEstimate }>();
  const { username, email } = account;
  useEffect(() => {
    if (!password) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      loadEstimator()
        .then((estimator) => {
          if (!isCurrent) return;
          setEstimate({
            password,
            result: estimator.estimatePassword(password, { username, email }),
          });
        })
        .catch(() => undefined); // the server checks the password anyway
    }, PAUSE_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [password, username, email]);
  return estimate?.password === password ? estimate.result : undefined;
}

/** The field error of a password the estimator finds too weak, in the server's words. */
export function weakPasswordError(
  estimate: PasswordEstimate | undefined,
  t: TFunction,
): string | undefined {
  if (!estimate || estimate.isStrongEnough) return undefined;
  return t(estimate.warning ? passwordWarningKey(estimate.warning) : PASSWORD_PROBLEMS.weak);
}

/** How strong the password is, with the estimator's warning and suggestions, translated. */
export function PasswordFeedback({
  estimate,
  testId,
}: {
  estimate: PasswordEstimate | undefined;
  testId: string;
}) {
  const { t } = useI18n();
  if (!estimate) return null;
  const strength = t('password.strength.label', [t(`password.strength.${estimate.score}`)]);
  return (
    <Box data-testid={testId} aria-live="polite" sx={{ mt: -1 }}>
      <LinearProgress
        variant="determinate"
        value={(estimate.score + 1) * 20}
        color={estimate.isStrongEnough ? 'success' : 'warning'}
        aria-label={strength}
      />
      <Typography variant="caption" component="p" data-testid={`${testId}-strength`}>
        {strength}
      </Typography>
      {estimate.warning && (
        <Typography variant="body2" data-testid={`${testId}-warning`}>
          {t(passwordWarningKey(estimate.warning))}
        </Typography>
      )}
      {estimate.suggestions.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid={`${testId}-suggestions`}>
          {estimate.suggestions.map((suggestion) => (
            <Typography component="li" variant="body2" key={suggestion}>
              {t(passwordSuggestionKey(suggestion))}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
