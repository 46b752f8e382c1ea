import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  LOGIN_LOCK_BASE_SECONDS,
  LOGIN_RATE_MAX_PER_USER,
  LOGIN_RATE_WINDOW_SECONDS,
} from './support/limits';

/**
 * The suite runs the real product (apps/server serving the built apps/web) on its own port
 * and a fresh data directory, in Debian's Chromium (../shared/stack.md).
 */
const repoRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3310);
const baseURL = `http://127.0.0.1:${port}`;
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);

// Playwright evaluates this file in the runner and again in every worker: the runner makes the
// data directory once and hands it to the workers (and the specs) through the environment.
const dataRoot = path.join(os.tmpdir(), 'listina-e2e');
if (!process.env.E2E_DATA_DIR) {
  fs.mkdirSync(dataRoot, { recursive: true });
  removeOldRuns(dataRoot);
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(dataRoot, 'run-'));
}
const dataDir = process.env.E2E_DATA_DIR;

/** Keeps the last runs for looking into a failure, but not forever. */
function removeOldRuns(root: string) {
  const dayAgo = Date.now() - 24 * 3_600_000;
  for (const name of fs.readdirSync(root)) {
    const dir = path.join(root, name);
    if (fs.statSync(dir).mtimeMs < dayAgo) fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // The HTML report (with the kept screenshots attached) goes next to artifacts/screens, outside
  // outputDir, which Playwright empties when a run starts; `npx playwright show-report
  // artifacts/html` opens it.
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'artifacts/html' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/Ljubljana',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // Issue 26: a real SMTP listener that every mail of the product goes through; it writes
      // what it receives into DATA_DIR/mail, where the specs read it (support/mailbox.ts).
      command: 'npx tsx e2e/support/smtp-listener.ts',
      cwd: repoRoot,
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { SMTP_PORT: String(smtpPort), MAIL_DIR: path.join(dataDir, 'mail') },
    },
    {
      command: 'npx tsx apps/server/src/main.ts',
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      // SIGTERM lets the server close the embedded database cleanly.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        DATABASE_URL: '', // always the embedded database, whatever the shell exports
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SEED_DEMO: '1',
        // No browser test asks the EU's VAT register: the local register answers (ADR 0019).
        COMPANY_REGISTER_URL: 'off',
        LOGIN_RATE_WINDOW_SECONDS: String(LOGIN_RATE_WINDOW_SECONDS),
        LOGIN_RATE_MAX_PER_USER: String(LOGIN_RATE_MAX_PER_USER),
        LOGIN_LOCK_BASE_SECONDS: String(LOGIN_LOCK_BASE_SECONDS),
        // Every spec registers its own users, all from this machine's address.
        ACCOUNT_MAIL_MAX_PER_ADDRESS: '1000',
        // Issue 25: mailboxes are looked at every 5 s (the least allowed), besides IDLE's wake-up.
        INTAKE_POLL_SECONDS: '5',
        // Issue 26: a notification is mailed within a second (its file in DATA_DIR/mail).
        NOTIFY_MAIL_DELAY_SECONDS: '0',
        NOTIFY_DELIVERY_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
