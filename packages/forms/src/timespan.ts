import type { Message } from './messages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface Timespan extends Message {
  code: 'timespan.days' | 'timespan.hours' | 'timespan.minutes';
  parameters: [number];
}

/**
 * A duration (milliseconds) in the largest whole unit that fits (spec §5: days, hours or
 * minutes), rounded down: 3 days 5 hours is { code: 'timespan.days', parameters: [3] }.
 * Under a minute is 0 minutes; negative or non-finite durations (clock skew) count as 0.
 */
export function describeTimespan(milliseconds: number): Timespan {
  const duration = Number.isFinite(milliseconds) ? Math.max(0, milliseconds) : 0;
  if (duration >= DAY) return { code: 'timespan.days', parameters: [Math.floor(duration / DAY)] };
  if (duration >= HOUR) {
    return { code: 'timespan.hours', parameters: [Math.floor(duration / HOUR)] };
  }
  return { code: 'timespan.minutes', parameters: [Math.floor(duration / MINUTE)] };
}

/** Time spent between two instants, e.g. in a workflow step (from entering it until now). */
export function describeTimeBetween(from: Date | string, to: Date | string = new Date()): Timespan {
  return describeTimespan(new Date(to).getTime() - new Date(from).getTime());
}
