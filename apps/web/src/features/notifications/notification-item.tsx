import { Link } from 'react-router';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import UnreadIcon from '@mui/icons-material/FiberManualRecord';
import type { Notification } from '@listina/contract';
import { useI18n } from '../../app/i18n';
import { formatDateTime } from '../../schema-ui/grid/columns';

interface NotificationItemProps {
  notification: Notification;
  organizationId: string;
  /** Clicked: it is marked read, and its document (if any) opens. */
  onOpen: () => void;
}

/** One notification: what happened, when, about which document and with what comment. */
export function NotificationItem({ notification, organizationId, onOpen }: NotificationItemProps) {
  const { t } = useI18n();
  const isUnread = !notification.read;
  const when = [formatDateTime(notification.createdAt), notification.documentTitle]
    .filter((part) => part)
    .join(' · ');
  const link = notification.documentKey
    ? { component: Link, to: `/o/${organizationId}/work/edit/${notification.documentKey}` }
    : {};
  return (
    <ListItemButton
      {...link}
      onClick={onOpen}
      divider
      sx={{ bgcolor: isUnread ? 'action.hover' : undefined, alignItems: 'flex-start' }}
      data-testid="notification-item"
      data-read={String(notification.read)}
    >
      <ListItemIcon sx={{ minWidth: 28, mt: 1 }}>
        {isUnread && (
          <UnreadIcon
            color="primary"
            sx={{ fontSize: 12 }}
            titleAccess={t('notification.page.unread')}
          />
        )}
      </ListItemIcon>
      <ListItemText
        primary={notification.text}
        secondary={
          <>
            {when}
            {notification.comment && (
              <Box
                component="span"
                sx={{ display: 'block', fontStyle: 'italic', whiteSpace: 'pre-line' }}
                data-testid="notification-comment"
              >
                {notification.comment}
              </Box>
            )}
          </>
        }
        slotProps={{ primary: { sx: { fontWeight: isUnread ? 600 : 400 } } }}
      />
    </ListItemButton>
  );
}
