import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/router';
// The app loads the signed-in shell lazily; tests load it up front, so that a page behind it
// appears within a findBy's wait rather than after transforming the schema UI on demand.
import '../app/shell/main-layout';

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
