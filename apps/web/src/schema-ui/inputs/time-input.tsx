import { useState, type FocusEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { formatTime, parseTime, timeOptions } from '@listina/forms';
import { TIME_OPTION_STEP_MINUTES } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import type { InputProps } from '../types';
import { fieldTestId, messageProps } from './input-parts';

// spec §9: time options every 15 minutes.
const OPTIONS = timeOptions(TIME_OPTION_STEP_MINUTES);
const PARTIAL_TIME = /^(\d{1,2})(?:[:.,](\d{0,2}))?$/;

/** The options that begin like the typed text ('9' → 09:00, 09:15 …; '9:3' → 09:30). */
function optionsFor(text: string, current: string): string[] {
  const match = PARTIAL_TIME.exec(text.trim());
  if (text.trim() === '' || text === current || !match) return OPTIONS;
  const hours = (match[1] ?? '').padStart(2, '0');
  const prefix = match[2] === undefined ? hours : `${hours}:${match[2]}`;
  const found = OPTIONS.filter((option) => option.startsWith(prefix));
  return found.length > 0 ? found : OPTIONS;
}

export interface TimeInputProps extends InputProps {
  testId?: string;
}

/**
 * A time typed freely (spec §5: missing parts padded with zeros, '9' → 09:00) or picked from
 * the 15-minute options; parsed when the field is left or an option is chosen.
 */
export function TimeInput(props: TimeInputProps) {
  const { field, id, label, value, readonly, message, onChange, onInputMessage, onBlur } = props;
  const { t } = useI18n();
  const current = formatTime(typeof value === 'string' ? value : null);
  const [draft, setDraft] = useState<{ text: string; value: unknown } | null>(null);
  const text = draft && Object.is(draft.value, value) ? draft.text : current;

  const commit = (typed: string) => {
    const result = parseTime(typed);
    if (result.invalid) {
      setDraft({ text: typed, value });
      onInputMessage?.({ kind: 'error', text: t('input.time.invalid') });
      return;
    }
    onInputMessage?.(undefined);
    setDraft(null);
    if (result.value !== (current === '' ? null : current)) onChange(result.value);
  };

  const shown = messageProps(message);
  return (
    <Autocomplete
      id={id}
      freeSolo
      disableClearable
      options={OPTIONS}
      value={current}
      inputValue={text}
      disabled={readonly}
      size="small"
      fullWidth
      filterOptions={() => optionsFor(text, current)}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') setDraft({ text: next, value });
      }}
      onChange={(_event, next) => commit(next)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={shown.error}
          helperText={shown.helperText}
          placeholder={t('input.time.placeholder')}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'data-testid': props.testId ?? fieldTestId(field),
              onBlur: (event: FocusEvent<HTMLInputElement>) => {
                params.slotProps.htmlInput.onBlur?.(event);
                if (draft && Object.is(draft.value, value)) commit(draft.text);
                onBlur?.();
              },
            },
            formHelperText: { sx: shown.helperSx },
          }}
        />
      )}
    />
  );
}
