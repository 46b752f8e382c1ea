import type { Db } from '../../db/create-db';
import { tooManyRequests } from '../../lib/errors';
import * as signInRepo from './sign-in.repository';

/**
 * Sliding-window limits of requests that mail something (password reset, registration):
 * docs/security.md "Controls: sessions and sign-in". The requests are counted in
 * login_failure under their own subject prefixes (reset:…, register:…), so the retention runs
 * prune them with the failed sign-ins.
 */

/** How long, and for how many requests, a limit of this module counts. */
export const MAIL_LIMIT_WINDOW_MS = 3_600_000;

export interface SubjectLimit {
  subject: string;
  max: number;
}

const secondsUntil = (time: number) => Math.max(1, Math.ceil((time - Date.now()) / 1000));

/** Seconds until the subject is below its limit again, or 0 when it is below now. */
async function waitOf(trx: Db, { subject, max }: SubjectLimit, since: Date) {
  const { count, oldest } = await signInRepo.failuresSince(trx, subject, since);
  if (count < max) return 0;
  return secondsUntil((oldest?.getTime() ?? Date.now()) + MAIL_LIMIT_WINDOW_MS);
}

/**
 * Counts one request against every subject, inside the caller's transaction; when any of
 * them is at its limit, counts nothing and throws 429 `code` with the seconds and the
 * minutes left (the route turns the seconds into Retry-After).
 */
export async function spendAllowance(trx: Db, limits: SubjectLimit[], code: string) {
  await signInRepo.lockSubjects(
    trx,
    limits.map((l) => l.subject),
  );
  const since = new Date(Date.now() - MAIL_LIMIT_WINDOW_MS);
  let seconds = 0;
  for (const limit of limits) seconds = Math.max(seconds, await waitOf(trx, limit, since));
  if (seconds > 0) throw tooManyRequests(code, [seconds, Math.ceil(seconds / 60)]);
  await signInRepo.recordFailures(
    trx,
    limits.map((l) => l.subject),
    since,
  );
}

/** Like spendAllowance, but answers false instead of throwing (for a mail sent quietly). */
export async function trySpendAllowance(trx: Db, limit: SubjectLimit) {
  await signInRepo.lockSubjects(trx, [limit.subject]);
  const since = new Date(Date.now() - MAIL_LIMIT_WINDOW_MS);
  if ((await waitOf(trx, limit, since)) > 0) return false;
  await signInRepo.recordFailures(trx, [limit.subject], since);
  return true;
}
