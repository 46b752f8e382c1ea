import Box from '@mui/material/Box';
import { toIsoDate } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import type { InputProps } from '../types';
import { DateInput } from './date-input';
import { fieldTestId } from './input-parts';
import { TimeInput } from './time-input';

const pad2 = (value: number) => String(value).padStart(2, '0');

interface DateTimeParts {
  date: string | null;
  time: string | null;
}

/** An ISO datetime as the local calendar date and time of day the user reads. */
export function splitDateTime(value: unknown): DateTimeParts {
  if (typeof value !== 'string' || value === '') return { date: null, time: null };
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return { date: null, time: null };
  return {
    date: toIsoDate(moment),
    time: `${pad2(moment.getHours())}:${pad2(moment.getMinutes())}`,
  };
}

/** The local date and time as an ISO datetime; a date without a time is its midnight. */
export function joinDateTime({ date, time }: DateTimeParts): string | null {
  if (date === null) return null;
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = (time ?? '00:00').split(':').map(Number);
  return new Date(year, month - 1, day, hours, minutes).toISOString();
}

/** A datetime as a date input and a time input side by side, stored as one ISO string. */
export function DateTimeInput(props: InputProps) {
  const { t } = useI18n();
  const parts = splitDateTime(props.value);
  const update = (patch: Partial<DateTimeParts>) => {
    const next = joinDateTime({ ...parts, ...patch });
    if (next !== props.value) props.onChange(next);
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 3 }}>
        <DateInput
          {...props}
          value={parts.date}
          onChange={(date) => update({ date: typeof date === 'string' ? date : null })}
        />
      </Box>
      <Box sx={{ flex: 2 }}>
        <TimeInput
          {...props}
          id={`${props.id}-time`}
          label={t('input.datetime.time', [props.label])}
          message={undefined}
          value={parts.time}
          testId={fieldTestId(props.field, 'time')}
          onChange={(time) => update({ time: typeof time === 'string' ? time : null })}
        />
      </Box>
    </Box>
  );
}
