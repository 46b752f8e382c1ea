import { createContext, use, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { Model } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { useI18n, type TFunction } from '../../app/i18n';

/** What a form action found, shown under the form until the action runs again. */
export interface FormActionResult {
  severity: 'success' | 'info' | 'warning' | 'error';
  /** A heading above the text (e.g. the step that failed). */
  title?: string;
  text: string;
}

/**
 * A button a table's edit dialog offers beside saving, run with the form's model as it is,
 * saved or not (issue 25: a mailbox's "Test connection"). A failed call is shown as the
 * spec §8 error it is; anything else the action answers itself.
 */
export interface FormAction {
  /** Part of the test ids: form-action-{name}, form-action-{name}-result. */
  name: string;
  labelId: string;
  run: (model: Model, t: TFunction) => Promise<FormActionResult>;
}

/**
 * The form actions of each table, given by the app (the schema UI knows no mailboxes); a
 * table without an entry has none.
 */
export const FormActionsContext = createContext<Readonly<Record<string, readonly FormAction[]>>>(
  {},
);

interface FormActionBarProps {
  table: string;
  model: Model;
  /** While the dialog saves or loads. */
  disabled: boolean;
}

/** The table's form actions as buttons, and what the last one found. */
export function FormActionBar({ table, model, disabled }: FormActionBarProps) {
  const { t } = useI18n();
  const actions = use(FormActionsContext)[table] ?? [];
  const [running, setRunning] = useState<string | null>(null);
  const [result, setResult] = useState<{ name: string; value: FormActionResult } | null>(null);
  if (actions.length === 0) return null;

  const run = async (action: FormAction) => {
    setRunning(action.name);
    setResult(null);
    let value: FormActionResult;
    try {
      value = await action.run(model, t);
    } catch (error) {
      value = { severity: 'error', text: formatApiError(error, t) };
    }
    setRunning(null);
    setResult({ name: action.name, value });
  };

  return (
    <Box sx={{ px: 3, pt: 1.5 }} data-testid="form-actions">
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {actions.map((action) => (
          <Button
            key={action.name}
            variant="outlined"
            size="small"
            disabled={disabled || running !== null}
            onClick={() => void run(action)}
            startIcon={running === action.name ? <CircularProgress size={16} /> : undefined}
            data-testid={`form-action-${action.name}`}
          >
            {t(action.labelId)}
          </Button>
        ))}
      </Stack>
      {result && (
        <Alert
          severity={result.value.severity}
          role={result.value.severity === 'error' ? 'alert' : 'status'}
          sx={{ mt: 1, whiteSpace: 'pre-line' }}
          data-testid={`form-action-${result.name}-result`}
        >
          {result.value.title && <AlertTitle>{result.value.title}</AlertTitle>}
          {result.value.text}
        </Alert>
      )}
    </Box>
  );
}
