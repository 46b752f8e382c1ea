import { useState } from 'react';
import { useNavigate } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { userMenuItems } from './user-menu-items';

/**
 * spec §2 user menu: profile, add organisation (issue 24: joining by code or creating one, as
 * on /account/addorg) and logout, which returns to /.
 */
export function UserMenu() {
  const { t } = useI18n();
  const { user } = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (to: string, state?: unknown) => {
    setAnchor(null);
    void navigate(to, { state });
  };

  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label={t('toolbar.userMenu')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="user-menu"
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {userMenuItems(t, go, user?.displayName)}
      </Menu>
    </>
  );
}
