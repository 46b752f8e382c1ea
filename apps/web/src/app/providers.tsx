import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { isApiRequestError } from '../api/api-error';
import { CACHE_STALE_MS } from './constants';
import { I18nProvider } from './i18n';
import { SessionProvider } from './session';
import { createAppTheme } from './theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_STALE_MS,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; a lost connection may.
        retry: (count, error) =>
          count < 2 && !(isApiRequestError(error) && error.status !== null && error.status < 500),
      },
    },
  });
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/** Query cache, theme, interface texts and the session, in the order each needs the other. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [theme] = useState(() => createAppTheme(window.location.hostname));
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <I18nProvider>
          <SessionProvider>{children}</SessionProvider>
        </I18nProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
