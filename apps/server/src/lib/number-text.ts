import { formatNumber } from '@listina/forms';

/**
 * A size in MB as a message shows it: one decimal in the locale format of spec §3 ("12,3"),
 * never JavaScript's "12.3" (issue 24).
 */
export function megabytes(value: number): string {
  return formatNumber(value, { places: 1 });
}
