import { useState } from 'react';
import { useNavigate } from 'react-router';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import IntakeIcon from '@mui/icons-material/MoveToInboxOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import MoreIcon from '@mui/icons-material/MoreVert';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import ReportsIcon from '@mui/icons-material/BarChartOutlined';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { userMenuItems } from './user-menu-items';

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
        {userMenuItems(t, go, user?.displayName)}
      </Menu>
    </>
  );
}
