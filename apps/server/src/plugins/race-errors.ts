import type { MessageSpec } from '../lib/errors';

/**
 * Issue 22, double actions: two requests that write the same thing at the same moment (a
 * double click, a retrying client) are not a bug of the server. On PostgreSQL the loser meets
 * a unique index the other just filled, or is chosen to give way in a deadlock or a
 * serialization failure; it answers 409 in words, having changed nothing (its transaction is
 * rolled back), instead of a 500.
 */
const RACE_STATES: Record<string, string> = {
  '23505': 'errors.savedMeanwhile', // unique_violation
  '40001': 'errors.busyTryAgain', // serialization_failure
  '40P01': 'errors.busyTryAgain', // deadlock_detected
};

/** The 409 message of a write that lost a race, or undefined for any other error. */
export function raceOf(error: unknown): MessageSpec | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = RACE_STATES[String(error.code)];
  return code ? { code } : undefined;
}
