import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { en } from '../test/catalogue';
import { fakeApi } from '../test/fake-api';
import { AppProviders } from './providers';
import { LeaveGuard, useUnsavedChanges } from './leave-guard';

/** A page with a form whose changes the test switches on, and a link elsewhere. */
function FormPage() {
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  return (
    <>
      <label>
        <input type="checkbox" checked={changed} onChange={(e) => setChanged(e.target.checked)} />
        Changed
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

function renderGuarded() {
  fakeApi();
  const router = createMemoryRouter(
    [
      {
        element: (
          <LeaveGuard>
            <Outlet />
          </LeaveGuard>
        ),
        children: [
          { path: '/form', element: <FormPage /> },
          { path: '/elsewhere', element: <p>Elsewhere page</p> },
        ],
      },
    ],
    { initialEntries: ['/start', '/form'], initialIndex: 1 },
  );
  const queryClient = new QueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

const beforeUnloadAsks = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('leaving a page with unsaved changes asks first (issue 24)', () => {
  it('lets a page without changes go at once, and reloading it is not held up', async () => {
    const { router, user } = renderGuarded();
    await user.click(await screen.findByText('Elsewhere'));
    expect(await screen.findByText('Elsewhere page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(beforeUnloadAsks()).toBe(false);
  });

  it('asks on a link: Stay keeps the page and its changes, Leave goes', async () => {
    const { router, user } = renderGuarded();
    await user.click(await screen.findByLabelText('Changed'));
    await user.click(screen.getByText('Elsewhere'));
    const dialog = await screen.findByTestId('leave-guard');
    expect(dialog.textContent).toContain(en('leaveGuard.text'));
    await user.click(screen.getByTestId('leave-guard-cancel'));
    await waitFor(() => expect(screen.queryByTestId('leave-guard')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText<HTMLInputElement>('Changed').checked).toBe(true);

    await user.click(screen.getByText('Elsewhere'));
    await user.click(await screen.findByTestId('leave-guard-confirm'));
    expect(await screen.findByText('Elsewhere page')).toBeTruthy();
  });

  it('asks on the back button, and the browser asks on reload or closing the tab', async () => {
    const { router, user } = renderGuarded();
    await user.click(await screen.findByLabelText('Changed'));
    expect(beforeUnloadAsks()).toBe(true);
    void router.navigate(-1);
    expect(await screen.findByTestId('leave-guard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');
    // Changes undone: nothing to ask about any more.
    await user.click(screen.getByTestId('leave-guard-cancel'));
    await user.click(screen.getByLabelText('Changed'));
    await waitFor(() => expect(beforeUnloadAsks()).toBe(false));
  });
});
