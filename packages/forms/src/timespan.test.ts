import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages';
import { describeTimeBetween, describeTimespan } from './timespan';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('describeTimespan (spec §5: days, hours or minutes)', () => {
  it('picks the largest whole unit', () => {
    expect(describeTimespan(3 * DAY + 5 * HOUR)).toEqual({
      code: 'timespan.days',
      parameters: [3],
    });
    expect(describeTimespan(DAY)).toEqual({ code: 'timespan.days', parameters: [1] });
    expect(describeTimespan(DAY - 1)).toEqual({ code: 'timespan.hours', parameters: [23] });
    expect(describeTimespan(HOUR)).toEqual({ code: 'timespan.hours', parameters: [1] });
    expect(describeTimespan(59 * MINUTE + 59_999)).toEqual({
      code: 'timespan.minutes',
      parameters: [59],
    });
    expect(describeTimespan(30_000)).toEqual({ code: 'timespan.minutes', parameters: [0] });
  });

  it('counts negative and non-finite durations as zero minutes', () => {
    expect(describeTimespan(-5 * HOUR)).toEqual({ code: 'timespan.minutes', parameters: [0] });
    expect(describeTimespan(Number.NaN)).toEqual({ code: 'timespan.minutes', parameters: [0] });
  });

  it('measures the time spent between two instants', () => {
    expect(describeTimeBetween('2025-01-01T08:00:00Z', '2025-01-01T10:30:00Z')).toEqual({
      code: 'timespan.hours',
      parameters: [2],
    });
    expect(describeTimeBetween(new Date(Date.now() - 2 * DAY - HOUR))).toEqual({
      code: 'timespan.days',
      parameters: [2],
    });
  });
});

describe('formatMessage', () => {
  it('fills {0} {1} and leaves a placeholder without a parameter', () => {
    expect(formatMessage('field not in range [{0} {1}]', [1, '10'])).toBe(
      'field not in range [1 10]',
    );
    expect(formatMessage('{0} and {2}', ['a'])).toBe('a and {2}');
  });
});
