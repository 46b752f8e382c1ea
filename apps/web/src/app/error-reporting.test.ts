import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../test/fake-api';

const sentry = vi.hoisted(() => ({ init: vi.fn(), captureException: vi.fn() }));
vi.mock('@sentry/browser', () => sentry);

async function freshModule() {
  vi.resetModules();
  return import('./error-reporting');
}

function throwInPage(error: Error) {
  window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
}

describe('error reporting at boot', () => {
  it('posts uncaught errors and rejections to the server without a Sentry DSN', async () => {
    const calls = fakeApi();
    const { startErrorReporting } = await freshModule();
    await startErrorReporting();
    const error = new Error('page broke');
    throwInPage(error);
    throwInPage(error); // an error thrown again and again is sent once
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason: new Error('promise broke') });
    window.dispatchEvent(rejection);
    await vi.waitFor(() => {
      const reports = calls.filter((call) => call.path === '/api/client-error');
      expect(reports.map((call) => (call.body as { message: string }).message)).toEqual([
        'Error: page broke',
        'Error: promise broke',
      ]);
    });
    expect(sentry.init).not.toHaveBeenCalled();
  });

  it('loads Sentry when the server gives a DSN and reports through it', async () => {
    const calls = fakeApi({
      'GET /api/client-config': () =>
        json({ sentryDsn: 'https://key@sentry.example/1', environment: 'staging' }),
    });
    const { startErrorReporting, reportError } = await freshModule();
    await startErrorReporting();
    expect(sentry.init).toHaveBeenCalledWith({
      dsn: 'https://key@sentry.example/1',
      environment: 'staging',
    });
    const error = new Error('seen by sentry');
    reportError(error);
    expect(sentry.captureException).toHaveBeenCalledWith(error);
    expect(calls.some((call) => call.path === '/api/client-error')).toBe(false);
  });
});
