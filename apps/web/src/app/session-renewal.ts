import { useEffect } from 'react';
import { accountRoutes, type AuthToken } from '@listina/contract';
import { isApiRequestError } from '../api/api-error';
import { callApi } from '../api/client';
import { readStored, STORAGE_KEYS } from './storage';

/** An apikey is exchanged this long before it expires (or at half its remaining life, if sooner). */
export const RENEW_BEFORE_MS = 5 * 60_000;
/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2_147_483_647;

/** Milliseconds from `now` until an apikey expiring at `expiresAt` should be exchanged. */
export function renewalDelay(expiresAt: string, now = Date.now()): number {
  const left = Date.parse(expiresAt) - now;
  if (!Number.isFinite(left) || left <= 0) return 0;
  return Math.min(MAX_DELAY_MS, left - Math.min(RENEW_BEFORE_MS, left / 2));
}

export interface RenewalOptions {
  apikey: string | null;
  expiresAt: string | undefined;
  /** Keeps the new apikey (storage, API context, session) without forgetting any answer. */
  renew: (token: AuthToken) => void;
  /** Takes over an apikey another tab stored. */
  adopt: (apikey: string) => void;
  signOut: () => void;
}

/**
 * Exchanges the apikey for a new one (POST /api/account/refresh) shortly before it expires,
 * so that a user at work is not signed out; the server lets the old one finish requests in
 * flight. Tabs share the stored apikey: a tab that finds another's newer apikey takes it over
 * instead of exchanging its own (which the server would refuse: an apikey is exchanged once).
 */
export function useSessionRenewal({ apikey, expiresAt, renew, adopt, signOut }: RenewalOptions) {
  useEffect(() => {
    if (!apikey || !expiresAt) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      const stored = readStored(STORAGE_KEYS.apikey);
      if (stored && stored !== apikey) {
        adopt(stored);
        return;
      }
      callApi(accountRoutes.refresh).then(
        (token) => {
          if (!cancelled) renew(token);
        },
        (error: unknown) => {
          if (cancelled) return;
          const newer = readStored(STORAGE_KEYS.apikey);
          if (newer && newer !== apikey) adopt(newer);
          // Expired or idle too long: sign in again. A network failure keeps the apikey.
          else if (isApiRequestError(error) && error.status === 401) signOut();
        },
      );
    }, renewalDelay(expiresAt));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [apikey, expiresAt, renew, adopt, signOut]);
}
