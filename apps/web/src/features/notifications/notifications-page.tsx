import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Notification } from '@listina/contract';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { useUnreadCount } from '../../app/notification-count';
import { useSession } from '../../app/session';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { NotificationItem } from './notification-item';
import { markNotificationRead, refreshNotifications, useNotifications } from './notifications-api';

/** The most a notifications page is wide: a list of sentences reads badly wider. */
const PAGE_MAX_WIDTH = 900;

/**
 * /notifications (spec §2): the user's notifications in all their organisations (issue 26),
 * newest first, more on demand; unread ones stand out, each names its organisation when the
 * user has several. Opening one marks it read and opens its document in its organisation;
 * each can be marked unread again (or read). "Show unread only" is kept in the address
 * (?unread=1). It needs no active organisation.
 */
export function NotificationsPage() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const { organizations } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const isUnreadOnly = searchParams.get('unread') === '1';
  const list = useNotifications(isUnreadOnly);
  const unread = useUnreadCount();
  const [markError, setMarkError] = useState<string | null>(null);
  useRefreshOnNewCount(unread);

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const showsOrganization = organizations.length > 1;

  const mark = (notification: Notification, read: boolean) => {
    setMarkError(null);
    markNotificationRead(queryClient, notification.id, read).catch((error: unknown) =>
      setMarkError(formatApiError(error, t)),
    );
  };
  const open = (notification: Notification) => {
    setMarkError(null);
    if (!notification.read) mark(notification, true);
  };

  return (
    <Paper sx={{ p: 2, maxWidth: PAGE_MAX_WIDTH, mx: 'auto' }} data-testid="notifications-page">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h1">
          {t('notification.title')}
        </Typography>
        {unread !== undefined && (
          <Typography color="text.secondary" data-testid="notifications-unread-count">
            {t('notification.page.unreadCount', [unread])}
          </Typography>
        )}
        <FormControlLabel
          sx={{ ml: 'auto' }}
          label={t('notification.page.unreadOnly')}
          control={
            <Switch
              checked={isUnreadOnly}
              onChange={(event) =>
                setSearchParams(event.target.checked ? { unread: '1' } : {}, { replace: true })
              }
              slotProps={{ input: { 'data-testid': 'notifications-unread-only' } as object }}
            />
          }
        />
        <Link
          component={RouterLink}
          to="/account/profile#notifications"
          data-testid="notifications-settings-link"
        >
          {t('notification.page.settings')}
        </Link>
      </Stack>
      <MessageAlert message={markError} testId="notifications-mark-error" />
      {list.isError && (
        <MessageAlert message={formatApiError(list.error, t)} testId="notifications-error" />
      )}
      {list.isPending && <CenteredProgress />}
      {list.isSuccess && items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }} data-testid="notifications-empty">
          {isUnreadOnly ? t('notification.page.emptyUnread') : t('notification.page.empty')}
        </Typography>
      )}
      {items.length > 0 && (
        <List disablePadding data-testid="notifications-list">
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              showsOrganization={showsOrganization}
              onOpen={() => open(notification)}
              onToggleRead={() => mark(notification, !notification.read)}
            />
          ))}
        </List>
      )}
      {list.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
            data-testid="notifications-load-more"
          >
            {t('notification.page.loadMore')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/** A new notification (the live count changed) shows without reloading the page. */
function useRefreshOnNewCount(unread: number | undefined) {
  const queryClient = useQueryClient();
  const last = useRef(unread);
  useEffect(() => {
    const previous = last.current;
    last.current = unread;
    if (previous !== undefined && unread !== undefined && unread > previous) {
      void refreshNotifications(queryClient);
    }
  }, [queryClient, unread]);
}
