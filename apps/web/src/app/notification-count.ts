import { useEffect } from 'react';
import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invalidateTables } from '../schema-ui/api';
import { followUnreadCount } from './notification-stream';
import { useSession } from './session';

/**
 * spec §3 notification count.unread of the signed-in user, across every organisation they
 * belong to (issue 26). The live stream writes it, and so do the notification calls that
 * answer it (list, mark read or unread).
 */
export const unreadCountQueryKey = ['notification', 'unread'] as const;

export function setUnreadCount(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData(unreadCountQueryKey, unread);
}

/** The last unread count heard; undefined until the stream or a notification call says. */
export function useUnreadCount(): number | undefined {
  return useQuery<number>({
    queryKey: unreadCountQueryKey,
    queryFn: skipToken,
    staleTime: Infinity,
  }).data;
}

/**
 * Keeps the unread count live while mounted (the toolbar): one stream per signed-in user,
 * ended on sign-out. A change of organisation keeps it: the count is the user's, not the
 * organisation's.
 */
export function useUnreadCountStream(): void {
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const userId = status === 'signedIn' ? (user?.userId ?? null) : null;

  useEffect(() => {
    if (userId === null) return;
    const controller = new AbortController();
    let heard: number | undefined;
    void followUnreadCount({
      signal: controller.signal,
      onCount: (unread) => {
        // A new notification means documents moved (to this user, or back to them): the tiles,
        // lists and open documents are read again, so they show it without a reload.
        if (heard !== undefined && unread > heard) void invalidateTables(queryClient, ['doc']);
        heard = unread;
        setUnreadCount(queryClient, unread);
      },
    });
    return () => controller.abort();
  }, [queryClient, userId]);
}
