import { Link } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { useI18n } from '../i18n';
import { useUnreadCount, useUnreadCountStream } from '../notification-count';

/** Badges show this at most ("99+"). */
const BADGE_MAX = 99;

/**
 * The toolbar's bell: the live unread count across all the user's organisations (issue 26),
 * shown with or without an active organisation; opens /notifications.
 */
export function NotificationsButton() {
  const { t } = useI18n();
  useUnreadCountStream();
  const unread = useUnreadCount() ?? 0;
  const shown = unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
  // The name holds the count as the badge shows it, and an empty badge has no text at all.
  const label = unread > 0 ? t('toolbar.notificationsUnread', [shown]) : t('toolbar.notifications');
  return (
    <Tooltip title={label}>
      <IconButton
        component={Link}
        to="/notifications"
        color="inherit"
        aria-label={label}
        data-testid="notifications-button"
      >
        <Badge
          badgeContent={unread > 0 ? unread : undefined}
          max={BADGE_MAX}
          color="error"
          // The button's name says the count; the badge only shows it.
          slotProps={{
            badge: { 'data-testid': 'notifications-badge', 'aria-hidden': true } as object,
          }}
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
