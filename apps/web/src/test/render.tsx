import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/router';

/** Renders the whole app (or the given routes) at a path, as a browser would open it. */
export function renderApp(path: string, routes: RouteObject[] = appRoutes) {
  window.localStorage.setItem(
    'listina.locale',
    window.localStorage.getItem('listina.locale') ?? 'en-gb',
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...result, router, location };
}
