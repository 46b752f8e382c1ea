import { useState } from 'react';
import { useNavigate } from 'react-router';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import IntakeIcon from '@mui/icons-material/MoveToInboxOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LogoutIcon from '@mui/icons-material/Logout';
import MoreIcon from '@mui/icons-material/MoreVert';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import PersonIcon from '@mui/icons-material/Person';
import ReportsIcon from '@mui/icons-material/BarChartOutlined';
import { useI18n } from '../i18n';
import { SIGN_OUT_STATE } from '../root-redirect';
import { useSession } from '../session';

/**
 * Issue 26: the toolbar's "more" menu on a phone. Code lists, payments, incoming mail, the
 * languages and the user menu's items (profile, add organisation, sign out), which the wide
 * toolbar shows as buttons of their own.
 */
export function MoreMenu() {
  const { t, locale, setLocale, languages } = useI18n();
  const { user, activeOrganization } = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (to: string, state?: unknown) => {
    setAnchor(null);
    void navigate(to, { state });
  };
  const org = activeOrganization ? `/o/${activeOrganization.id}` : null;

  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label={t('toolbar.more')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="toolbar-more"
      >
        <MoreIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {org && [
          <MenuItem key="cl" onClick={() => go(`${org}/cl`)} data-testid="code-lists-button">
            <ListItemIcon>
              <ListAltIcon fontSize="small" />
            </ListItemIcon>
            {t('toolbar.codeLists')}
          </MenuItem>,
          <MenuItem key="pay" onClick={() => go(`${org}/payments`)} data-testid="payments-button">
            <ListItemIcon>
              <PaymentsIcon fontSize="small" />
            </ListItemIcon>
            {t('toolbar.payments')}
          </MenuItem>,
          <MenuItem key="reports" onClick={() => go(`${org}/reports`)} data-testid="reports-button">
            <ListItemIcon>
              <ReportsIcon fontSize="small" />
            </ListItemIcon>
            {t('toolbar.reports')}
          </MenuItem>,
          <MenuItem key="intake" onClick={() => go(`${org}/intake`)} data-testid="intake-button">
            <ListItemIcon>
              <IntakeIcon fontSize="small" />
            </ListItemIcon>
            {t('toolbar.intake')}
          </MenuItem>,
          <Divider key="d1" />,
        ]}
        <ListSubheader>{t('toolbar.language')}</ListSubheader>
        {languages.map((language) => (
          <MenuItem
            key={language.code}
            lang={language.code}
            selected={language.code === locale}
            data-testid={`language-${language.code}`}
            onClick={() => {
              setAnchor(null);
              setLocale(language.code);
            }}
          >
            {language.name}
          </MenuItem>
        ))}
        <Divider />
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
