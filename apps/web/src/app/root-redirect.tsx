import { useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { accountRoutes } from '@listina/contract';
import { callApi } from '../api/client';
import { LOGIN_PATH } from './guard';
import { useSession } from './session';

/** Navigation state that asks / to sign the user out first (the user menu's logout). */
export const SIGN_OUT_STATE = { signOut: true } as const;

function asksSignOut(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'signOut' in state;
}

/**
 * spec §2 `/`: signed in with an active organisation → /o/{id}; signed in without one →
 * /account/addorg; otherwise the login page. Logout lands here too (spec: it returns to /):
 * signing out on this route keeps the guard from adding a returnUrl to the login link.
 */
export function RootRedirect() {
  const session = useSession();
  const location = useLocation();
  const isSigningOut = asksSignOut(location.state) && session.status === 'signedIn';
  const started = useRef(false);
  const { signOut } = session;

  useEffect(() => {
    if (!isSigningOut || started.current) return;
    started.current = true;
    // The request takes the apikey when it is built, so the session can end at once.
    callApi(accountRoutes.logout).catch(() => undefined);
    signOut();
  }, [isSigningOut, signOut]);

  if (isSigningOut) return null;
  if (session.status !== 'signedIn') return <Navigate to={LOGIN_PATH} replace />;
  if (session.activeOrganization) {
    return <Navigate to={`/o/${session.activeOrganization.id}`} replace />;
  }
  return <Navigate to="/account/addorg" replace />;
}
