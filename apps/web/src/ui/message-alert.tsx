import Alert, { type AlertColor } from '@mui/material/Alert';

interface MessageAlertProps {
  message: string | null | undefined;
  severity?: AlertColor;
  testId?: string;
}

/** An alert that keeps the line breaks of a spec §8 formatted error; renders nothing without text. */
export function MessageAlert({ message, severity = 'error', testId }: MessageAlertProps) {
  if (!message) return null;
  return (
    <Alert severity={severity} data-testid={testId} sx={{ whiteSpace: 'pre-line', my: 1 }}>
      {message}
    </Alert>
  );
}
