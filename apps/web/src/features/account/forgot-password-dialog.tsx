import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { accountRoutes, ForgotBodySchema } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { DIALOG_MAX_WIDTH } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { validateForm } from '../../app/validation';
import { MessageAlert } from '../../ui/message-alert';
import { OutlinedTextField } from '../../ui/outlined-text-field';

interface ForgotPasswordDialogProps {
  open: boolean;
  initialUsername: string;
  onClose: () => void;
}

/** spec §8: errors show in the dialog; on success it says an e-mail was sent. */
export function ForgotPasswordDialog({
  open,
  initialUsername,
  onClose,
}: ForgotPasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: DIALOG_MAX_WIDTH } } }}
      aria-labelledby="forgot-title"
    >
      {open && <ForgotPasswordForm initialUsername={initialUsername} onClose={onClose} />}
    </Dialog>
  );
}

function ForgotPasswordForm({ initialUsername, onClose }: Omit<ForgotPasswordDialogProps, 'open'>) {
  const { t, has } = useI18n();
  const [username, setUsername] = useState(initialUsername);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const forgot = useMutation({
    mutationFn: (value: string) => callApi(accountRoutes.forgot, { body: { username: value } }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // the dialog is a portal inside the login page's tree
    const result = validateForm(ForgotBodySchema, { username }, t, has);
    setFieldError(result.ok ? undefined : result.errors.username);
    if (result.ok) forgot.mutate(username);
  };

  return (
    <form noValidate onSubmit={submit} data-testid="forgot-dialog">
      <DialogTitle id="forgot-title">{t('account.forgot.title')}</DialogTitle>
      <DialogContent>
        {forgot.isSuccess ? (
          <MessageAlert
            message={t('account.forgot.sent')}
            severity="success"
            testId="forgot-success"
          />
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>{t('account.forgot.help')}</DialogContentText>
            <MessageAlert
              message={forgot.isError ? formatApiError(forgot.error, t) : null}
              testId="forgot-error"
            />
            <OutlinedTextField
              label={t('account.forgot.username')}
              value={username}
              onChange={(event) => {
                setUsername(event.target.value);
                setFieldError(undefined);
                forgot.reset();
              }}
              error={Boolean(fieldError)}
              helperText={fieldError}
              fullWidth
              autoFocus
              testId="forgot-username"
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="forgot-close">
          {t('common.close')}
        </Button>
        {!forgot.isSuccess && (
          <Button
            type="submit"
            variant="contained"
            loading={forgot.isPending}
            data-testid="forgot-submit"
          >
            {t('account.forgot.submit')}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}
