/**
 * Dates typed in the locale format dd.mm.yyyy (spec §3) and stored as ISO yyyy-mm-dd.
 * Only the day-month-year order of the spec's locale is supported.
 */

/** spec §5: the date picker's week starts on Monday (0 = Sunday, as Date.getDay). */
export const WEEK_STARTS_ON = 1;

/**
 * spec §5 forces the year to 4 digits. A one- or two-digit year lands in the 100-year window
 * that ends this many years after today (in 2025: 00–45 → 2000–2045, 46–99 → 1946–1999), so
 * due dates a few years ahead and old dates both read naturally. Birth dates use a window
 * ending this year.
 */
export const TWO_DIGIT_YEAR_AHEAD = 20;

export interface DateParseOptions {
  /** spec §5: birth dates cannot be in the future. */
  isBirthDate?: boolean;
  /** Today as yyyy-mm-dd; default the local date. For tests and server-side determinism. */
  today?: string;
}

export interface DateParseResult {
  /** yyyy-mm-dd, or null when the text is empty, invalid or refused. */
  value: string | null;
  /** The text is not a date (including impossible ones such as 31.02.). */
  invalid: boolean;
  /** A birth date after today (spec §5). */
  future: boolean;
}

interface DateText {
  day: string;
  month: string;
  /** Undefined when the user left the year out: the current year is used. */
  year: string | undefined;
}

const EMPTY: DateParseResult = { value: null, invalid: false, future: false };
const INVALID: DateParseResult = { value: null, invalid: true, future: false };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INPUT = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
// d.m, d.m.yy, d.m.yyyy with . / - or space; a run such as '. ' counts as one separator.
const SEPARATED = /^(\d{1,2})[./\- ]+(\d{1,2})(?:[./\- ]+(\d{1,2}|\d{4}))?[./\- ]*$/;
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{2}|\d{4})?$/;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The local calendar date of `date` as yyyy-mm-dd. */
export function toIsoDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** True for a real calendar date written yyyy-mm-dd (2024-02-29 yes, 2023-02-29 no). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return isRealDate(year, month, day);
}

function isRealDate(year: number, month: number, day: number): boolean {
  return (
    year >= 1000 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

function splitDateText(text: string): DateText | undefined {
  const iso = ISO_INPUT.exec(text);
  if (iso) return { year: iso[1], month: iso[2] ?? '', day: iso[3] ?? '' };
  const match = SEPARATED.exec(text) ?? DIGITS_ONLY.exec(text);
  if (!match) return undefined;
  return { day: match[1] ?? '', month: match[2] ?? '', year: match[3] };
}

function resolveYear(raw: string | undefined, thisYear: number, isBirthDate: boolean): number {
  if (raw === undefined) return thisYear;
  const written = Number(raw);
  if (raw.length === 4) return written;
  const windowEnd = isBirthDate ? thisYear : thisYear + TWO_DIGIT_YEAR_AHEAD;
  const year = Math.floor(windowEnd / 100) * 100 + written;
  return year > windowEnd ? year - 100 : year;
}

/**
 * Parses a typed date (spec §5): 5.3.2024, 05.03.24, 5/3/24, 5-3-2024, '5. 3. 2024',
 * 05032024, 050324, 0503 and 5.3. (both without a year: this year), and ISO 2024-03-05.
 * Never throws on any text; an empty text gives `value: null` with no flag.
 */
export function parseDate(text: string, options: DateParseOptions = {}): DateParseResult {
  const trimmed = text.trim();
  if (trimmed === '') return EMPTY;
  const today = options.today ?? toIsoDate(new Date());
  const parts = splitDateText(trimmed);
  if (!parts) return INVALID;
  const year = resolveYear(parts.year, Number(today.slice(0, 4)), options.isBirthDate === true);
  const month = Number(parts.month);
  const day = Number(parts.day);
  if (!isRealDate(year, month, day)) return INVALID;
  const value = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  if (options.isBirthDate && value > today) return { value: null, invalid: false, future: true };
  return { value, invalid: false, future: false };
}

/** yyyy-mm-dd → dd.mm.yyyy (spec §3 locale format); '' for anything that is not a real date. */
export function formatDate(value: string | null | undefined): string {
  if (!value || !isIsoDate(value)) return '';
  const [year, month, day] = value.split('-');
  return `${day ?? ''}.${month ?? ''}.${year ?? ''}`;
}

/** yyyy-mm-dd moved by a number of calendar days (no time zone involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The Monday (WEEK_STARTS_ON) of a yyyy-mm-dd day's week. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday - WEEK_STARTS_ON + 7) % 7));
}
