import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('retention settings', () => {
  it('reads the periods and the interval, 0 keeping forever and turning the schedule off', () => {
    const config = loadConfig({
      AUDIT_LOG_RETENTION_DAYS: '0',
      NOTIFICATION_RETENTION_DAYS: '14',
      JOB_RETENTION_DAYS: '7',
      SIGN_IN_AUDIT_DAYS: '30',
      RETENTION_INTERVAL_MINUTES: '0',
      LOGIN_FAILURE_MEMORY_HOURS: '2',
    });
    expect(config.retention).toEqual({
      auditLogDays: 0,
      notificationDays: 14,
      jobDays: 7,
      signInDays: 30,
      loginFailureMs: 7_200_000,
      intervalMinutes: 0,
    });
  });

  it('forgets failed sign-ins after the longest of their memory, the rate window and the hour of the reset limits', () => {
    const config = loadConfig({
      LOGIN_FAILURE_MEMORY_HOURS: '0.1',
      LOGIN_RATE_WINDOW_SECONDS: '7200',
    });
    expect(config.retention.loginFailureMs).toBe(7_200_000);
    const short = loadConfig({
      LOGIN_FAILURE_MEMORY_HOURS: '0.1',
      LOGIN_RATE_WINDOW_SECONDS: '900',
    });
    expect(short.retention.loginFailureMs).toBe(3_600_000);
  });

  it('refuses negative, fractional and huge periods at start, naming each setting', () => {
    let message = '';
    try {
      loadConfig({
        AUDIT_LOG_RETENTION_DAYS: '-1',
        NOTIFICATION_RETENTION_DAYS: '1.5',
        JOB_RETENTION_DAYS: '99999',
        RETENTION_INTERVAL_MINUTES: 'hourly',
      });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toContain(
      'AUDIT_LOG_RETENTION_DAYS: must be a whole number of days (0: keep forever) (got "-1")',
    );
    expect(message).toContain(
      'NOTIFICATION_RETENTION_DAYS: must be a whole number of days (0: keep forever) (got "1.5")',
    );
    expect(message).toContain('JOB_RETENTION_DAYS: must be at most 36500 days');
    expect(message).toContain('RETENTION_INTERVAL_MINUTES:');
    expect(message).toContain('(got "hourly")');
  });
});
