/** Times of day in the locale format hh:nn (spec §3). */

/** spec §9: time options every 15 minutes. */
export const TIME_STEP_MINUTES = 15;

export interface TimeParseResult {
  /** hh:nn, or null when the text is empty or invalid. */
  value: string | null;
  invalid: boolean;
}

const EMPTY: TimeParseResult = { value: null, invalid: false };
const INVALID: TimeParseResult = { value: null, invalid: true };

// '9', '9:', '9:5', '09:30', '9.30', '9,30', '9 30'.
const SEPARATED = /^(\d{1,2})(?:[:., ](\d{1,2})?)?$/;
// '930' (h + nn) and '0930' or '1415' (hh + nn).
const DIGITS_ONLY = /^(\d{1,2})(\d{2})$/;
// What formatTime accepts: h:nn or hh:nn, optionally with seconds as a database sends them.
const STORED_TIME = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

const pad2 = (value: number): string => String(value).padStart(2, '0');

function toTime(hours: number, minutes: number): string | null {
  if (hours > 23 || minutes > 59) return null;
  return `${pad2(hours)}:${pad2(minutes)}`;
}

/** Every time of day from 00:00 in steps of `stepMinutes` (spec §9: 15 → 00:00 … 23:45). */
export function timeOptions(stepMinutes: number = TIME_STEP_MINUTES): string[] {
  if (!Number.isInteger(stepMinutes) || stepMinutes < 1 || stepMinutes > 24 * 60) {
    throw new RangeError('stepMinutes must be an integer from 1 to 1440');
  }
  const options: string[] = [];
  for (let minute = 0; minute < 24 * 60; minute += stepMinutes) {
    options.push(`${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}`);
  }
  return options;
}

/** The 96 options of spec §9. */
export const TIME_OPTIONS: readonly string[] = Object.freeze(timeOptions());

/**
 * Parses a typed time (spec §5: missing parts are padded with zeros). Padding rules:
 * - hours alone are whole hours: '9' → 09:00, '14' → 14:00, '9:' → 09:00;
 * - after a separator (: . , or space) the minutes are a number, padded on the left:
 *   '9:5' → 09:05, '9:30' → 09:30;
 * - digits only: the last two are minutes: '930' → 09:30, '0930' and '1415' likewise.
 * Hours 0–23 and minutes 0–59; anything else (including seconds) is invalid. Never throws.
 */
export function parseTime(text: string): TimeParseResult {
  const trimmed = text.trim();
  if (trimmed === '') return EMPTY;
  const match = SEPARATED.exec(trimmed) ?? DIGITS_ONLY.exec(trimmed);
  if (!match) return INVALID;
  const value = toTime(Number(match[1]), Number(match[2] ?? '0'));
  return value === null ? INVALID : { value, invalid: false };
}

/** 'h:nn', 'hh:nn' or 'hh:nn:ss[.fff]' → 'hh:nn' (spec §3); '' for anything else. */
export function formatTime(value: string | null | undefined): string {
  const match = value ? STORED_TIME.exec(value) : null;
  if (!match) return '';
  return toTime(Number(match[1]), Number(match[2])) ?? '';
}
