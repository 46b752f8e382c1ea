import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { daysInMonth, formatDate, toIsoDate, WEEK_STARTS_ON } from '@listina/forms';
import { useI18n } from '../../app/i18n';

interface CalendarProps {
  /** yyyy-mm-dd or null. */
  value: string | null;
  /** Days after this one (yyyy-mm-dd) cannot be chosen. */
  maxDate?: string;
  onSelect: (value: string) => void;
}

interface Month {
  year: number;
  /** 1–12 */
  month: number;
}

const pad2 = (value: number) => String(value).padStart(2, '0');
const isoOf = ({ year, month }: Month, day: number) => `${year}-${pad2(month)}-${pad2(day)}`;

function monthOf(value: string | null): Month {
  const iso = value ?? toIsoDate(new Date());
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) };
}

function addMonths({ year, month }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The weeks of a month as rows of 7 cells (day numbers, null before the 1st and after the last). */
function weeksOf(shown: Month): (number | null)[][] {
  const firstWeekday = new Date(shown.year, shown.month - 1, 1).getDay();
  // spec §5: the week starts on Monday.
  const blanks = (firstWeekday - WEEK_STARTS_ON + 7) % 7;
  const cells: (number | null)[] = Array.from({ length: blanks }, () => null);
  for (let day = 1; day <= daysInMonth(shown.year, shown.month); day += 1) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Weekday names from Monday, in the interface language (5 January 2026 is a Monday). */
function weekdayNames(locale: string): { short: string; long: string }[] {
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  return Array.from({ length: 7 }, (_, index) => {
    const date = new Date(2026, 0, 5 + ((index + WEEK_STARTS_ON - 1 + 7) % 7));
    return { short: short.format(date), long: long.format(date) };
  });
}

/** A month view for the date input's picker; days are buttons named by their full date. */
export function Calendar({ value, maxDate, onSelect }: CalendarProps) {
  const { t, locale } = useI18n();
  const [shown, setShown] = useState<Month>(() => monthOf(value));
  const today = toIsoDate(new Date());
  const title = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(shown.year, shown.month - 1, 1),
  );
  const titleId = `calendar-title-${shown.year}-${shown.month}`;

  return (
    <Box sx={{ p: 1, width: 280 }} data-testid="date-picker">
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <IconButton
          size="small"
          aria-label={t('input.date.previousMonth')}
          onClick={() => setShown((current) => addMonths(current, -1))}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Typography id={titleId} sx={{ flex: 1, textAlign: 'center' }} aria-live="polite">
          {title}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('input.date.nextMonth')}
          onClick={() => setShown((current) => addMonths(current, 1))}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box component="table" aria-labelledby={titleId} sx={{ width: '100%', borderSpacing: 0 }}>
        <thead>
          <tr>
            {weekdayNames(locale).map((name) => (
              <Box component="th" key={name.long} abbr={name.long} scope="col" sx={headSx}>
                {name.short}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(shown).map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => (
                <Box component="td" key={column} sx={{ p: 0, textAlign: 'center' }}>
                  {day !== null && (
                    <DayButton
                      iso={isoOf(shown, day)}
                      day={day}
                      isSelected={isoOf(shown, day) === value}
                      isToday={isoOf(shown, day) === today}
                      isDisabled={maxDate !== undefined && isoOf(shown, day) > maxDate}
                      onSelect={onSelect}
                    />
                  )}
                </Box>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

const headSx = { fontWeight: 'normal', fontSize: '0.75rem', color: 'text.secondary', py: 0.5 };

interface DayButtonProps {
  iso: string;
  day: number;
  isSelected: boolean;
  isToday: boolean;
  isDisabled: boolean;
  onSelect: (value: string) => void;
}

function DayButton({ iso, day, isSelected, isToday, isDisabled, onSelect }: DayButtonProps) {
  return (
    <ButtonBase
      aria-label={formatDate(iso)}
      aria-pressed={isSelected}
      disabled={isDisabled}
      onClick={() => onSelect(iso)}
      sx={{
        width: 34,
        height: 34,
        borderRadius: '50%',
        border: isToday ? 1 : 0,
        borderColor: 'primary.main',
        bgcolor: isSelected ? 'primary.main' : undefined,
        color: isSelected ? 'primary.contrastText' : isDisabled ? 'text.disabled' : undefined,
        '&:hover': { bgcolor: isSelected ? 'primary.dark' : 'action.hover' },
      }}
    >
      {day}
    </ButtonBase>
  );
}
