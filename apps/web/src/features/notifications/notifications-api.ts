import {
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { notificationRoutes, type NotificationList } from '@listina/contract';
import { callApi } from '../../api/client';
import { setUnreadCount } from '../../app/notification-count';

/** Notifications a page of the list holds. */
export const NOTIFICATION_PAGE_SIZE = 30;

const listKey = ['notification', 'list'] as const;

/**
 * GET /api/notification: the user's notifications in every organisation they belong to
 * (issue 26), newest first, a page at a time along the cursor; all of them, or only the
 * unread. Each answer's unread count also updates the toolbar's badge.
 */
export function useNotifications(isUnreadOnly: boolean) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: [...listKey, isUnreadOnly],
    queryFn: async ({ pageParam, signal }) => {
      const page = await callApi(notificationRoutes.list, {
        query: {
          count: NOTIFICATION_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(isUnreadOnly ? { unread: 'true' as const } : {}),
        },
        signal,
      });
      setUnreadCount(queryClient, page.count.unread);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Reads the list again, e.g. when the live count says something changed. */
export function refreshNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: listKey });
}

/**
 * PUT /api/notification/{id}/read with read true, or false to mark it unread again. The lists
 * shown change it at once (one marked read stays in the "unread only" list until it is loaded
 * again, so it does not vanish under the pointer) and the badge takes the count answered.
 */
export async function markNotificationRead(
  queryClient: QueryClient,
  id: string,
  read: boolean,
): Promise<void> {
  const answer = await callApi(notificationRoutes.read, { params: { id }, body: { read } });
  setUnreadCount(queryClient, answer.count.unread);
  queryClient.setQueriesData<InfiniteData<NotificationList>>({ queryKey: listKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === id ? { ...item, read } : item)),
          })),
        }
      : data,
  );
}
