import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import type { ReactElement } from 'react';
import type { TFunction } from '../i18n';
import { SIGN_OUT_STATE } from '../root-redirect';

/**
 * The user menu's items: the user's name, profile, add organisation and sign out. Both the wide
 * toolbar's user menu and the phone's "more" menu (issue 26) show them, so they are listed once
 * here and cannot drift apart. Returned as a keyed array because MUI's Menu wants its items as
 * direct children (a fragment would break its keyboard focus handling).
 */
export function userMenuItems(
  t: TFunction,
  go: (to: string, state?: unknown) => void,
  displayName: string | undefined,
): ReactElement[] {
  return [
    <ListSubheader key="name" data-testid="user-menu-name">
      {displayName}
    </ListSubheader>,
    <MenuItem key="profile" onClick={() => go('/account/profile')} data-testid="user-menu-profile">
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      {t('toolbar.profile')}
    </MenuItem>,
    <MenuItem key="addorg" onClick={() => go('/account/addorg')} data-testid="user-menu-addorg">
      <ListItemIcon>
        <AddBusinessIcon fontSize="small" />
      </ListItemIcon>
      {t('toolbar.addOrganization')}
    </MenuItem>,
    <Divider key="d" />,
    <MenuItem key="logout" onClick={() => go('/', SIGN_OUT_STATE)} data-testid="logout">
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      {t('toolbar.logout')}
    </MenuItem>,
  ];
}
