import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import CasinoIcon from '@mui/icons-material/Casino';
import { contrastTextColour, isValidColour, randomColour } from '@listina/forms';
import { DEFAULT_COLOR } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import type { InputProps } from '../types';
import { fieldTestId, messageProps } from './input-parts';

/**
 * spec §2 and §5 colour picker: a #RRGGBB text input, a swatch showing the colour with black or
 * white text (whichever reads better on it) and a button that picks a random colour. An empty
 * field shows the default #EEEEEE.
 */
export function ColourInput(props: InputProps) {
  const { field, id, label, value, readonly, message, onChange, onInputMessage, onBlur } = props;
  const { t } = useI18n();
  const [draft, setDraft] = useState<{ text: string; value: unknown } | null>(null);
  const stored = isValidColour(value) ? value.toUpperCase() : '';
  const text = draft && Object.is(draft.value, value) ? draft.text : stored;
  const colour = isValidColour(text) ? text.toUpperCase() : stored || DEFAULT_COLOR;

  const change = (typed: string) => {
    const trimmed = typed.trim();
    const next = trimmed === '' ? null : isValidColour(trimmed) ? trimmed.toUpperCase() : value;
    setDraft({ text: typed, value: next });
    if (next !== value) onChange(next);
    if (next !== value || trimmed === '') onInputMessage?.(undefined);
  };

  const blur = () => {
    const typed = draft && Object.is(draft.value, value) ? draft.text.trim() : '';
    const isInvalid = typed !== '' && !isValidColour(typed);
    onInputMessage?.(isInvalid ? { kind: 'error', text: t('input.colour.invalid') } : undefined);
    if (!isInvalid) setDraft(null);
    onBlur?.();
  };

  const pickRandom = () => {
    const next = randomColour();
    setDraft(null);
    onInputMessage?.(undefined);
    onChange(next);
  };

  const shown = messageProps(message);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        id={id}
        label={label}
        value={text}
        disabled={readonly}
        size="small"
        placeholder={DEFAULT_COLOR}
        error={shown.error}
        helperText={shown.helperText}
        onChange={(event) => change(event.target.value)}
        onBlur={blur}
        sx={{ flex: 1 }}
        slotProps={{
          htmlInput: { 'data-testid': fieldTestId(field), maxLength: 7, autoComplete: 'off' },
          formHelperText: { sx: shown.helperSx },
        }}
      />
      <Box
        aria-hidden
        data-testid={fieldTestId(field, 'swatch')}
        sx={{
          width: 88,
          height: 40,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontFamily: 'monospace',
        }}
        style={{ backgroundColor: colour, color: contrastTextColour(colour) }}
      >
        {colour}
      </Box>
      <IconButton
        aria-label={t('input.colour.random')}
        title={t('input.colour.random')}
        disabled={readonly}
        data-testid={fieldTestId(field, 'random')}
        onClick={pickRandom}
      >
        <CasinoIcon />
      </IconButton>
    </Box>
  );
}
