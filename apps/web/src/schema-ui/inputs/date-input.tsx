import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { formatDate, isIsoDate, parseDate, toIsoDate, type Field } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import type { FieldMessage, InputProps } from '../types';
import { Calendar } from './calendar';
import { fieldTestId, messageProps } from './input-parts';

/**
 * spec §5: birth dates cannot be in the future. The schema has no flag for it, so a date field
 * whose name speaks of birth (birthDate, dateOfBirth) is one.
 */
export function isBirthDateField(field: Field): boolean {
  const last = field.name.split('.').pop() ?? '';
  return /birth/i.test(last);
}

export interface DateInputProps extends InputProps {
  /** Overrides the control's test id (the datetime input holds a date and a time part). */
  testId?: string;
}

/**
 * A date typed freely in the locale format and parsed when the field is left (spec §5: the
 * year is forced to 4 digits), or chosen in a month picker whose week starts on Monday.
 */
export function DateInput(props: DateInputProps) {
  const { field, id, label, value, readonly, message, onChange, onInputMessage, onBlur } = props;
  const { t } = useI18n();
  const [pickerAnchor, setPickerAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState<{ text: string; value: unknown } | null>(null);
  const isBirthDate = isBirthDateField(field);
  const iso = typeof value === 'string' && isIsoDate(value) ? value : null;
  const text = draft && Object.is(draft.value, value) ? draft.text : formatDate(iso);

  const commit = () => {
    if (!draft || !Object.is(draft.value, value)) return;
    const result = parseDate(draft.text, { isBirthDate });
    let problem: FieldMessage | undefined;
    if (result.invalid) problem = { kind: 'error', text: t('input.date.invalid') };
    if (result.future) problem = { kind: 'error', text: t('input.date.future') };
    onInputMessage?.(problem);
    if (problem) return;
    setDraft(null);
    if (result.value !== value) onChange(result.value);
  };

  const choose = (chosen: string) => {
    setPickerAnchor(null);
    setDraft(null);
    onInputMessage?.(undefined);
    if (chosen !== value) onChange(chosen);
  };

  const shown = messageProps(message);
  return (
    <>
      <TextField
        id={id}
        label={label}
        value={text}
        disabled={readonly}
        fullWidth
        size="small"
        placeholder={t('input.date.placeholder')}
        error={shown.error}
        helperText={shown.helperText}
        onChange={(event) => setDraft({ text: event.target.value, value })}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        slotProps={{
          htmlInput: { 'data-testid': props.testId ?? fieldTestId(field), autoComplete: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size="small"
                  disabled={readonly}
                  aria-label={t('input.date.openPicker', [label])}
                  data-testid={`${props.testId ?? fieldTestId(field)}-picker`}
                  onClick={(event) => setPickerAnchor(event.currentTarget)}
                >
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
          formHelperText: { sx: shown.helperSx },
        }}
      />
      <Popover
        open={pickerAnchor !== null}
        anchorEl={pickerAnchor}
        onClose={() => setPickerAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Calendar
          value={iso}
          maxDate={isBirthDate ? toIsoDate(new Date()) : undefined}
          onSelect={choose}
        />
      </Popover>
    </>
  );
}
