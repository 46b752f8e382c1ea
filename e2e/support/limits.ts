/**
 * The server's sign-in limits for the suite, short so that a test can wait a lock out and the
 * other specs signing in as the same demo user are not kept out for long: after three failures
 * a username is locked for 10 s (doubling with each further failure, docs/security.md). The
 * per-address window stays 10 s as well.
 */
export const LOGIN_RATE_WINDOW_SECONDS = 10;
export const LOGIN_RATE_MAX_PER_USER = 3;
/** The first lock of a username after LOGIN_RATE_MAX_PER_USER failures. */
export const LOGIN_LOCK_BASE_SECONDS = 10;
