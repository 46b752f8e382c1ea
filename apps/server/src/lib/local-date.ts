/** Today as yyyy-mm-dd in the caller's zone (UTC when it sent none or an unknown one). */
export function localDate(timeZone: string | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** The caller's time zone when it is one (an IANA name), else UTC: safe to give to SQL. */
export function knownTimeZone(timeZone: string | undefined): string {
  if (!timeZone || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(timeZone)) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}
