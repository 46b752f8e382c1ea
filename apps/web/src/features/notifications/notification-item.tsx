import { Link } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import UnreadIcon from '@mui/icons-material/FiberManualRecord';
import MarkReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MarkUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import type { Notification } from '@listina/contract';
import { useI18n } from '../../app/i18n';
import { formatDateTime } from '../../schema-ui/grid/columns';

interface NotificationItemProps {
  notification: Notification;
  /** The user belongs to more than one organisation: each item says whose it is. */
  showsOrganization: boolean;
  /** Clicked: it is marked read, and its document (if any) opens in its organisation. */
  onOpen: () => void;
  /** Its read/unread action: marks it read, or unread again. */
  onToggleRead: () => void;
}

/**
 * One notification: what happened, when, in which organisation, about which document and
 * with what comment; beside it the action that marks it read or unread again.
 */
export function NotificationItem({
  notification,
  showsOrganization,
  onOpen,
  onToggleRead,
}: NotificationItemProps) {
  const { t } = useI18n();
  const isUnread = !notification.read;
  const when = [formatDateTime(notification.createdAt), notification.documentTitle]
    .filter((part) => part)
    .join(' · ');
  // The organisation's own path: opening a document of another organisation switches to it
  // there (OrganizationRoute), as the organisation switcher does.
  const link = notification.documentKey
    ? {
        component: Link,
        to: `/o/${notification.organizationKey}/work/edit/${notification.documentKey}`,
      }
    : {};
  const toggleLabel = isUnread
    ? t('notification.page.markRead')
    : t('notification.page.markUnread');
  return (
    <ListItem
      disablePadding
      divider
      secondaryAction={
        <Tooltip title={toggleLabel}>
          <IconButton
            edge="end"
            aria-label={toggleLabel}
            onClick={onToggleRead}
            data-testid="notification-toggle-read"
          >
            {isUnread ? <MarkReadIcon /> : <MarkUnreadIcon />}
          </IconButton>
        </Tooltip>
      }
    >
      <ListItemButton
        {...link}
        onClick={onOpen}
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
              {showsOrganization && (
                <Box
                  component="span"
                  sx={{ display: 'block', fontWeight: 500, color: 'text.primary' }}
                  data-testid="notification-organization"
                >
                  {notification.organizationName}
                </Box>
              )}
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
    </ListItem>
  );
}
