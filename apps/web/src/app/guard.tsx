import { Suspense, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useParams, type UIMatch } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatApiError } from '../api/format-error';
import { CenteredProgress } from '../ui/centered-progress';
import { MessageAlert } from '../ui/message-alert';
import { useI18n } from './i18n';
import { useSession } from './session';
import { LeaveGuard } from './leave-guard';

/** Who may open a route: anyone signed in ('user', the default), only visitors, or both. */
export type RouteAccess = 'user' | 'anonymous' | 'any';
export interface RouteHandle {
  access?: RouteAccess;
}

export const LOGIN_PATH = '/account/login';

export function routeAccess(matches: readonly UIMatch[]): RouteAccess {
  for (const match of [...matches].reverse()) {
    const access = (match.handle as RouteHandle | undefined)?.access;
    if (access) return access;
  }
  return 'user';
}

export function loginUrl(returnUrl: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ returnUrl }).toString()}`;
}

/** Only paths of this application are followed after login (no open redirect). */
export function safeReturnUrl(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith(LOGIN_PATH)) return null;
  return value;
}

/**
 * The root of every route: waits for the session, then applies the global guard of spec §2
 * (unauthenticated users on non-anonymous routes go to login with a returnUrl).
 */
export function RootLayout() {
  const session = useSession();
  const matches = useMatches();
  const location = useLocation();
  const access = routeAccess(matches);
  if (session.status === 'loading') return <CenteredProgress />;
  if (session.status === 'failed' && access !== 'anonymous') return <SessionLoadError />;
  if (access === 'user' && session.status !== 'signedIn') {
    return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  }
  return (
    <LeaveGuard>
      <Suspense fallback={<CenteredProgress />}>
        <Outlet />
      </Suspense>
    </LeaveGuard>
  );
}

function SessionLoadError() {
  const { t } = useI18n();
  const session = useSession();
  return (
    <Stack sx={{ maxWidth: 480, mx: 'auto', mt: 8, gap: 2 }}>
      <MessageAlert message={formatApiError(session.loadError, t)} testId="session-error" />
      <Button variant="contained" onClick={session.retry} data-testid="session-retry">
        {t('common.retry')}
      </Button>
    </Stack>
  );
}

/**
 * spec §2: a route's organizationId switches the active organisation; an organisation the
 * user does not belong to sends them to / before anything of it is requested or shown.
 */
export function OrganizationRoute() {
  const { organizationId } = useParams();
  const { organizations, activeOrganization, selectOrganization } = useSession();
  const isMember = organizations.some((organization) => organization.id === organizationId);
  const isActive = activeOrganization?.id === organizationId;

  useLayoutEffect(() => {
    if (isMember && !isActive && organizationId) selectOrganization(organizationId);
  }, [isMember, isActive, organizationId, selectOrganization]);

  if (!isMember) return <Navigate to="/" replace />;
  if (!isActive) return null;
  return <Outlet />;
}
