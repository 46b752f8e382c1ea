/** The server's login rate limit for the suite: short, so a test can wait for the window to pass. */
export const LOGIN_RATE_WINDOW_SECONDS = 3;
export const LOGIN_RATE_MAX_PER_USER = 3;
