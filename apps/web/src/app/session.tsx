import {
  createContext,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountRoutes, type AuthToken, type Organization, type Session } from '@listina/contract';
import { callApi } from '../api/client';
import { setApiContext } from '../api/context';
import { useI18n } from './i18n';
import { pickActiveOrganization, sortOrganizations } from './organizations';
import { effectiveRoles, isAdmin } from './roles';
import { useSessionRenewal } from './session-renewal';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

export type SessionStatus = 'anonymous' | 'loading' | 'signedIn' | 'failed';

export interface SessionValue {
  status: SessionStatus;
  user: Session | null;
  /** Sorted by name. */
  organizations: Organization[];
  activeOrganization: Organization | null;
  roles: string[];
  isAdmin: boolean;
  loadError: unknown;
  retry: () => void;
  signIn: (token: AuthToken) => void;
  signOut: () => void;
  selectOrganization: (id: string) => void;
  addOrganization: (organization: Organization) => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export const meQueryKey = (apikey: string | null) => ['account', 'me', apikey] as const;

function initialApikey(): string | null {
  const apikey = readStored(STORAGE_KEYS.apikey);
  setApiContext({ apikey });
  return apikey;
}

/** The apikey kept in local storage and in the API context, with sign-in and sign-out. */
function useApikey() {
  const queryClient = useQueryClient();
  const { setLocale } = useI18n();
  const [apikey, setApikey] = useState<string | null>(initialApikey);

  // Answers given to another user must not show to this one: forget all but the texts.
  const forgetAnswers = useCallback(
    () => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'translation' }),
    [queryClient],
  );

  const signIn = useCallback(
    (token: AuthToken) => {
      const { apikey: newApikey, ...session } = token;
      writeStored(STORAGE_KEYS.apikey, newApikey);
      setApiContext({ apikey: newApikey });
      forgetAnswers();
      queryClient.setQueryData(meQueryKey(newApikey), session);
      // spec §1 (issue 24): the language saved in the profile is the language after sign-in.
      setLocale(session.localeSettings.locale);
      setApikey(newApikey);
    },
    [queryClient, forgetAnswers, setLocale],
  );

  const signOut = useCallback(() => {
    writeStored(STORAGE_KEYS.apikey, null);
    setApiContext({ apikey: null });
    forgetAnswers();
    setApikey(null);
  }, [forgetAnswers]);

  // The same user's new apikey (POST /api/account/refresh): every answer stays.
  const renew = useCallback(
    (token: AuthToken) => {
      const { apikey: newApikey, ...session } = token;
      writeStored(STORAGE_KEYS.apikey, newApikey);
      setApiContext({ apikey: newApikey });
      queryClient.setQueryData(meQueryKey(newApikey), session);
      setApikey(newApikey);
    },
    [queryClient],
  );

  // An apikey another tab stored (a renewal, another sign-in): it may be another user's.
  const adopt = useCallback(
    (newApikey: string) => {
      setApiContext({ apikey: newApikey });
      forgetAnswers();
      setApikey(newApikey);
    },
    [forgetAnswers],
  );

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.apikey) return;
      if (event.newValue) adopt(event.newValue);
      else signOut();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [adopt, signOut]);

  // spec §8: a 401 from any call ends the session; the guard then asks for a sign-in.
  useEffect(() => {
    setApiContext({ onUnauthorized: signOut });
    return () => setApiContext({ onUnauthorized: null });
  }, [signOut]);

  return { apikey, signIn, signOut, renew, adopt };
}

/** spec §4: the stored organisation when the user still belongs to it, else the first. */
function useActiveOrganization(organizations: Organization[]) {
  const [storedId, setStoredId] = useState(() => readStored(STORAGE_KEYS.organizationId));
  const activeOrganization = pickActiveOrganization(organizations, storedId);
  const activeId = activeOrganization?.id ?? null;

  const selectOrganization = useCallback((id: string) => {
    writeStored(STORAGE_KEYS.organizationId, id);
    setApiContext({ organizationId: id });
    setStoredId(id);
  }, []);

  // Keeps the organization-id header on the organisation the user sees.
  useLayoutEffect(() => {
    setApiContext({ organizationId: activeId });
    if (activeId) writeStored(STORAGE_KEYS.organizationId, activeId);
  }, [activeId]);

  return { activeOrganization, selectOrganization };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { locale } = useI18n();
  const queryClient = useQueryClient();
  const { apikey, signIn, signOut, renew, adopt } = useApikey();
  const me = useQuery({
    queryKey: meQueryKey(apikey),
    queryFn: ({ signal }) => callApi(accountRoutes.me, { signal }),
    enabled: apikey !== null,
    staleTime: Infinity,
    retry: false,
  });
  const user = apikey !== null ? (me.data ?? null) : null;
  useSessionRenewal({ apikey, expiresAt: user?.expiresAt, renew, adopt, signOut });
  const organizations = useMemo(
    () => sortOrganizations(user?.organizations ?? [], locale),
    [user, locale],
  );
  const { activeOrganization, selectOrganization } = useActiveOrganization(organizations);

  const addOrganization = useCallback(
    (organization: Organization) => {
      queryClient.setQueryData<Session>(
        meQueryKey(apikey),
        (old) =>
          old && {
            ...old,
            organizations: [
              ...old.organizations.filter((o) => o.id !== organization.id),
              organization,
            ],
          },
      );
      void queryClient.invalidateQueries({ queryKey: meQueryKey(apikey) });
    },
    [queryClient, apikey],
  );

  const { refetch, isError, error } = me;
  const value = useMemo<SessionValue>(() => {
    const roles = effectiveRoles(user?.roles ?? [], activeOrganization);
    return {
      status: sessionStatus(apikey, user, isError),
      user,
      organizations,
      activeOrganization,
      roles,
      isAdmin: isAdmin(roles),
      loadError: error,
      retry: () => void refetch(),
      signIn,
      signOut,
      selectOrganization,
      addOrganization,
    };
  }, [
    apikey,
    user,
    isError,
    error,
    refetch,
    organizations,
    activeOrganization,
    signIn,
    signOut,
    selectOrganization,
    addOrganization,
  ]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

function sessionStatus(apikey: string | null, user: Session | null, failed: boolean) {
  if (apikey === null) return 'anonymous';
  if (user) return 'signedIn';
  return failed ? 'failed' : 'loading';
}

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
