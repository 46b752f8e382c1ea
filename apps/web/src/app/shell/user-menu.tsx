import { useState } from 'react';
import { useNavigate } from 'react-router';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { useI18n } from '../i18n';
import { SIGN_OUT_STATE } from '../root-redirect';
import { useSession } from '../session';

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
        <ListSubheader data-testid="user-menu-name">{user?.displayName}</ListSubheader>
        <MenuItem onClick={() => go('/account/profile')} data-testid="user-menu-profile">
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('toolbar.profile')}
        </MenuItem>
        <MenuItem onClick={() => go('/account/addorg')} data-testid="user-menu-addorg">
          <ListItemIcon>
            <AddBusinessIcon fontSize="small" />
          </ListItemIcon>
          {t('toolbar.addOrganization')}
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => go('/', SIGN_OUT_STATE)} data-testid="logout">
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('toolbar.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
