import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useI18n } from '../../app/i18n';
import type { InputProps } from '../types';
import { fieldTestId, messageProps, textOrNull } from './input-parts';
import { limit } from './text-input';

/**
 * password (issue 25): a secret typed into a masked text input. The value the record came
 * with (for a mailbox, the server's sealed password) is never revealed: the eye is offered
 * only for what the user has typed, and the first keystroke replaces the stored value rather
 * than appending to it.
 */
export function PasswordInput(props: InputProps) {
  const { field, id, label, value, readonly, message, onChange, onBlur } = props;
  const { t } = useI18n();
  const [isTyped, setTyped] = useState(false);
  const [isRevealed, setRevealed] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const canReveal = !readonly && (isTyped || text === '');
  const shown = messageProps(message);
  const toggleText = isRevealed ? t('input.password.hide') : t('input.password.show');

  return (
    <TextField
      id={id}
      label={label}
      type={canReveal && isRevealed ? 'text' : 'password'}
      value={text}
      disabled={readonly}
      fullWidth
      size="small"
      autoComplete="new-password"
      error={shown.error}
      helperText={shown.helperText}
      onFocus={(event) => {
        if (!isTyped) event.target.select();
      }}
      onChange={(event) => {
        setTyped(true);
        onChange(textOrNull(limit(event.target.value, field.maxLength)));
      }}
      onBlur={onBlur}
      slotProps={{
        htmlInput: { 'data-testid': fieldTestId(field), maxLength: field.maxLength },
        formHelperText: { sx: shown.helperSx },
        input: {
          endAdornment: canReveal ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={toggleText}
                title={toggleText}
                aria-pressed={isRevealed}
                onClick={() => setRevealed((current) => !current)}
                data-testid={fieldTestId(field, 'reveal')}
              >
                {isRevealed ? (
                  <VisibilityOffIcon fontSize="small" />
                ) : (
                  <VisibilityIcon fontSize="small" />
                )}
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
