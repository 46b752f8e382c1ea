import { z } from 'zod';

/**
 * How long the tables that only grow keep their rows (docs/operations.md "Retention",
 * ADR 0013). The settings are read by config.ts, the only reader of process.env.
 */
export const DAY_MS = 86_400_000;

/** A setting in whole days, 0 meaning keep forever. */
export const days = (fallback: number) =>
  z.coerce
    .number()
    .int('must be a whole number of days (0: keep forever)')
    .min(0, 'must be a whole number of days (0: keep forever)')
    .max(36_500, 'must be at most 36500 days (0: keep forever)')
    .default(fallback);

/** Minutes between retention runs of a worker; 0 turns the schedule off. */
export const intervalMinutes = z.coerce
  .number()
  .int('must be whole minutes (0: never on a schedule)')
  .min(0, 'must be whole minutes (0: never on a schedule)')
  .max(10_080, 'must be at most 10080 minutes (a week)')
  .default(60);

export interface RetentionPolicy {
  /** Audit entries older than this many days are deleted; 0: kept forever. */
  auditLogDays: number;
  /** Read notifications older than this are deleted, unread ones at twice the age; 0: kept. */
  notificationDays: number;
  /** Finished jobs (done, failed, cancelled) older than this; queued or running never. */
  jobDays: number;
  /** The sign-in log (SIGN_IN_AUDIT_DAYS). */
  signInDays: number;
  /** Failed sign-ins are forgotten after this (the longer of the lock memory and the window). */
  loginFailureMs: number;
  /** Minutes between runs in a worker; 0: never on a schedule. */
  intervalMinutes: number;
}

/** Fixed periods of the housekeeping tables (what is kept after it stopped mattering). */
export const KEEP = {
  /** Undo actions, sessions and one-time codes: a day after they expired. */
  expiredMs: DAY_MS,
  /** Sent mails and mails given up on. */
  mailMs: 30 * DAY_MS,
  /**
   * Reminders sent (issue 26): past the longest reminder period (60 days before a due date),
   * so that a due-soon reminder is never forgotten while its due date is still ahead.
   */
  reminderMs: 90 * DAY_MS,
};

/** The policy of config.ts's parsed settings. */
export function policyOf(e: {
  AUDIT_LOG_RETENTION_DAYS: number;
  NOTIFICATION_RETENTION_DAYS: number;
  JOB_RETENTION_DAYS: number;
  SIGN_IN_AUDIT_DAYS: number;
  RETENTION_INTERVAL_MINUTES: number;
  LOGIN_FAILURE_MEMORY_HOURS: number;
  LOGIN_RATE_WINDOW_SECONDS: number;
}): RetentionPolicy {
  return {
    auditLogDays: e.AUDIT_LOG_RETENTION_DAYS,
    notificationDays: e.NOTIFICATION_RETENTION_DAYS,
    jobDays: e.JOB_RETENTION_DAYS,
    signInDays: e.SIGN_IN_AUDIT_DAYS,
    loginFailureMs: Math.max(
      e.LOGIN_FAILURE_MEMORY_HOURS * 3_600_000,
      e.LOGIN_RATE_WINDOW_SECONDS * 1000,
      // The hourly limits of password resets and registrations count in the same table.
      3_600_000,
    ),
    intervalMinutes: e.RETENTION_INTERVAL_MINUTES,
  };
}
