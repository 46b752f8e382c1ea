import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { startErrorReporting } from './app/error-reporting';
import { AppProviders } from './app/providers';
import { preloadMainLayout, routes } from './app/router';
import { readStored, STORAGE_KEYS } from './app/storage';

void startErrorReporting();
// A stored apikey most likely opens a signed-in page: fetch its shell with the session.
if (readStored(STORAGE_KEYS.apikey)) preloadMainLayout();

const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
