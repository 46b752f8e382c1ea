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

const listKey = (organizationId: string | null) => ['notification', organizationId, 'list'];

/**
 * GET /api/notification: the user's notifications in the organisation, newest first, a page
 * at a time along the cursor; all of them, or only the unread. Each answer's unread count
 * also updates the toolbar's badge.
 */
export function useNotifications(organizationId: string | null, isUnreadOnly: boolean) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: [...listKey(organizationId), isUnreadOnly],
    queryFn: async ({ pageParam, signal }) => {
      const page = await callApi(notificationRoutes.list, {
        query: {
          count: NOTIFICATION_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(isUnreadOnly ? { unread: 'true' as const } : {}),
        },
        signal,
      });
      setUnreadCount(queryClient, organizationId, page.count.unread);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: organizationId !== null,
  });
}

/** Reads the list again, e.g. when the live count says something changed. */
export function refreshNotifications(queryClient: QueryClient, organizationId: string | null) {
  return queryClient.invalidateQueries({ queryKey: listKey(organizationId) });
}

/**
 * PUT /api/notification/{id}/read. The lists shown mark it read at once and the badge takes
 * the count answered; a failure is left to the next load (the document opens regardless).
 */
export async function markNotificationRead(
  queryClient: QueryClient,
  organizationId: string | null,
  id: string,
): Promise<void> {
  const answer = await callApi(notificationRoutes.read, { params: { id } });
  setUnreadCount(queryClient, organizationId, answer.count.unread);
  queryClient.setQueriesData<InfiniteData<NotificationList>>(
    { queryKey: listKey(organizationId) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === id ? { ...item, read: true } : item)),
        })),
      },
  );
}
