import { systemRoutes } from '@listina/contract';
import { callApi } from '../api/client';

/**
 * spec §7: an error-reporting service starts at boot. With a Sentry DSN from the server the
 * Sentry browser SDK is loaded on demand (it stays out of the main bundle); otherwise
 * uncaught errors are posted to the server, which logs them.
 */
type Reporter = (error: unknown) => void;

const MAX_REPORTS_PER_PAGE = 20;
let sent = 0;
let reporter: Reporter = postToServer;
const seen = new Set<string>();

export function reportError(error: unknown): void {
  reporter(error);
}

function postToServer(error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  const fingerprint = `${message}\n${stack ?? ''}`;
  // A broken page can throw in a loop: send each distinct error once, and only a few in all.
  if (seen.has(fingerprint) || sent >= MAX_REPORTS_PER_PAGE) return;
  seen.add(fingerprint);
  sent += 1;
  const body = {
    message: message.slice(0, 2000),
    ...(stack ? { stack: stack.slice(0, 20000) } : {}),
    url: window.location.href.slice(0, 2000),
  };
  callApi(systemRoutes.clientError, { body }).catch(() => {
    // Reporting must never cause another report.
  });
}

const onWindowError = (event: ErrorEvent) => reportError(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason);

export async function startErrorReporting(): Promise<void> {
  window.addEventListener('error', onWindowError);
  window.addEventListener('unhandledrejection', onRejection);
  const config = await callApi(systemRoutes.clientConfig).catch(() => null);
  const dsn = config?.sentryDsn;
  if (!config || !dsn) return; // keep posting to the server
  const { environment } = config;
  const Sentry = await import('@sentry/browser');
  Sentry.init({ dsn, environment });
  // Sentry installs its own global handlers.
  window.removeEventListener('error', onWindowError);
  window.removeEventListener('unhandledrejection', onRejection);
  reporter = (error) => {
    Sentry.captureException(error);
  };
}
