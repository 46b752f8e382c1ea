import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { en } from '../test/catalogue';
import { fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render';
import { RootLayout } from './guard';
import { lazyPage, withTimeout } from './lazy-page';
import { RouteErrorPage } from './route-error-page';

function appWith(page: ReturnType<typeof lazyPage>) {
  const Page = page;
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [{ path: '/page', element: <Page />, handle: { access: 'any' as const } }],
    },
  ];
}

describe('lazy pages', () => {
  it('offer a reload when the chunk fails to load, and report it', async () => {
    const calls = fakeApi();
    const Broken = lazyPage(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      (m: { Page: () => null }) => m.Page,
    );
    renderApp('/page', appWith(Broken));
    expect((await screen.findByRole('alert')).textContent).toBe(en('common.chunkLoadError'));
    expect(screen.getByTestId('error-reload').textContent).toBe(en('common.reload'));
    // The report is sent after the error page is drawn: it may arrive a moment later.
    await waitFor(() => {
      const report = calls.find((call) => call.path === '/api/client-error');
      expect(report?.body).toMatchObject({
        message: expect.stringContaining('ChunkLoadError') as unknown,
      });
    });
  });

  it('raise the same error when the chunk does not arrive in time', async () => {
    fakeApi();
    const Slow = lazyPage(
      () => new Promise<{ Page: () => null }>(() => undefined),
      (m) => m.Page,
      30,
    );
    renderApp('/page', appWith(Slow));
    expect((await screen.findByRole('alert')).textContent).toBe(en('common.chunkLoadError'));
  });

  it('withTimeout passes a value through in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 50)).resolves.toBe(7);
    await expect(withTimeout(new Promise(() => undefined), 10)).rejects.toThrow(
      'timed out after 10 ms',
    );
  });
});
