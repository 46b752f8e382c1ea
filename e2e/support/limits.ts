/**
 * The server's login rate limit for the suite: short, so a test can wait for the window to
 * pass. Not shorter: on a busy 2-core machine one attempt through the form took ~1.1 s, and
 * four attempts (three failures, then the refused one) must fit in one window.
 */
export const LOGIN_RATE_WINDOW_SECONDS = 10;
export const LOGIN_RATE_MAX_PER_USER = 3;
