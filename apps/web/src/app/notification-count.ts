import { useEffect } from 'react';
import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invalidateTables } from '../schema-ui/api';
import { followUnreadCount } from './notification-stream';
import { useSession } from './session';

/**
 * spec §3 notification count.unread of the signed-in user in an organisation. The live
 * stream writes it, and so do the notification calls that answer it (list, mark read).
 */
export const unreadCountQueryKey = (organizationId: string | null) =>
  ['notification', organizationId, 'unread'] as const;

export function setUnreadCount(
  queryClient: QueryClient,
  organizationId: string | null,
  unread: number,
): void {
  queryClient.setQueryData(unreadCountQueryKey(organizationId), unread);
}

/** The last unread count heard; undefined until the stream or a notification call says. */
export function useUnreadCount(organizationId: string | null): number | undefined {
  return useQuery<number>({
    queryKey: unreadCountQueryKey(organizationId),
    queryFn: skipToken,
    staleTime: Infinity,
  }).data;
}

/**
 * Keeps the unread count of the active organisation live while mounted (the toolbar): one
 * stream per signed-in user and organisation, ended on sign-out or a change of organisation.
 */
export function useUnreadCountStream(): void {
  const queryClient = useQueryClient();
  const { status, user, activeOrganization } = useSession();
  const organizationId = status === 'signedIn' ? (activeOrganization?.id ?? null) : null;
  const userId = user?.userId ?? null;

  useEffect(() => {
    if (organizationId === null || userId === null) return;
    const controller = new AbortController();
    let heard: number | undefined;
    void followUnreadCount({
      organizationId,
      signal: controller.signal,
      onCount: (unread) => {
        // A new notification means documents moved (to this user, or back to them): the tiles,
        // lists and open documents are read again, so they show it without a reload.
        if (heard !== undefined && unread > heard) void invalidateTables(queryClient, ['doc']);
        heard = unread;
        setUnreadCount(queryClient, organizationId, unread);
      },
    });
    return () => controller.abort();
  }, [queryClient, organizationId, userId]);
}
